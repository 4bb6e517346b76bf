import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { accountStage, homePathFor } from '../../common/domain/account';
import { PageError } from '../components/page-error';
import { PageLoading } from '../components/page-loading';
import { useCurrentUser } from '../lib/current-user';
import { NeedsProfile, NeedsRole, RequireComplete, SignedOutOnly } from './guards';
import { AppShell } from './layouts/app-shell';
import { RouteError } from './route-error';
import { NotFoundPage } from '../pages/public/not-found-page';

// Visitors without a session get the landing document at / (decision 027); here, the landing page is reached by
// navigating to / inside the app (signing out, the brand link), so it loads with that navigation.
const LandingPage = lazy(() => import('../pages/public/landing-page').then((module) => ({ default: module.LandingPage })));

/** "/" is the landing page when signed out, role selection without a role, the dashboard otherwise (spec 2). */
function HomeRoute() {
  const { user, isLoading, error, refetch, isRefetching } = useCurrentUser();
  if (isLoading) return <PageLoading />;
  if (error && !user) return <PageError error={error} onRetry={refetch} retrying={isRefetching} />;
  if (!user)
    return (
      <Suspense fallback={<PageLoading />}>
        <LandingPage />
      </Suspense>
    );
  if (accountStage(user) === 'needs-role') return <Navigate to="/role-selection" replace />;
  return <Navigate to={homePathFor(user)} replace />;
}

const page = (load: () => Promise<Record<string, unknown>>, name: string) => async () => ({ Component: (await load())[name] as React.ComponentType });

const APP_SHELL = 'app-shell';

const routes: RouteObject[] = [
  { path: '/', element: <HomeRoute /> },
  {
    path: '/auth',
    lazy: async () => {
      const { AuthPage } = await import('../pages/account/auth-page');
      return {
        Component: () => (
          <SignedOutOnly>
            <AuthPage />
          </SignedOutOnly>
        ),
      };
    },
  },
  { path: '/forgot-password', lazy: page(() => import('../pages/account/forgot-password-page'), 'ForgotPasswordPage') },
  { path: '/reset-password', lazy: page(() => import('../pages/account/reset-password-page'), 'ResetPasswordPage') },
  { path: '/privacy', lazy: page(() => import('../pages/public/privacy-page'), 'PrivacyPage') },
  { path: '/terms', lazy: page(() => import('../pages/public/terms-page'), 'TermsPage') },
  { path: '/contact', lazy: page(() => import('../pages/public/contact-page'), 'ContactPage') },
  { path: '/help', lazy: page(() => import('../pages/public/help-page'), 'HelpPage') },
  { path: '/cookies', lazy: page(() => import('../pages/public/cookies-page'), 'CookiesPage') },
  { path: '/unsubscribe', lazy: page(() => import('../pages/public/unsubscribe-page'), 'UnsubscribePage') },
  // The signed outcome (issue 26): checking a sealed PDF, and a party signing by the link e-mailed to them; no account.
  { path: '/verify', lazy: page(() => import('../pages/public/verify-page'), 'VerifyPage') },
  { path: '/sign/:token', lazy: page(() => import('../pages/signing/party-sign-page'), 'PartySignPage') },
  { path: '/invitations/:token', lazy: page(() => import('../pages/invitations/invitation-page'), 'InvitationPage') },
  {
    element: <NeedsRole />,
    children: [{ path: '/role-selection', lazy: page(() => import('../pages/account/role-selection-page'), 'RoleSelectionPage') }],
  },
  {
    element: <NeedsProfile role="lawyer" />,
    children: [{ path: '/onboarding/lawyer', lazy: page(() => import('../pages/account/onboarding-lawyer-page'), 'OnboardingLawyerPage') }],
  },
  {
    element: <NeedsProfile role="mediator" />,
    children: [{ path: '/onboarding/mediator', lazy: page(() => import('../pages/account/onboarding-mediator-page'), 'OnboardingMediatorPage') }],
  },
  {
    id: APP_SHELL,
    element: (
      <RequireComplete>
        <AppShell />
      </RequireComplete>
    ),
    children: [
      { path: '/dashboard', lazy: page(() => import('../pages/app/dashboard-page'), 'DashboardPage') },
      { path: '/profile', lazy: page(() => import('../pages/app/profile-page'), 'ProfilePage') },
      { path: '/notifications', lazy: page(() => import('../pages/app/notifications-page'), 'NotificationsPage') },
      { path: '/requests', lazy: page(() => import('../pages/requests/requests-page'), 'RequestsPage') },
      {
        element: <RequireComplete roles={['lawyer']} />,
        children: [{ path: '/requests/new', lazy: page(() => import('../pages/requests/new-request-page'), 'NewRequestPage') }],
      },
      { path: '/requests/:id', lazy: page(() => import('../pages/requests/request-detail-page'), 'RequestDetailPage') },
      {
        element: <RequireComplete roles={['mediator']} />,
        children: [
          { path: '/acceptances', lazy: page(() => import('../pages/requests/acceptances-page'), 'AcceptancesPage') },
          // The week's sessions (issue 25).
          { path: '/calendar', lazy: page(() => import('../pages/app/calendar-page'), 'CalendarPage') },
        ],
      },
      { path: '/messages', lazy: page(() => import('../pages/messages/messages-page'), 'MessagesPage') },
      { path: '/messages/:requestId', lazy: page(() => import('../pages/messages/thread-page'), 'ThreadPage') },
      {
        element: <RequireComplete roles={['mediator']} />,
        children: [
          { path: '/subscription', lazy: page(() => import('../pages/subscription/subscription-page'), 'SubscriptionPage') },
          {
            path: '/subscription/charges/:id/receipt',
            lazy: page(() => import('../pages/subscription/charge-receipt-page'), 'ChargeReceiptPage'),
          },
        ],
      },
      {
        element: <RequireComplete roles={['mediator']} />,
        children: [{ path: '/reviews', lazy: page(() => import('../pages/reviews/reviews-page'), 'ReviewsPage') }],
      },
      { path: '/payments', lazy: page(() => import('../pages/payments/payments-page'), 'PaymentsPage') },
      { path: '/payments/:id/receipt', lazy: page(() => import('../pages/payments/receipt-page'), 'ReceiptPage') },
      {
        // The admin area (issue 9): one route per tab; the sidebar's /admin/... links open the matching tab.
        element: <RequireComplete roles={['admin']} />,
        children: [
          { path: '/admin', lazy: page(() => import('../pages/admin/overview-page'), 'OverviewPage') },
          { path: '/admin/dashboard', lazy: page(() => import('../pages/admin/overview-page'), 'OverviewPage') },
          { path: '/admin/analytics', lazy: page(() => import('../pages/admin/overview-page'), 'OverviewPage') },
          { path: '/admin/users', lazy: page(() => import('../pages/admin/users-page'), 'UsersPage') },
          { path: '/admin/mediations', lazy: page(() => import('../pages/admin/mediations-page'), 'MediationsPage') },
          { path: '/admin/payments', lazy: page(() => import('../pages/admin/payments-page'), 'PaymentsPage') },
          { path: '/admin/ratings', lazy: page(() => import('../pages/admin/ratings-page'), 'RatingsPage') },
          { path: '/admin/settings', lazy: page(() => import('../pages/admin/settings-page'), 'SettingsPage') },
          { path: '/admin/support', lazy: page(() => import('../pages/admin/support-page'), 'SupportPage') },
          { path: '/admin/audit', lazy: page(() => import('../pages/admin/audit-page'), 'AuditPage') },
          { path: '/admin/disputes', lazy: page(() => import('../pages/admin/disputes-page'), 'DisputesPage') },
          { path: '/admin/*', lazy: page(() => import('../pages/admin/admin-not-found-page'), 'AdminNotFoundPage') },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * Gives every route an errorElement (a new route cannot forget one). Inside the signed-in shell the error shows in
 * the shell's main area; elsewhere it is a page of its own.
 */
function withErrorElements(list: RouteObject[], inShell = false): RouteObject[] {
  return list.map((route): RouteObject => {
    const errorElement = <RouteError standalone={!inShell} />;
    if (route.index) return { ...route, errorElement };
    return { ...route, errorElement, children: route.children && withErrorElements(route.children, inShell || route.id === APP_SHELL) };
  });
}

export const router = createBrowserRouter(withErrorElements(routes));

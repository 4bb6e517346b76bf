import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { accountStage, homePathFor } from '../../common/domain/account';
import { PageError } from '../components/page-error';
import { PageLoading } from '../components/page-loading';
import { useCurrentUser } from '../lib/current-user';
import { NeedsProfile, NeedsRole, RequireComplete, SignedOutOnly } from './guards';
import { RouteBoundary } from './route-error';

// React Router's declarative mode (<BrowserRouter> in main.tsx, useRoutes here; docs/decisions/058): the app uses no
// loader, action, fetcher or blocker, so the data router's code (about 13 KB gzip in every first load) bought nothing
// but lazy routes and error elements, which React.lazy and RouteBoundary give.

/** What a route loads before it can draw: preloadRoute fetches it for the first page before the app renders. */
interface Handle {
  load: () => Promise<unknown>;
}

/**
 * A route whose element is the export `name` of a module loaded when the route is first shown (it suspends until
 * then), or drawn at once when preloadRoute has fetched it already.
 */
function lazyRoute(
  load: () => Promise<Record<string, unknown>>,
  name: string,
  wrap = (node: React.ReactNode) => node,
): { element: React.ReactNode; handle: Handle } {
  let loaded: ComponentType | undefined;
  const fetch = () => load().then((module) => (loaded = module[name] as ComponentType));
  const Lazy = lazy(async () => ({ default: await fetch() }));
  const Route = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return { element: wrap(<Route />), handle: { load: fetch } };
}

const page = (load: () => Promise<Record<string, unknown>>, name: string) => lazyRoute(load, name);

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

const APP_SHELL = 'app-shell';

const routes: RouteObject[] = [
  { path: '/', element: <HomeRoute /> },
  {
    path: '/auth',
    ...lazyRoute(
      () => import('../pages/account/auth-page'),
      'AuthPage',
      (node) => <SignedOutOnly>{node}</SignedOutOnly>,
    ),
  },
  { path: '/forgot-password', ...page(() => import('../pages/account/forgot-password-page'), 'ForgotPasswordPage') },
  { path: '/reset-password', ...page(() => import('../pages/account/reset-password-page'), 'ResetPasswordPage') },
  { path: '/privacy', ...page(() => import('../pages/public/privacy-page'), 'PrivacyPage') },
  { path: '/terms', ...page(() => import('../pages/public/terms-page'), 'TermsPage') },
  { path: '/contact', ...page(() => import('../pages/public/contact-page'), 'ContactPage') },
  { path: '/help', ...page(() => import('../pages/public/help-page'), 'HelpPage') },
  { path: '/cookies', ...page(() => import('../pages/public/cookies-page'), 'CookiesPage') },
  { path: '/unsubscribe', ...page(() => import('../pages/public/unsubscribe-page'), 'UnsubscribePage') },
  // The signed outcome (issue 26): checking a sealed PDF, and a party signing by the link e-mailed to them; no account.
  { path: '/verify', ...page(() => import('../pages/public/verify-page'), 'VerifyPage') },
  { path: '/sign/:token', ...page(() => import('../pages/signing/party-sign-page'), 'PartySignPage') },
  { path: '/invitations/:token', ...page(() => import('../pages/invitations/invitation-page'), 'InvitationPage') },
  {
    element: <NeedsRole />,
    children: [{ path: '/role-selection', ...page(() => import('../pages/account/role-selection-page'), 'RoleSelectionPage') }],
  },
  {
    element: <NeedsProfile role="lawyer" />,
    children: [{ path: '/onboarding/lawyer', ...page(() => import('../pages/account/onboarding-lawyer-page'), 'OnboardingLawyerPage') }],
  },
  {
    element: <NeedsProfile role="mediator" />,
    children: [{ path: '/onboarding/mediator', ...page(() => import('../pages/account/onboarding-mediator-page'), 'OnboardingMediatorPage') }],
  },
  {
    id: APP_SHELL,
    // The shell's layout is code of its own: the sign-in page and the public pages do not load it; preloadRoute fetches
    // it side by side with the page's module for a first load.
    ...lazyRoute(
      () => import('./layouts/app-shell'),
      'AppShell',
      (node) => <RequireComplete>{node}</RequireComplete>,
    ),
    children: [
      { path: '/dashboard', ...page(() => import('../pages/app/dashboard-page'), 'DashboardPage') },
      { path: '/profile', ...page(() => import('../pages/app/profile-page'), 'ProfilePage') },
      { path: '/notifications', ...page(() => import('../pages/app/notifications-page'), 'NotificationsPage') },
      { path: '/requests', ...page(() => import('../pages/requests/requests-page'), 'RequestsPage') },
      {
        element: <RequireComplete roles={['lawyer']} />,
        children: [{ path: '/requests/new', ...page(() => import('../pages/requests/new-request-page'), 'NewRequestPage') }],
      },
      { path: '/requests/:id', ...page(() => import('../pages/requests/request-detail-page'), 'RequestDetailPage') },
      {
        element: <RequireComplete roles={['mediator']} />,
        children: [
          { path: '/acceptances', ...page(() => import('../pages/requests/acceptances-page'), 'AcceptancesPage') },
          // The week's sessions (issue 25).
          { path: '/calendar', ...page(() => import('../pages/app/calendar-page'), 'CalendarPage') },
        ],
      },
      { path: '/messages', ...page(() => import('../pages/messages/messages-page'), 'MessagesPage') },
      { path: '/messages/:requestId', ...page(() => import('../pages/messages/thread-page'), 'ThreadPage') },
      {
        element: <RequireComplete roles={['mediator']} />,
        children: [
          { path: '/subscription', ...page(() => import('../pages/subscription/subscription-page'), 'SubscriptionPage') },
          { path: '/subscription/charges/:id/receipt', ...page(() => import('../pages/subscription/charge-receipt-page'), 'ChargeReceiptPage') },
        ],
      },
      {
        element: <RequireComplete roles={['mediator']} />,
        children: [{ path: '/reviews', ...page(() => import('../pages/reviews/reviews-page'), 'ReviewsPage') }],
      },
      { path: '/payments', ...page(() => import('../pages/payments/payments-page'), 'PaymentsPage') },
      { path: '/payments/:id/receipt', ...page(() => import('../pages/payments/receipt-page'), 'ReceiptPage') },
      {
        // The admin area (issue 9): one route per tab; the sidebar's /admin/... links open the matching tab.
        element: <RequireComplete roles={['admin']} />,
        children: [
          { path: '/admin', ...page(() => import('../pages/admin/overview-page'), 'OverviewPage') },
          { path: '/admin/dashboard', ...page(() => import('../pages/admin/overview-page'), 'OverviewPage') },
          { path: '/admin/analytics', ...page(() => import('../pages/admin/overview-page'), 'OverviewPage') },
          { path: '/admin/users', ...page(() => import('../pages/admin/users-page'), 'UsersPage') },
          { path: '/admin/mediations', ...page(() => import('../pages/admin/mediations-page'), 'MediationsPage') },
          { path: '/admin/payments', ...page(() => import('../pages/admin/payments-page'), 'PaymentsPage') },
          { path: '/admin/ratings', ...page(() => import('../pages/admin/ratings-page'), 'RatingsPage') },
          { path: '/admin/settings', ...page(() => import('../pages/admin/settings-page'), 'SettingsPage') },
          { path: '/admin/support', ...page(() => import('../pages/admin/support-page'), 'SupportPage') },
          { path: '/admin/audit', ...page(() => import('../pages/admin/audit-page'), 'AuditPage') },
          { path: '/admin/disputes', ...page(() => import('../pages/admin/disputes-page'), 'DisputesPage') },
          { path: '/admin/*', ...page(() => import('../pages/admin/admin-not-found-page'), 'AdminNotFoundPage') },
        ],
      },
    ],
  },
  { path: '*', ...page(() => import('../pages/public/not-found-page'), 'NotFoundPage') },
];

/**
 * Gives every route an error boundary (a new route cannot forget one). Inside the signed-in shell the error shows in
 * the shell's main area; elsewhere it is a page of its own.
 */
function withBoundaries(list: RouteObject[], inShell = false): RouteObject[] {
  return list.map((route): RouteObject => {
    const element = <RouteBoundary standalone={!inShell}>{route.element ?? null}</RouteBoundary>;
    if (route.index) return { ...route, element };
    return { ...route, element, children: route.children && withBoundaries(route.children, inShell || route.id === APP_SHELL) };
  });
}

/** The app's routes, as useRoutes takes them (exported for the router's test). */
export const appRoutes = withBoundaries(routes);

/** The app's pages for the current URL. */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * Fetches the code of every route that draws `pathname` (the shell's layout and the page): main.tsx waits for it before
 * the first render, so the first page draws in one step, as the document's frame is replaced (decision 033).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  return Promise.all(matches.map(({ route }) => (route.handle as Handle | undefined)?.load()));
}

import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { accountStage, homePathFor, onboardingPath } from '../../common/domain/account';
import type { UserRole } from '../../common/enums';
import { useCurrentUser } from '../lib/current-user';
import { PageError } from '../components/page-error';
import { PageLoading } from '../components/page-loading';

// The redirect rules of spec 2 and 6, in one place.

/** Signed-out only (the /auth page): signed-in users go to /. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user, isLoading, error, refetch, isRefetching } = useCurrentUser();
  if (isLoading) return <PageLoading />;
  if (error && !user) return <PageError error={error} onRetry={refetch} retrying={isRefetching} />;
  if (user) return <Navigate to="/" replace />;
  return children;
}

/**
 * The signed-in user and what to render instead while it is unknown: a skeleton while loading, an error with
 * 'Try again' when it could not be read (not a trip to /auth: the session may be fine), /auth when signed out.
 */
function useSignedIn() {
  const location = useLocation();
  const { user, isLoading, error, refetch, isRefetching } = useCurrentUser();
  const toAuth = <Navigate to={`/auth?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  const waiting = isLoading ? <PageLoading /> : error && !user ? <PageError error={error} onRetry={refetch} retrying={isRefetching} /> : null;
  return { user, waiting, toAuth };
}

/** /role-selection: signed in without a role. */
export function NeedsRole() {
  const { user, waiting, toAuth } = useSignedIn();
  if (waiting) return waiting;
  if (!user) return toAuth;
  if (accountStage(user) !== 'needs-role') return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}

/** /onboarding/{role}: signed in, that role, profile not yet complete. */
export function NeedsProfile({ role }: { role: 'lawyer' | 'mediator' }) {
  const { user, waiting, toAuth } = useSignedIn();
  if (waiting) return waiting;
  if (!user) return toAuth;
  const stage = accountStage(user);
  if (stage === 'needs-role') return <Navigate to="/role-selection" replace />;
  if (stage === 'complete' || user.role !== role) return <Navigate to={stage === 'complete' ? homePathFor(user) : onboardingPath(user.role!)} replace />;
  return <Outlet />;
}

/** The signed-in product: a role and a completed profile, optionally one of some roles. */
export function RequireComplete({ roles, children }: { roles?: UserRole[]; children?: ReactNode }) {
  const { user, waiting, toAuth } = useSignedIn();
  if (waiting) return waiting;
  if (!user) return toAuth;
  if (accountStage(user) !== 'complete') return <Navigate to={homePathFor(user)} replace />;
  if (roles && (!user.role || !roles.includes(user.role))) return <Navigate to={homePathFor(user)} replace />;
  return children ?? <Outlet />;
}

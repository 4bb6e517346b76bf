import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { accountStage, homePathFor, onboardingPath } from '../../common/domain/account';
import type { UserRole } from '../../common/enums';
import { useCurrentUser } from '../features/auth/api';
import { PageLoading } from '../components/page-loading';

// The redirect rules of spec 2 and 6, in one place.

/** Signed-out only (the /auth page): signed-in users go to /. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoading />;
  if (user) return <Navigate to="/" replace />;
  return children;
}

function useSignedIn() {
  const location = useLocation();
  const { user, isLoading } = useCurrentUser();
  const toAuth = <Navigate to={`/auth?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return { user, isLoading, toAuth };
}

/** /role-selection: signed in without a role. */
export function NeedsRole() {
  const { user, isLoading, toAuth } = useSignedIn();
  if (isLoading) return <PageLoading />;
  if (!user) return toAuth;
  if (accountStage(user) !== 'needs-role') return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}

/** /onboarding/{role}: signed in, that role, profile not yet complete. */
export function NeedsProfile({ role }: { role: 'lawyer' | 'mediator' }) {
  const { user, isLoading, toAuth } = useSignedIn();
  if (isLoading) return <PageLoading />;
  if (!user) return toAuth;
  const stage = accountStage(user);
  if (stage === 'needs-role') return <Navigate to="/role-selection" replace />;
  if (stage === 'complete' || user.role !== role) return <Navigate to={stage === 'complete' ? homePathFor(user) : onboardingPath(user.role!)} replace />;
  return <Outlet />;
}

/** The signed-in product: a role and a completed profile, optionally one of some roles. */
export function RequireComplete({ roles, children }: { roles?: UserRole[]; children?: ReactNode }) {
  const { user, isLoading, toAuth } = useSignedIn();
  if (isLoading) return <PageLoading />;
  if (!user) return toAuth;
  if (accountStage(user) !== 'complete') return <Navigate to={homePathFor(user)} replace />;
  if (roles && (!user.role || !roles.includes(user.role))) return <Navigate to={homePathFor(user)} replace />;
  return children ?? <Outlet />;
}

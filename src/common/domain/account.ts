import type { UserRole } from '../enums';

/** A person's name as pages and documents print it; an account since deleted reads "Former user". */
export const personName = (u: { firstName: string; lastName: string } | undefined): string => (u ? `${u.firstName} ${u.lastName}`.trim() : 'Former user');

/** Where a signed-in user belongs next (spec section 2 redirect rules). Pure, shared by guards and tests. */
export type AccountStage = 'needs-role' | 'needs-profile' | 'complete';

export function accountStage(user: { role: UserRole | null; profileCompleted: boolean }): AccountStage {
  if (!user.role) return 'needs-role';
  if (user.role === 'admin') return 'complete';
  return user.profileCompleted ? 'complete' : 'needs-profile';
}

export function onboardingPath(role: UserRole): string {
  return role === 'mediator' ? '/onboarding/mediator' : '/onboarding/lawyer';
}

/** The page a signed-in user lands on, given their stage. */
export function homePathFor(user: { role: UserRole | null; profileCompleted: boolean }): string {
  const stage = accountStage(user);
  if (stage === 'needs-role') return '/role-selection';
  if (stage === 'needs-profile') return onboardingPath(user.role!);
  return user.role === 'admin' ? '/admin' : '/dashboard';
}

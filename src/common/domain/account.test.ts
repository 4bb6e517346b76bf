import { describe, expect, it } from 'vitest';
import type { UserRole } from '../enums';
import { accountStage, homePathFor, onboardingPath, type AccountStage } from './account';

// Spec 2 / 4: no role → /role-selection; profile not completed → the onboarding of the role; else /dashboard (/admin for admins).
describe('accountStage and homePathFor', () => {
  it.each<[UserRole | null, boolean, AccountStage, string]>([
    [null, false, 'needs-role', '/role-selection'],
    [null, true, 'needs-role', '/role-selection'], // a role is chosen before anything else
    ['lawyer', false, 'needs-profile', '/onboarding/lawyer'],
    ['lawyer', true, 'complete', '/dashboard'],
    ['mediator', false, 'needs-profile', '/onboarding/mediator'],
    ['mediator', true, 'complete', '/dashboard'],
    ['admin', false, 'complete', '/admin'], // admins have no onboarding profile
    ['admin', true, 'complete', '/admin'],
  ])('role %j, profileCompleted %s → %s, %s', (role, profileCompleted, stage, path) => {
    expect(accountStage({ role, profileCompleted })).toBe(stage);
    expect(homePathFor({ role, profileCompleted })).toBe(path);
  });
});

describe('onboardingPath', () => {
  it.each<[UserRole, string]>([
    ['lawyer', '/onboarding/lawyer'],
    ['mediator', '/onboarding/mediator'],
  ])('%s → %s', (role, path) => {
    expect(onboardingPath(role)).toBe(path);
  });
});

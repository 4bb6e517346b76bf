import { twoDecimals } from '../../../common/money';
import type { AdminUserDto } from '../../../common/schemas/admin-users';
import type { AdminUserRow } from './admin-users.repo';

/** A row of the admins' Users tab: the account (never the password hash or tokens) and its profile summary. */
export function presentAdminUser({ user, lawyer, mediator }: AdminUserRow): AdminUserDto {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    status: user.status,
    emailVerified: user.emailVerified,
    profileCompleted: user.profileCompleted,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    lawyer: lawyer
      ? { firmName: lawyer.firmName, jurisdiction: lawyer.jurisdiction, rating: twoDecimals(lawyer.rating)!, reviewCount: lawyer.reviewCount }
      : null,
    mediator: mediator
      ? {
          subscriptionTier: mediator.subscriptionTier,
          jurisdiction: mediator.jurisdiction,
          rating: twoDecimals(mediator.rating)!,
          reviewCount: mediator.reviewCount,
        }
      : null,
  };
}

import type { SubscriptionTier, UserRole, UserStatus } from '../../../common/enums';
import type { AdminUserDto } from '../../../common/schemas/admin-users';
import { formatRating } from '../../lib/format';

export const ROLE_LABELS: Record<UserRole, string> = { lawyer: 'Lawyer', mediator: 'Mediator', admin: 'Admin' };
export const STATUS_LABELS: Record<UserStatus, string> = { pending: 'Pending', approved: 'Approved', suspended: 'Suspended' };
const TIER_LABELS: Record<SubscriptionTier, string> = { free: 'Free plan', pro: 'Pro plan', unlimited: 'Unlimited plan' };

export const fullName = (user: Pick<AdminUserDto, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

export const roleLabel = (user: AdminUserDto) => (user.role ? ROLE_LABELS[user.role] : 'No role yet');

/** One line about the profile: firm or plan, jurisdiction, rating; or why there is none. */
export function profileSummary(user: AdminUserDto): string {
  const rating = (p: { rating: string; reviewCount: number }) => `Rating ${formatRating(p.rating, p.reviewCount)} (${p.reviewCount})`;
  if (user.lawyer) return [user.lawyer.firmName, user.lawyer.jurisdiction, rating(user.lawyer)].filter(Boolean).join(' · ');
  if (user.mediator) return [TIER_LABELS[user.mediator.subscriptionTier], user.mediator.jurisdiction, rating(user.mediator)].join(' · ');
  if (user.role === 'admin') return 'Administrator';
  return 'Profile not completed';
}

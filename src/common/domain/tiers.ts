import { MONTHLY_CAP } from '../constants';
import type { SubscriptionTier } from '../enums';

/** Monthly mediation cap per tier (spec section 6): null means no cap. */
export function monthlyCap(tier: SubscriptionTier): number | null {
  return MONTHLY_CAP[tier];
}

export const TIER_LABELS: Record<SubscriptionTier, string> = { free: 'Free', pro: 'Pro', unlimited: 'Unlimited' };

/** Start of the calendar month in UTC: monthly caps count from here (RULES.md 5). */
export function monthStartUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

import { SUBSCRIPTION_TIERS, type SubscriptionTier } from '../enums';
import type { Cents } from '../money';

/** The monthly price of each plan in cents (spec section 9): Free $0, Pro $50, Unlimited $100. */
export const TIER_PRICE_CENTS: Record<SubscriptionTier, Cents> = { free: 0, pro: 5_000, unlimited: 10_000 };

/** What moving from one plan to another is: only upgrades are self-service; a downgrade is a cancel or support. */
export type TierChange = 'upgrade' | 'same' | 'downgrade';

export function tierChange(from: SubscriptionTier, to: SubscriptionTier): TierChange {
  const rank = (tier: SubscriptionTier) => SUBSCRIPTION_TIERS.indexOf(tier);
  if (rank(to) > rank(from)) return 'upgrade';
  return rank(to) === rank(from) ? 'same' : 'downgrade';
}

export const isUpgrade = (from: SubscriptionTier, to: SubscriptionTier) => tierChange(from, to) === 'upgrade';

/**
 * `anchor` plus `months` calendar months (UTC), the day clamped to the target month's last day: Jan 31 + 1 → Feb 28
 * (29 in a leap year), Jan 31 + 2 → Mar 31. The time of day is kept.
 */
export function addMonthsClamped(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(anchor.getTime());
  result.setUTCFullYear(year, month, Math.min(anchor.getUTCDate(), lastDay));
  return result;
}

/** The first period of a subscription started at `start` (an upgrade): one calendar month. */
export function firstPeriod(start: Date): { start: Date; end: Date } {
  return { start, end: addMonthsClamped(start, 1) };
}

/**
 * The period after the one ending at `currentEnd`, counted from the anchor (the start of the first period) so that a
 * clamped month does not shift the ones after it: anchored on Jan 31, the periods end Feb 28, Mar 31, Apr 30.
 */
export function nextPeriod(anchor: Date, currentEnd: Date): { start: Date; end: Date } {
  let months = 1;
  while (addMonthsClamped(anchor, months).getTime() <= currentEnd.getTime()) months++;
  return { start: currentEnd, end: addMonthsClamped(anchor, months) };
}

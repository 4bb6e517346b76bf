import type { SubscriptionTier } from '../../../common/enums';
import type { SubscriptionDto } from '../../../common/schemas/subscription';
import type { SubscriptionRow } from './subscriptions.repo';

/**
 * The subscription as its mediator sees it. The tier is the profile's (what the cap and counteroffer rules read);
 * Free has no paid period, whatever the row remembers from onboarding.
 */
export function presentSubscription(
  mediatorId: string,
  tier: SubscriptionTier,
  row: SubscriptionRow | undefined,
  monthlyMediations: { used: number; limit: number | null },
): SubscriptionDto {
  // A paid tier set without a paid period (by a tool or an admin) shows no period either.
  const paid = tier !== 'free' && row && row.tier !== 'free' ? row : null;
  return {
    id: row?.id ?? null,
    mediatorId,
    tier,
    currentPeriodStart: paid?.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: paid?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: paid?.cancelAtPeriodEnd ?? false,
    pendingTier: row?.pendingTier ?? null,
    monthlyMediations,
    createdAt: row?.createdAt.toISOString() ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

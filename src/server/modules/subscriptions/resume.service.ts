import { TIER_LABELS } from '../../../common/domain/tiers';
import type { AppContext } from '../../context';
import { conflict, forbidden } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { clearCancellation } from './subscriptions.repo';
import { getSubscription, lockMediatorSubscription, noticeDate } from './subscriptions.service';

export const NOTHING_TO_RESUME = 'Your subscription is not cancelled: there is nothing to resume';

/**
 * POST /api/subscription/resume (decision 038): "Keep my plan" after a cancellation. The paid plan goes on renewing
 * as before (the renewal job queued for the period's end finds it no longer cancelled). Under the mediator's locks,
 * then one conditional update: nothing cancelled (Free, a paid plan not cancelled, a second resume) → 409; a period
 * already over → 409 (the renewal job is returning the mediator to Free; upgrading starts a new plan).
 */
export async function resumeSubscription(ctx: AppContext, user: SessionUser) {
  const now = ctx.clock.now();
  await transaction(ctx, async (tx) => {
    const { profile, subscription } = await lockMediatorSubscription(tx, user.id);
    if (!profile || !subscription) throw forbidden('Complete your profile first');
    const end = subscription.currentPeriodEnd;
    if (profile.subscriptionTier === 'free' || subscription.tier === 'free' || !end || !subscription.cancelAtPeriodEnd) throw conflict(NOTHING_TO_RESUME);
    if (end <= now) throw conflict(`Your ${TIER_LABELS[subscription.tier]} plan ended on ${noticeDate(end)}. Choose a plan to start a new one.`);
    if (!(await clearCancellation(tx, subscription.id, now))) throw conflict(NOTHING_TO_RESUME);
  });
  return getSubscription(ctx, user);
}

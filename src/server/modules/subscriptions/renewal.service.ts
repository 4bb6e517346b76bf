import { nextPeriod, TIER_PRICE_CENTS } from '../../../common/domain/subscriptions';
import { TIER_LABELS } from '../../../common/domain/tiers';
import type { SubscriptionTier } from '../../../common/enums';
import { isUuid } from '../../../common/ids';
import type { SavedCardCharge } from '../../adapters/payments';
import type { AppContext } from '../../context';
import { enqueueJob } from '../../outbox/messages';
import { transaction } from '../../unit-of-work';
import { notify } from '../notifications/notifications.service';
import * as repo from './subscriptions.repo';
import { enqueueRefund, lockMediatorSubscription, renewalJobKey, returnToFree, type RefundJob } from './subscriptions.service';

interface RenewalPlan {
  key: string;
  mediatorId: string;
  tier: SubscriptionTier;
  paymentMethodId: string;
}

/**
 * The `subscription.renewal` job, due at the end of a paid period (RULES.md 7). Under the mediator's locks: a
 * cancelled subscription returns to Free; otherwise the next period's charge is recorded (`renewalKey`, the key
 * `subscription-renewal:{subscriptionId}:{periodNumber}`). The saved card is charged after commit with that key, and
 * a second transaction settles it: the next period, or back to Free with `payment_failed`. Safe to run twice or on
 * two instances at once: the second run reuses the recorded key (the provider answers the first outcome) and finds
 * the charge already settled. A job left from a period that an upgrade replaced finds its time not yet come.
 */
export async function renewSubscription(ctx: AppContext, subscriptionId: string): Promise<void> {
  const found = isUuid(subscriptionId) ? await repo.findSubscriptionById(ctx.db, subscriptionId) : undefined;
  if (!found) return;
  const plan = await transaction(ctx, async (tx): Promise<RenewalPlan | null> => {
    const now = ctx.clock.now();
    const { profile, subscription } = await lockMediatorSubscription(tx, found.mediatorId);
    if (!profile || !subscription || subscription.tier === 'free' || !subscription.currentPeriodEnd) return null;
    if (subscription.renewalKey) return planOf(subscription, subscription.renewalKey);
    if (now < subscription.currentPeriodEnd) return null;
    if (subscription.cancelAtPeriodEnd) {
      await returnToFree(tx, subscription, now);
      await notify(tx, [
        {
          userId: subscription.mediatorId,
          type: 'subscription_updated',
          title: 'Subscription Updated',
          message: `Your ${TIER_LABELS[subscription.tier]} subscription has ended as you asked. You are now on the Free plan.`,
          linkUrl: '/subscription',
        },
      ]);
      return null;
    }
    const key = renewalJobKey(subscription.id, subscription.periodNumber + 1);
    await repo.updateSubscription(tx, subscription.id, { renewalKey: key, updatedAt: now });
    return planOf(subscription, key);
  });
  if (!plan) return;
  const charge: SavedCardCharge = plan.paymentMethodId
    ? await ctx.payments.chargeSavedCard({
        amount: TIER_PRICE_CENTS[plan.tier],
        paymentMethodId: plan.paymentMethodId,
        idempotencyKey: plan.key,
        metadata: { purpose: 'subscription_renewal', subscriptionId, userId: plan.mediatorId, tier: plan.tier },
      })
    : { ok: false, message: 'No card is saved for this subscription' };
  await settleRenewal(ctx, subscriptionId, plan, charge);
}

const planOf = (s: repo.SubscriptionRow, key: string): RenewalPlan => ({
  key,
  mediatorId: s.mediatorId,
  tier: s.tier,
  paymentMethodId: s.paymentMethodId ?? '',
});

async function settleRenewal(ctx: AppContext, subscriptionId: string, plan: RenewalPlan, charge: SavedCardCharge): Promise<void> {
  await transaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    const { subscription } = await lockMediatorSubscription(tx, plan.mediatorId);
    // Settled already (the other run of the job, or a retry): nothing more.
    if (!subscription || (await repo.hasSubscriptionCharge(tx, plan.key))) return;
    const ours = subscription.id === subscriptionId && subscription.renewalKey === plan.key;
    const record = {
      subscriptionId,
      mediatorId: plan.mediatorId,
      kind: 'renewal' as const,
      tier: plan.tier,
      amount: TIER_PRICE_CENTS[plan.tier],
      idempotencyKey: plan.key,
      at: now,
    };
    if (!charge.ok) {
      await repo.appendSubscriptionCharge(tx, { ...record, status: 'failed', providerRef: null, failureMessage: charge.message });
      if (!ours) return;
      await returnToFree(tx, subscription, now);
      await notify(tx, [
        {
          userId: plan.mediatorId,
          type: 'payment_failed',
          title: 'Payment Failed',
          message: `Your subscription renewal failed: ${charge.message.replace(/[\s.]+$/, '')}. You are now on the Free plan.`,
          linkUrl: '/subscription',
        },
      ]);
      return;
    }
    if (!ours) {
      // An upgrade started a new period while this charge was in flight: the money goes back.
      await repo.appendSubscriptionCharge(tx, { ...record, status: 'succeeded', providerRef: charge.chargeId });
      await enqueueRefund(
        tx,
        { subscriptionId, mediatorId: plan.mediatorId, tier: plan.tier, chargeId: charge.chargeId, amount: record.amount, source: plan.key },
        now,
      );
      return;
    }
    const next = nextPeriod(subscription.periodAnchor ?? subscription.currentPeriodStart!, subscription.currentPeriodEnd!);
    const periodNumber = subscription.periodNumber + 1;
    await repo.updateSubscription(tx, subscription.id, {
      currentPeriodStart: next.start,
      currentPeriodEnd: next.end,
      periodNumber,
      renewalKey: null,
      updatedAt: now,
    });
    await repo.appendSubscriptionCharge(tx, { ...record, status: 'succeeded', providerRef: charge.chargeId, periodStart: next.start, periodEnd: next.end });
    await enqueueJob(tx, 'subscription.renewal', { subscriptionId }, next.end, renewalJobKey(subscription.id, periodNumber));
  });
}

/**
 * The `subscription.refund` job: gives back a subscription charge that could no longer be used, with the key
 * recorded when it was decided; the refund is appended once the provider answers. Safe to repeat.
 */
export async function refundSubscriptionCharge(ctx: AppContext, job: RefundJob): Promise<void> {
  if (await repo.hasSubscriptionCharge(ctx.db, job.key)) return;
  const { refundId } = await ctx.payments.refund({ chargeId: job.chargeId, amount: job.amount, idempotencyKey: job.key });
  await transaction(ctx, async (tx) => {
    await repo.appendSubscriptionCharge(tx, {
      subscriptionId: job.subscriptionId,
      mediatorId: job.mediatorId,
      kind: 'refund',
      tier: job.tier,
      amount: job.amount,
      status: 'succeeded',
      idempotencyKey: job.key,
      providerRef: refundId,
      refundOf: job.chargeId,
      at: ctx.clock.now(),
    });
  });
}

import { firstPeriod, isUpgrade, tierChange, TIER_PRICE_CENTS } from '../../../common/domain/subscriptions';
import { monthlyCap, monthStartUtc, TIER_LABELS } from '../../../common/domain/tiers';
import type { SubscriptionTier } from '../../../common/enums';
import { displayCents } from '../../../common/money';
import type { PaymentIntent } from '../../adapters/payments';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { lockInOrder } from '../../db/lock-order';
import { badRequest, conflict, forbidden } from '../../errors';
import { enqueueJob } from '../../outbox/messages';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { notify } from '../notifications/notifications.service';
import { claimIntentOutcome, paymentKeys } from '../payments/payments.api';
import { countMonthlyAcceptances } from '../requests/requests.repo';
import { presentSubscription } from './subscriptions.presenter';
import * as repo from './subscriptions.repo';

export const DOWNGRADE_MESSAGE = 'To move to a lower plan, cancel your subscription (you return to Free at the end of the period) or contact support.';
const NO_PROFILE = 'Complete your profile first';

/** "Dec 23, 2026": dates in notifications are written once, in UTC, the time the periods are counted in. */
export const noticeDate = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** The job that renews (or ends) the subscription when its period ends; its key makes a repeat a no-op. */
export const renewalJobKey = paymentKeys.subscriptionRenewal;

/**
 * The mediator's profile, then their subscription row, locked: the profile comes last in lockInOrder's order, the
 * subscription row after it. Holding the profile's lock is what makes a tier change and an acceptance's cap check
 * (which locks the same profile) see each other whole.
 */
export async function lockMediatorSubscription(tx: Tx, mediatorId: string) {
  const { profiles } = await lockInOrder(tx, { requestId: '', profiles: [mediatorId] });
  const profile = profiles[0];
  if (!profile) return { profile: undefined, subscription: undefined };
  return { profile, subscription: await repo.lockSubscriptionRow(tx, mediatorId) };
}

/** Back to Free on both rows (the cap and counteroffer rules read the profile's tier at once). */
export async function returnToFree(tx: Tx, subscription: repo.SubscriptionRow, at: Date): Promise<void> {
  await repo.updateSubscription(tx, subscription.id, {
    tier: 'free',
    currentPeriodStart: null,
    currentPeriodEnd: null,
    periodAnchor: null,
    cancelAtPeriodEnd: false,
    renewalKey: null,
    paymentMethodId: null,
    updatedAt: at,
  });
  await repo.setProfileTier(tx, subscription.mediatorId, 'free', at);
}

/** GET /api/subscription (RULES.md 7): the tier, the paid period, and this month's mediations against the cap. */
export async function getSubscription(ctx: AppContext, user: SessionUser) {
  const tier = (await repo.findProfileTier(ctx.db, user.id)) ?? 'free';
  const subscription = await repo.findSubscription(ctx.db, user.id);
  const used = await countMonthlyAcceptances(ctx.db, user.id, monthStartUtc(ctx.clock.now()));
  return presentSubscription(user.id, tier, subscription, { used, limit: monthlyCap(tier) });
}

type UpgradePlan = { subscriptionId: string; attempt: number; tier: SubscriptionTier; closeIntentId: string | null };

/**
 * POST /api/subscription/upgrade (RULES.md 7): an intent for the new plan's first period. The attempt is decided under
 * the locks; the intent is created after commit with the key `subscription:{subscriptionId}:{attempt}`, so a repeat
 * for the same plan gets the same client secret, and a different plan closes the earlier intent and opens its own.
 * The tier changes only when the provider confirms the payment (onSubscriptionSucceeded).
 */
export async function upgradeSubscription(ctx: AppContext, user: SessionUser, tier: SubscriptionTier): Promise<{ clientSecret: string }> {
  for (let round = 0; ; round++) {
    const plan = await transaction(ctx, async (tx): Promise<UpgradePlan> => {
      const { profile, subscription } = await lockMediatorSubscription(tx, user.id);
      if (!profile || !subscription) throw forbidden(NO_PROFILE);
      const change = tierChange(profile.subscriptionTier, tier);
      if (change === 'downgrade') throw badRequest(DOWNGRADE_MESSAGE, { tier: DOWNGRADE_MESSAGE });
      if (change === 'same') throw conflict(`You are already on the ${TIER_LABELS[tier]} plan`);
      if (subscription.pendingTier === tier && subscription.attempt > 0)
        return { subscriptionId: subscription.id, attempt: subscription.attempt, tier, closeIntentId: null };
      const saved = await repo.updateSubscription(tx, subscription.id, {
        attempt: subscription.attempt + 1,
        pendingTier: tier,
        pendingIntentId: null,
        updatedAt: ctx.clock.now(),
      });
      return { subscriptionId: saved.id, attempt: saved.attempt, tier, closeIntentId: subscription.pendingIntentId };
    });
    // The earlier plan's intent can no longer be paid (a provider that fails here leaves it open; paying it later is
    // still an upgrade, or refunded: onSubscriptionSucceeded).
    if (plan.closeIntentId) await closeIntent(ctx, plan.closeIntentId);

    const intent = await ctx.payments.createIntent({
      amount: TIER_PRICE_CENTS[tier],
      idempotencyKey: paymentKeys.subscription(plan.subscriptionId, plan.attempt),
      metadata: { purpose: 'subscription', userId: user.id, subscriptionId: plan.subscriptionId, tier, attempt: String(plan.attempt) },
    });
    if (intent.status === 'requires_payment') {
      const current = await transaction(ctx, async (tx) => {
        const { subscription } = await lockMediatorSubscription(tx, user.id);
        if (!subscription || subscription.attempt !== plan.attempt || subscription.pendingTier !== tier) return false;
        if (!subscription.pendingIntentId) await repo.updateSubscription(tx, subscription.id, { pendingIntentId: intent.id });
        return (subscription.pendingIntentId ?? intent.id) === intent.id;
      });
      if (current) return { clientSecret: intent.clientSecret };
      // Another plan was chosen (or this one paid) while the intent was being created: it must never be paid.
      await closeIntent(ctx, intent.id);
      throw conflict('This upgrade was replaced by another one. Please start again.');
    }
    // The attempt's intent was paid or declined but we had not heard (a crash, a lost answer): act on it, then
    // start the next attempt once (a paid one makes the next round answer "already on this plan").
    if (intent.status === 'succeeded') await onSubscriptionSucceeded(ctx, intent);
    else await onSubscriptionFailed(ctx, intent);
    if (round >= 1) throw conflict('This upgrade can no longer be paid. Please start again.');
  }
}

async function closeIntent(ctx: AppContext, intentId: string): Promise<void> {
  try {
    await ctx.payments.cancelIntent(intentId);
  } catch (error) {
    ctx.log.warn({ err: error, intentId }, 'closing a superseded subscription intent failed');
  }
}

/**
 * The provider confirmed an upgrade's first period (the local confirm, a webhook, the reconciler). In one
 * transaction: the tier on both rows, a new period from now (Pro → Unlimited too: full price, new period), the card
 * saved for renewals, the charge appended, `subscription_updated`, and the renewal job for the period's end. A replay
 * changes nothing (processed provider events). A superseded intent paid anyway still counts if it is an upgrade over
 * the tier now; otherwise its money goes back (a durable refund job).
 */
export async function onSubscriptionSucceeded(ctx: AppContext, intent: PaymentIntent): Promise<void> {
  const { userId, subscriptionId, attempt } = intent.metadata;
  const tier = intent.metadata.tier as SubscriptionTier;
  const now = ctx.clock.now();
  const closeIntentId = await transaction(ctx, async (tx): Promise<string | null> => {
    const { profile, subscription } = await lockMediatorSubscription(tx, userId);
    if (!profile || subscription?.id !== subscriptionId) return null;
    if (!(await claimIntentOutcome(tx, intent.id, 'succeeded'))) return null;
    const charge = {
      subscriptionId,
      mediatorId: userId,
      kind: 'upgrade' as const,
      tier,
      amount: intent.amount,
      status: 'succeeded' as const,
      idempotencyKey: paymentKeys.subscription(subscriptionId, attempt),
      providerRef: intent.chargeId ?? intent.id,
      at: now,
    };
    const current =
      subscription.pendingIntentId === intent.id ||
      (subscription.pendingIntentId === null && subscription.pendingTier === tier && String(subscription.attempt) === attempt);
    if (!current && !isUpgrade(profile.subscriptionTier, tier)) {
      await repo.appendSubscriptionCharge(tx, charge);
      await enqueueRefund(tx, { subscriptionId, mediatorId: userId, tier, chargeId: charge.providerRef, amount: intent.amount, source: intent.id }, now);
      return null;
    }
    const period = firstPeriod(now);
    const periodNumber = subscription.periodNumber + 1;
    await repo.updateSubscription(tx, subscription.id, {
      tier,
      pendingTier: null,
      pendingIntentId: null,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      periodAnchor: period.start,
      periodNumber,
      paymentMethodId: intent.paymentMethodId,
      cancelAtPeriodEnd: false,
      // A renewal charge in flight for the old period is superseded: renewal.service refunds it when it settles.
      renewalKey: null,
      updatedAt: now,
    });
    await repo.setProfileTier(tx, userId, tier, now);
    await repo.appendSubscriptionCharge(tx, { ...charge, periodStart: period.start, periodEnd: period.end });
    await notify(tx, [
      {
        userId,
        type: 'subscription_updated',
        title: 'Subscription Updated',
        message: `You are now on the ${TIER_LABELS[tier]} plan. It renews on ${noticeDate(period.end)} for ${displayCents(TIER_PRICE_CENTS[tier])}.`,
        linkUrl: '/subscription',
      },
    ]);
    await enqueueJob(tx, 'subscription.renewal', { subscriptionId }, period.end, renewalJobKey(subscription.id, periodNumber));
    // Another plan's intent still open (this one was paid first) is closed: the mediator starts again if they wish.
    return !current && subscription.pendingIntentId ? subscription.pendingIntentId : null;
  });
  if (closeIntentId) await closeIntent(ctx, closeIntentId);
}

/** The provider declined (or we closed) an upgrade's intent: the tier stays, and the next upgrade opens a new intent. */
export async function onSubscriptionFailed(ctx: AppContext, intent: PaymentIntent): Promise<void> {
  const { userId, subscriptionId, attempt } = intent.metadata;
  await transaction(ctx, async (tx) => {
    const { subscription } = await lockMediatorSubscription(tx, userId);
    if (subscription?.id !== subscriptionId || !(await claimIntentOutcome(tx, intent.id, 'failed'))) return;
    const current = subscription.pendingIntentId === intent.id || (subscription.pendingIntentId === null && String(subscription.attempt) === attempt);
    if (current) await repo.updateSubscription(tx, subscription.id, { pendingTier: null, pendingIntentId: null, updatedAt: ctx.clock.now() });
  });
}

export interface RefundJob {
  subscriptionId: string;
  mediatorId: string;
  tier: SubscriptionTier;
  chargeId: string;
  amount: number;
  key: string;
}

/** A charge that can no longer be used goes back through a durable job (recorded now, the provider called after). */
export async function enqueueRefund(
  tx: Tx,
  charge: { subscriptionId: string; mediatorId: string; tier: SubscriptionTier; chargeId: string; amount: number; source: string },
  now: Date,
): Promise<void> {
  // One refund per source (the intent, or the renewal's key), whoever decides it and however often.
  const key = paymentKeys.subscriptionRefund(charge.source);
  const data: RefundJob = {
    subscriptionId: charge.subscriptionId,
    mediatorId: charge.mediatorId,
    tier: charge.tier,
    chargeId: charge.chargeId,
    amount: charge.amount,
    key,
  };
  await enqueueJob(tx, 'subscription.refund', { ...data }, now, key);
}

/**
 * POST /api/subscription/cancel (RULES.md 7): the paid plan runs to the end of its period, then the renewal job
 * returns the mediator to Free. Free → 409; a second cancel → 409 (upgrading again is how a cancelled mediator keeps
 * a paid plan: it starts a new period and clears the cancellation). A paid tier with no paid period (set by an admin
 * or a tool) ends at once.
 */
export async function cancelSubscription(ctx: AppContext, user: SessionUser) {
  const now = ctx.clock.now();
  await transaction(ctx, async (tx) => {
    const { profile, subscription } = await lockMediatorSubscription(tx, user.id);
    if (!profile || !subscription) throw forbidden(NO_PROFILE);
    if (profile.subscriptionTier === 'free') throw conflict('You are on the Free plan: there is no subscription to cancel');
    if (subscription.cancelAtPeriodEnd)
      throw conflict(`Your subscription is already cancelled: it ends on ${noticeDate(subscription.currentPeriodEnd ?? now)}`);
    if (!subscription.currentPeriodEnd || subscription.tier === 'free') {
      await returnToFree(tx, subscription, now);
      return;
    }
    await repo.updateSubscription(tx, subscription.id, { cancelAtPeriodEnd: true, updatedAt: now });
  });
  return getSubscription(ctx, user);
}

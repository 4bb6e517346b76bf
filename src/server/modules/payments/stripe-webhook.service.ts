import type Stripe from 'stripe';
import { StripePaymentProvider } from '../../adapters/payments';
import { SAVED_CARD_CHARGE } from '../../adapters/payments/stripe-intent';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { transaction } from '../../unit-of-work';
import { onIntentFailed, onIntentSucceeded } from './payment-registry';
import { eventKeys } from './idempotency-keys';
import { executeSteps } from './steps';
import { claimProviderEvent } from './steps.repo';
import { findMediatorByPayoutAccount, pendingTransfersTo, refundedByUs, releaseProviderEvent } from './stripe-webhook.repo';

/**
 * POST /api/payments/stripe/webhook (RULES.md 3, docs/decisions/018). The signature is checked on the raw body; the
 * event only says *what* to look at: the state is read again from Stripe's API, so a forged, stale or reordered body
 * moves nothing. Each event id is claimed once (`processed_provider_events`), so a duplicate delivery — even ten at
 * the same moment — is acknowledged and does nothing; the effects themselves are claimed per intent outcome as well
 * (`intent:{id}:succeeded`), so a webhook and the reconciler or a replay never both act. A failure gives the claim
 * back and answers 500, and Stripe delivers the event again.
 */
export async function handleStripeWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined) {
  const provider = ctx.payments;
  if (!(provider instanceof StripePaymentProvider)) throw notFound('Stripe webhooks are not used with this payment provider');
  let event: Stripe.Event;
  try {
    event = provider.verifyWebhook(rawBody, signature);
  } catch {
    throw badRequest('The webhook signature is missing or does not match');
  }
  const key = eventKeys.stripeEvent(event.id);
  if (!(await transaction(ctx, (tx) => claimProviderEvent(tx, key)))) return { received: true as const, duplicate: true };
  try {
    await applyEvent(ctx, provider, event);
  } catch (error) {
    await releaseProviderEvent(ctx.db, key);
    throw error;
  }
  return { received: true as const, duplicate: false };
}

async function applyEvent(ctx: AppContext, provider: StripePaymentProvider, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
      return settleIntent(ctx, provider, event.data.object.id);
    case 'account.updated':
      return releaseWaitingPayouts(ctx, provider, event.data.object.id);
    case 'charge.refunded':
      return checkRefunds(ctx, provider, event.data.object.id);
    default:
      ctx.log.debug({ type: event.type, id: event.id }, 'stripe event not used');
  }
}

/**
 * The intent as Stripe has it now decides, whichever event arrived: a `payment_failed` delivered after the intent
 * succeeded (out of order, or a retry that then went through) acts on the success, which the handlers do once.
 */
async function settleIntent(ctx: AppContext, provider: StripePaymentProvider, intentId: string): Promise<void> {
  const intent = await provider.retrieveIntent(intentId);
  if (!intent || intent.metadata[SAVED_CARD_CHARGE] === 'true') return;
  if (intent.status === 'succeeded') await onIntentSucceeded(ctx, intent);
  else if (intent.status === 'failed') await onIntentFailed(ctx, intent);
}

/** A mediator finished onboarding: their payouts held back until the account was ready go now. */
async function releaseWaitingPayouts(ctx: AppContext, provider: StripePaymentProvider, accountId: string): Promise<void> {
  const mediatorId = await findMediatorByPayoutAccount(ctx.db, accountId);
  if (!mediatorId || !(await provider.payoutAccountStatus(accountId)).ready) return;
  await executeSteps(ctx, await pendingTransfersTo(ctx.db, mediatorId));
}

/** Our refunds are recorded when we make them; one made elsewhere (Stripe's dashboard) is flagged for the team. */
async function checkRefunds(ctx: AppContext, provider: StripePaymentProvider, chargeId: string): Promise<void> {
  const [atStripe, ours] = [await provider.chargeRefunded(chargeId), await refundedByUs(ctx.db, chargeId)];
  if (atStripe > ours) ctx.log.warn({ chargeId, atStripe, ours }, 'a refund was made at Stripe outside the app; the ledger does not show it');
}

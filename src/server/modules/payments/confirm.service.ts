import type { PaymentIntent } from '../../adapters/payments';
import { LocalPaymentProvider } from '../../adapters/payments';
import type { Card } from '../../../common/schemas/payments';
import type { AppContext } from '../../context';
import { AppError, conflict, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { onDepositFailed, onDepositSucceeded } from '../requests/submit.service';
import { LATE_BALANCE_REFUNDED, onBalanceSucceeded } from '../requests/selection.service';
import { settleFailedPaymentNotices } from '../notifications/notifications.service';
import { onSubscriptionFailed, onSubscriptionSucceeded } from '../subscriptions/subscriptions.service';

/**
 * What the app does when the provider reports an intent's outcome (the local confirm, a verified webhook, or the
 * reconciler's retrieval). Each handler is idempotent per intent: a replay moves no money.
 */
export async function onIntentSucceeded(ctx: AppContext, intent: PaymentIntent): Promise<'done' | 'refunded'> {
  let outcome: 'done' | 'refunded' = 'done';
  if (intent.metadata.purpose === 'subscription') {
    await onSubscriptionSucceeded(ctx, intent);
    return outcome;
  }
  if (intent.metadata.purpose === 'deposit') await onDepositSucceeded(ctx, intent);
  else if (intent.metadata.purpose === 'balance') outcome = (await onBalanceSucceeded(ctx, intent)) === 'refunded' ? 'refunded' : 'done';
  else return outcome;
  // The retry went through: an earlier 'Payment Failed' for this request no longer needs the lawyer's attention.
  if (intent.metadata.userId && intent.metadata.requestId) await settleFailedPaymentNotices(ctx, intent.metadata.userId, intent.metadata.requestId);
  return outcome;
}

export async function onIntentFailed(ctx: AppContext, intent: PaymentIntent): Promise<void> {
  if (intent.metadata.purpose === 'deposit') return onDepositFailed(ctx, intent);
  if (intent.metadata.purpose === 'subscription') return onSubscriptionFailed(ctx, intent);
}

/**
 * POST /api/payments/local/confirm: the built-in card form of the `local` provider (RULES.md 3 + 7). One call for
 * deposits, balances and subscriptions. 200 { status: 'succeeded' } or 402 with the provider's message. A repeated
 * confirmation answers the first outcome and changes nothing.
 */
export async function confirmLocalPayment(ctx: AppContext, user: SessionUser, clientSecret: string, card: Card) {
  if (!(ctx.payments instanceof LocalPaymentProvider)) throw notFound('The built-in card form is not used with this payment provider');
  const intent = await ctx.payments.findIntentBySecret(clientSecret);
  if (!intent || intent.metadata.userId !== user.id) throw notFound('Payment not found');
  const result = intent.status === 'requires_payment' ? await ctx.payments.confirmIntent(intent, card) : intent;
  if (result.status === 'succeeded') {
    // A balance that arrived after its selection became impossible (the mediator withdrew meanwhile) was refunded at
    // once: the lawyer is told, not shown a success (decision 025).
    if ((await onIntentSucceeded(ctx, result)) === 'refunded') throw conflict(LATE_BALANCE_REFUNDED);
    return { status: 'succeeded' as const };
  }
  if (result.status === 'failed') {
    await onIntentFailed(ctx, result);
    throw new AppError(402, result.failureMessage ?? 'Your card was declined.');
  }
  throw conflict('This payment can no longer be completed. Please start again.');
}

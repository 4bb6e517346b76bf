import type { PaymentIntent } from '../../adapters/payments';
import { LocalPaymentProvider } from '../../adapters/payments';
import type { Card } from '../../../common/schemas/payments';
import type { AppContext } from '../../context';
import { AppError, conflict, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { onDepositFailed, onDepositSucceeded } from './deposit.service';
import { onBalanceSucceeded } from './selection.service';

/** What the app does when the provider reports an intent's outcome (the local confirm, or a verified webhook). */
export async function onIntentSucceeded(ctx: AppContext, intent: PaymentIntent): Promise<void> {
  if (intent.metadata.purpose === 'deposit') return onDepositSucceeded(ctx, intent);
  if (intent.metadata.purpose === 'balance') return onBalanceSucceeded(ctx, intent);
}

export async function onIntentFailed(ctx: AppContext, intent: PaymentIntent): Promise<void> {
  if (intent.metadata.purpose === 'deposit') return onDepositFailed(ctx, intent);
}

/**
 * POST /api/payments/local/confirm: the built-in card form of the `local` provider (RULES.md 3 + 7). One call for
 * deposits, balances and subscriptions. 200 { status: 'succeeded' } or 402 with the provider's message.
 */
export async function confirmLocalPayment(ctx: AppContext, user: SessionUser, clientSecret: string, card: Card) {
  if (!(ctx.payments instanceof LocalPaymentProvider)) throw notFound('The built-in card form is not used with this payment provider');
  const intent = await ctx.payments.findIntentBySecret(clientSecret);
  if (!intent || intent.metadata.userId !== user.id) throw notFound('Payment not found');
  if (intent.status === 'succeeded') {
    await onIntentSucceeded(ctx, intent);
    return { status: 'succeeded' as const };
  }
  if (intent.status !== 'requires_payment') throw conflict('This payment can no longer be completed. Please start again.');
  const result = await ctx.payments.confirmIntent(intent, card);
  if (result.status !== 'succeeded') {
    await onIntentFailed(ctx, result);
    throw new AppError(402, result.failureMessage ?? 'Your card was declined.');
  }
  await onIntentSucceeded(ctx, result);
  return { status: 'succeeded' as const };
}

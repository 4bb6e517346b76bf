import { LocalPaymentProvider } from '../../adapters/payments';
import type { Card } from '../../../common/schemas/payments';
import type { AppContext } from '../../context';
import { AppError, conflict, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { onIntentFailed, onIntentSucceeded } from './payment-registry';

/**
 * POST /api/payments/local/confirm: the built-in card form of the `local` provider (RULES.md 3 + 7). One call for
 * every purpose registered with payments (deposits, balances, subscriptions: payment-registry.ts). 200 { status:
 * 'succeeded' } or 402 with the provider's message. A repeated confirmation answers the first outcome and changes
 * nothing.
 */
export async function confirmLocalPayment(ctx: AppContext, user: SessionUser, clientSecret: string, card: Card) {
  if (!(ctx.payments instanceof LocalPaymentProvider)) throw notFound('The built-in card form is not used with this payment provider');
  const intent = await ctx.payments.findIntentBySecret(clientSecret);
  if (!intent || intent.metadata.userId !== user.id) throw notFound('Payment not found');
  const result = intent.status === 'requires_payment' ? await ctx.payments.confirmIntent(intent, card) : intent;
  if (result.status === 'succeeded') {
    // Money that arrived when its purpose could no longer use it (a balance after the mediator withdrew) was refunded
    // at once: the payer is told, not shown a success (decision 025).
    const outcome = await onIntentSucceeded(ctx, result);
    if (outcome?.refunded) throw conflict(outcome.refunded);
    return { status: 'succeeded' as const };
  }
  if (result.status === 'failed') {
    await onIntentFailed(ctx, result);
    throw new AppError(402, result.failureMessage ?? 'Your card was declined.');
  }
  throw conflict('This payment can no longer be completed. Please start again.');
}

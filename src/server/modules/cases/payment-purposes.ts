import type { AppContext } from '../../context';
import { registerPaymentPurpose, registerPaymentReconciler } from '../payments/payment-registry';
import { staleShareIntents } from './fee-split.repo';
import { onShareFailed, onShareSucceeded } from './share-payments.service';

/**
 * Share attempts whose provider answer was lost (no confirm call, no webhook): the provider says how each ended, and
 * the outcome is acted on as if it had been heard (a replay changes nothing).
 */
async function reconcileShares(ctx: AppContext, minAgeMs: number): Promise<number> {
  let settled = 0;
  for (const attempt of await staleShareIntents(ctx.db, new Date(ctx.clock.now().getTime() - minAgeMs))) {
    const intent = await ctx.payments.retrieveIntent(attempt.intentId!);
    if (intent?.status === 'succeeded') await onShareSucceeded(ctx, intent);
    else if (intent?.status === 'failed' || intent?.status === 'canceled') await onShareFailed(ctx, intent);
    else continue;
    settled++;
  }
  return settled;
}

/** A side's share of the deposit paid by card (decision 049); one object, so a second context registers the same. */
const depositShare = { succeeded: onShareSucceeded, failed: onShareFailed };

/** Registers a side's share of the deposit (decision 049) with payments (bootstrap.ts). */
export function registerCasePayments(): void {
  registerPaymentPurpose('deposit_share', depositShare);
  registerPaymentReconciler('deposit_share', reconcileShares);
}

import type { AppContext } from '../../context';
import { onIntentFailed, onIntentSucceeded, registeredReconcilers, resumerOf } from './payment-registry';
import { paymentsAwaitingIntent } from './payments.repo';
import { executeStep } from './steps';
import { stalePendingSteps } from './steps.repo';

/**
 * Settles what a crash or a failed call left half-done (docs/decisions/011), run every minute by the server or the
 * worker. Steps still pending are repeated with their idempotency keys (the provider answers the first outcome, so
 * no money moves twice) and settled; intents whose outcome we never heard of are retrieved and acted on (the
 * handlers ignore outcomes already acted on). Safe to run on several instances at once.
 */
export async function reconcilePayments(ctx: AppContext, options: { minAgeMs?: number } = {}): Promise<{ steps: number; intents: number }> {
  // Steps carry the app's clock (as every row of ours), so their age is read on it too.
  const before = new Date(ctx.clock.now().getTime() - (options.minAgeMs ?? 60_000));
  let steps = 0;
  for (const step of await stalePendingSteps(ctx.db, before)) {
    try {
      // A kind its owner runs itself (the selection's balance charge) goes back to the owner; payments runs the rest.
      const resume = resumerOf(step.kind);
      if (resume) await resume(ctx, step);
      else await executeStep(ctx, step);
      steps++;
    } catch (error) {
      ctx.log.warn({ err: error, stepId: step.id, kind: step.kind }, 'reconciling a payment step failed; next run retries');
    }
  }
  let intents = 0;
  for (const payment of await paymentsAwaitingIntent(ctx.db)) {
    for (const intentId of [payment.status === 'pending' ? payment.paymentIntentId : null, payment.balanceIntentId]) {
      if (!intentId) continue;
      try {
        const intent = await ctx.payments.retrieveIntent(intentId);
        if (intent?.status === 'succeeded') await onIntentSucceeded(ctx, intent);
        else if (intent?.status === 'failed') await onIntentFailed(ctx, intent);
        else continue;
        intents++;
      } catch (error) {
        ctx.log.warn({ err: error, paymentId: payment.id, intentId }, 'reconciling an intent failed; next run retries');
      }
    }
  }
  // The owners' own passes (subscriptions keep their intents and renewals in their tables).
  for (const reconcile of registeredReconcilers()) intents += await reconcile(ctx, options.minAgeMs ?? 60_000);
  return { steps, intents };
}

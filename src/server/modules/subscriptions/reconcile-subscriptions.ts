import type { AppContext } from '../../context';
import { renewSubscription } from './renewal.service';
import { subscriptionsInFlight } from './subscriptions.repo';
import { onSubscriptionFailed, onSubscriptionSucceeded } from './subscriptions.service';

/**
 * The reconciler's part for subscriptions (payments/reconcile.ts runs it every minute, on any instance): an upgrade
 * intent paid or declined without our hearing is acted on, as the confirmation would have; a renewal recorded but
 * never settled is resumed with its recorded key (the provider answers a repeat with the first outcome). Both
 * handlers ignore what was already done, so this is safe to run anywhere, any number of times.
 */
export async function reconcileSubscriptions(ctx: AppContext, minAgeMs: number): Promise<number> {
  // Our rows carry the app's clock (the subscription's own times), so their age is read on it too.
  const before = new Date(ctx.clock.now().getTime() - minAgeMs);
  let settled = 0;
  for (const subscription of await subscriptionsInFlight(ctx.db, before)) {
    try {
      if (subscription.renewalKey) {
        await renewSubscription(ctx, subscription.id);
        settled++;
      }
      if (subscription.pendingIntentId) {
        const intent = await ctx.payments.retrieveIntent(subscription.pendingIntentId);
        if (intent?.status === 'succeeded') await onSubscriptionSucceeded(ctx, intent);
        else if (intent?.status === 'failed' || intent?.status === 'canceled') await onSubscriptionFailed(ctx, intent);
        else continue;
        settled++;
      }
    } catch (error) {
      ctx.log.warn({ err: error, subscriptionId: subscription.id }, 'reconciling a subscription failed; next run retries');
    }
  }
  return settled;
}

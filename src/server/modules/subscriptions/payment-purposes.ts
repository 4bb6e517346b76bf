import { registerPaymentPurpose, registerPaymentReconciler, type PurposeOutcomes } from '../payments/payment-registry';
import { reconcileSubscriptions } from './reconcile-subscriptions';
import { onSubscriptionFailed, onSubscriptionSucceeded } from './subscriptions.service';

/** A plan upgrade's first period (decision 017): the tier changes when the provider confirms it. */
const subscription: PurposeOutcomes = {
  async succeeded(ctx, intent) {
    await onSubscriptionSucceeded(ctx, intent);
  },
  failed: onSubscriptionFailed,
};

/** Registers subscriptions' payment purpose and reconciliation pass with payments (bootstrap.ts). */
export function registerSubscriptionPayments(): void {
  registerPaymentPurpose('subscription', subscription);
  registerPaymentReconciler('subscriptions', reconcileSubscriptions);
}

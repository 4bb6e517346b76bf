import type { PaymentIntent } from '../../adapters/payments';
import type { AppContext } from '../../context';
import { settleFailedPaymentNotices } from '../notifications/notifications.service';
import { registerPaymentPurpose, registerStepResumer, type PurposeOutcomes } from '../payments/payment-registry';
import { LATE_BALANCE_REFUNDED, onBalanceSucceeded, resumeBalanceCharge } from './selection.service';
import { onDepositFailed, onDepositSucceeded } from './submit.service';

/** The retry went through: an earlier 'Payment Failed' for this request no longer needs the lawyer's attention. */
async function settleNotices(ctx: AppContext, intent: PaymentIntent): Promise<void> {
  if (intent.metadata.userId && intent.metadata.requestId) await settleFailedPaymentNotices(ctx, intent.metadata.userId, intent.metadata.requestId);
}

/** The deposit paid at submit (RULES.md 2.1): the request goes live, or the money goes back if it no longer can. */
const deposit: PurposeOutcomes = {
  async succeeded(ctx, intent) {
    await onDepositSucceeded(ctx, intent);
    await settleNotices(ctx, intent);
  },
  failed: onDepositFailed,
};

/** The balance paid with another card after the saved one declined at selection (RULES.md 2.2, decision 025). */
const balance: PurposeOutcomes = {
  async succeeded(ctx, intent) {
    const outcome = await onBalanceSucceeded(ctx, intent);
    await settleNotices(ctx, intent);
    // A balance that arrived after its selection became impossible was refunded at once: the lawyer is told.
    if (outcome === 'refunded') return { refunded: LATE_BALANCE_REFUNDED };
  },
  // A declined card leaves the selection waiting for another one (the same confirm call): nothing to record.
  failed: async () => {},
};

/** Registers the request flow's payment purposes and its balance-charge step with payments (bootstrap.ts). */
export function registerRequestPayments(): void {
  registerPaymentPurpose('deposit', deposit);
  registerPaymentPurpose('balance', balance);
  registerStepResumer('balance_charge', resumeBalanceCharge);
}

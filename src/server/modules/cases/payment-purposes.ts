import { registerPaymentPurpose } from '../payments/payment-registry';
import { onShareFailed, onShareSucceeded } from './share-payments.service';

/** Registers a side's share of the deposit (decision 049) with payments (bootstrap.ts). */
export function registerCasePayments(): void {
  registerPaymentPurpose('deposit_share', { succeeded: onShareSucceeded, failed: onShareFailed });
}

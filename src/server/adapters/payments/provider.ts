import type { Cents } from '../../../common/money';

export type IntentPurpose = 'deposit' | 'balance' | 'subscription';

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  amount: Cents;
  status: 'requires_payment' | 'succeeded' | 'failed' | 'canceled';
  /** The card saved with the payment, for later charges (balance, renewals). */
  paymentMethodId: string | null;
  /** The charge that moved the money, once succeeded (refunds and transfers point at it). */
  chargeId: string | null;
  failureMessage: string | null;
  metadata: Record<string, string>;
}

/** Whether a payout account can receive transfers yet, and what its owner still has to provide if not. */
export interface PayoutAccountStatus {
  ready: boolean;
  /** Plain-language items the mediator must still complete with the provider (empty when ready). */
  requirements: string[];
}

export type SavedCardCharge = { ok: true; chargeId: string } | { ok: false; message: string };

/** The payment provider (RULES.md 3): `local` by default, `stripe` in production. Every call carries an idempotency key. */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createIntent(input: { amount: Cents; idempotencyKey: string; metadata: Record<string, string> }): Promise<PaymentIntent>;
  findIntentBySecret(clientSecret: string): Promise<PaymentIntent | null>;
  retrieveIntent(intentId: string): Promise<PaymentIntent | null>;
  cancelIntent(intentId: string): Promise<void>;
  chargeSavedCard(input: { amount: Cents; paymentMethodId: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<SavedCardCharge>;
  refund(input: { chargeId: string; amount: Cents; idempotencyKey: string }): Promise<{ refundId: string }>;
  ensurePayoutAccount(userId: string, existing: string | null): Promise<string>;
  /** `local`: always ready. `stripe`: a Connect account is ready once hosted onboarding is complete. */
  payoutAccountStatus(accountId: string): Promise<PayoutAccountStatus>;
  /** The provider's hosted onboarding page for the account, or null when the provider needs none (`local`). */
  onboardingLink(accountId: string, returnUrl: string): Promise<string | null>;
  /** `transferGroup`: our payment id, so the provider groups one payment's transfers (Stripe's `transfer_group`). */
  transfer(input: {
    accountId: string;
    amount: Cents;
    idempotencyKey: string;
    sourceChargeId: string;
    transferGroup?: string;
  }): Promise<{ transferId: string }>;
}

import type Stripe from 'stripe';
import type { PaymentIntent } from './provider';

/**
 * Metadata on the intents `chargeSavedCard` makes. Their outcome is the caller's, who settles it from the call's answer
 * (or the reconciler repeating the call): their webhooks must not be taken for a payment made in the browser.
 */
export const SAVED_CARD_CHARGE = 'savedCardCharge';

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/**
 * A Stripe PaymentIntent as the interface's intent. Stripe has no `failed` status: a declined intent goes back to
 * `requires_payment_method` with `last_payment_error`; that is a failure here (RULES.md 2.6: declined → failed).
 * Statuses on the way (`requires_confirmation`, `requires_action`, `processing`) are still waiting for payment.
 */
export function toIntent(pi: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    amount: pi.amount,
    status: statusOf(pi),
    paymentMethodId: idOf(pi.payment_method),
    chargeId: pi.status === 'succeeded' ? idOf(pi.latest_charge) : null,
    failureMessage: pi.last_payment_error?.message ?? null,
    metadata: { ...pi.metadata },
  };
}

function statusOf(pi: Stripe.PaymentIntent): PaymentIntent['status'] {
  if (pi.status === 'succeeded') return 'succeeded';
  if (pi.status === 'canceled') return 'canceled';
  if (pi.status === 'requires_payment_method' && pi.last_payment_error) return 'failed';
  return 'requires_payment';
}

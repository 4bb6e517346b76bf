import type { Stripe } from '@stripe/stripe-js';

export const STRIPE_LOAD_FAILED = 'The payment form could not be loaded. Check your connection and try again.';

/**
 * Stripe.js for the publishable key. The module is imported here, on demand: importing '@stripe/stripe-js' injects
 * https://js.stripe.com/v3 at once, which no page should pay for unless a stripe payment dialog opens. A failed load
 * is not cached by loadStripe, so calling this again retries.
 */
export async function loadStripeJs(publishableKey: string | null): Promise<Stripe> {
  // The server refuses to start with `stripe` and no publishable key; a missing one here is a failed load, not `local`.
  if (!publishableKey) throw new Error(STRIPE_LOAD_FAILED);
  try {
    const { loadStripe } = await import('@stripe/stripe-js');
    const stripe = await loadStripe(publishableKey);
    if (stripe) return stripe;
  } catch {
    // The script or the chunk did not load (offline, blocked): the same message either way.
  }
  throw new Error(STRIPE_LOAD_FAILED);
}

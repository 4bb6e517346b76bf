/**
 * Paths the plugins must know without importing the modules that serve them (plugins import no module: DESIGN 4,
 * decision 039).
 *
 * Where Stripe delivers webhooks: the security and rate-limit plugins exempt it, because Stripe's servers send no
 * Origin and no session, and deliver in bursts. The payments module's webhook route is registered on it.
 */
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

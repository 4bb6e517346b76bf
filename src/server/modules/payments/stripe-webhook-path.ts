/**
 * Where Stripe delivers webhooks. Its own file so the security and rate-limit plugins can exempt it without importing
 * the webhook's handlers: Stripe's servers send no Origin and no session, and deliver in bursts.
 */
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

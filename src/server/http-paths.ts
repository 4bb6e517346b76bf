/**
 * Paths the plugins must know without importing the modules that serve them (plugins import no module: DESIGN 4,
 * decision 039).
 *
 * Where Stripe delivers webhooks: the security and rate-limit plugins exempt it, because Stripe's servers send no
 * Origin and no session, and deliver in bursts. The payments module's webhook route is registered on it.
 */
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

/**
 * The List-Unsubscribe URL of notification e-mails (RFC 8058 one-click, decision 060): a mail provider's servers POST
 * to it with no Origin, cookie or session, so the security plugin lets it through as it does the webhook. The token
 * in its query string is the whole authority; it can turn off one e-mail kind for one user, nothing else.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/email/unsubscribe/one-click';

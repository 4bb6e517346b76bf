import type { PaymentsPublicConfig } from '../../../common/schemas/payments-config';
import type { Env } from '../../env';

/** The provider and its publishable key for the browser's card form; the secret and webhook keys never leave here. */
export function paymentsConfigOf(env: Env): PaymentsPublicConfig {
  if (env.PAYMENTS_PROVIDER === 'stripe') return { provider: 'stripe', publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null };
  return { provider: 'local', publishableKey: null };
}

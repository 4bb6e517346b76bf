import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { LocalPaymentProvider } from './local-provider';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';

export type { PaymentIntent, PaymentProvider, PayoutAccountStatus, SavedCardCharge } from './provider';
export { LocalPaymentProvider } from './local-provider';
export { StripePaymentProvider } from './stripe-provider';

/** The only place that picks a payment provider. */
export function createPaymentProvider(env: Env, db: Db, clock: Clock): PaymentProvider {
  if (env.PAYMENTS_PROVIDER === 'stripe') return createStripeProvider(env);
  return new LocalPaymentProvider(db, clock);
}

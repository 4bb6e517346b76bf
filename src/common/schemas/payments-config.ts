import { z } from 'zod';

/**
 * What the browser needs to show the right card form (RULES.md 3): the provider in use and, with `stripe`, the
 * publishable key Stripe.js is initialised with. Never a secret: this is served to anyone, signed in or not.
 */
export const PaymentsPublicConfigSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  publishableKey: z.string().nullable(),
});
export type PaymentsPublicConfig = z.infer<typeof PaymentsPublicConfigSchema>;

import { z } from 'zod';

/** The answer to Stripe's webhook delivery: any 2xx tells Stripe not to send the event again. */
export const StripeWebhookAckSchema = z.object({
  received: z.literal(true),
  /** The event had already been handled (a duplicate or a replay): nothing was done again. */
  duplicate: z.boolean(),
});

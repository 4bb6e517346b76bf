// Subscriptions (RULES.md 7): the plan a mediator is on, its period, and the upgrade's payment.
import { z } from 'zod';
import { SUBSCRIPTION_TIERS } from '../enums';

const Timestamp = z.iso.datetime();

export const SUBSCRIPTION_TEXTS = {
  tier: 'Choose a plan: free, pro or unlimited',
} as const;

/** POST /api/subscription/upgrade */
export const UpgradeInputSchema = z.object({ tier: z.enum(SUBSCRIPTION_TIERS, SUBSCRIPTION_TEXTS.tier) });
export type UpgradeInput = z.infer<typeof UpgradeInputSchema>;

/** The upgrade's first-period payment: confirmed with POST /api/payments/local/confirm (or the provider's card element). */
export const UpgradeIntentSchema = z.object({ clientSecret: z.string() });
export type UpgradeIntent = z.infer<typeof UpgradeIntentSchema>;

/**
 * GET /api/subscription, and the answer of POST /api/subscription/cancel: spec 3's subscription (the provider's
 * identifier aside) and RULES.md 7's monthly mediations.
 */
export const SubscriptionDtoSchema = z.object({
  /** The subscription row (null, like the timestamps, only before the mediator's profile exists). */
  id: z.guid().nullable(),
  mediatorId: z.guid().describe('The mediator (user id)'),
  tier: z.enum(SUBSCRIPTION_TIERS),
  currentPeriodStart: Timestamp.nullable(),
  currentPeriodEnd: Timestamp.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** An upgrade waiting for its payment (the tier changes only when the provider confirms it). */
  pendingTier: z.enum(SUBSCRIPTION_TIERS).nullable(),
  /** Mediations this calendar month (UTC) as the monthly cap counts them; `limit` null for Unlimited. */
  monthlyMediations: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
  createdAt: Timestamp.nullable(),
  updatedAt: Timestamp.nullable(),
});
export type SubscriptionDto = z.infer<typeof SubscriptionDtoSchema>;

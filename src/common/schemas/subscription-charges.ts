// A mediator's subscription charges (GET /api/subscription/charges): what each upgrade and renewal charged, for
// which plan and period, what of it was refunded, and whether it went through (decision 038).
import { z } from 'zod';
import { SUBSCRIPTION_TIERS } from '../enums';
import { AmountSchema } from './responses';

const Timestamp = z.iso.datetime();

export const SUBSCRIPTION_CHARGE_KINDS = ['upgrade', 'renewal', 'refund'] as const;
export type SubscriptionChargeKind = (typeof SUBSCRIPTION_CHARGE_KINDS)[number];

/**
 * `paid`: the card was charged (and nothing refunded); `refunded` / `partly_refunded`: money went back; `declined`:
 * the card was refused, nothing was charged. A `refund` line (one the record cannot tie to its charge) is `refunded`.
 */
export const SUBSCRIPTION_CHARGE_STATUSES = ['paid', 'partly_refunded', 'refunded', 'declined'] as const;
export type SubscriptionChargeStatus = (typeof SUBSCRIPTION_CHARGE_STATUSES)[number];

export const SubscriptionChargeDtoSchema = z.object({
  id: z.guid(),
  /** `upgrade`: the first month of a plan; `renewal`: a later month; `refund`: money given back on its own line. */
  kind: z.enum(SUBSCRIPTION_CHARGE_KINDS),
  tier: z.enum(SUBSCRIPTION_TIERS),
  /** What the card was asked for (for a `refund` line, what was given back). */
  amount: AmountSchema,
  /** What of it was refunded ("0.00" when nothing). */
  refundedAmount: AmountSchema,
  refundedAt: Timestamp.nullable(),
  status: z.enum(SUBSCRIPTION_CHARGE_STATUSES),
  /** The month it pays for; null when it paid for none (declined, or refunded before it started one). */
  periodStart: Timestamp.nullable(),
  periodEnd: Timestamp.nullable(),
  /** The card network's answer when declined. */
  failureMessage: z.string().nullable(),
  createdAt: Timestamp,
});
export type SubscriptionChargeDto = z.infer<typeof SubscriptionChargeDtoSchema>;

// The payment pages (issue 8): the list and one payment with its ledger (lawyers' receipts, mediators' earnings), and
// the mediator's payout account. The payment view extends PaymentDto, so GET /api/payments keeps its earlier shape.
import { z } from 'zod';
import { AmountSchema, PaymentDtoSchema } from './responses';

const Timestamp = z.iso.datetime();

/**
 * GET /api/payments and GET /api/payments/{id}. A mediator's view lists only the movements to them (payouts and
 * cancellation fees) in `ledger`; `paidToYou` is their sum and `paidAt` the latest of them (both null for lawyers and
 * admins, and `paidAt` null until something was paid).
 */
export const PaymentViewSchema = PaymentDtoSchema.extend({
  paidToYou: AmountSchema.nullable().describe('Mediators: the payouts and cancellation fees transferred to you'),
  paidAt: Timestamp.nullable().describe('Mediators: when the last of them was transferred'),
});
export type PaymentView = z.infer<typeof PaymentViewSchema>;

export const PAYOUT_PROVIDERS = ['local', 'stripe'] as const;

/** GET/POST /api/payouts/account: whether the mediator can be paid, and what the provider still needs if not. */
export const PayoutAccountSchema = z.object({
  provider: z.enum(PAYOUT_PROVIDERS),
  accountId: z.string().nullable().describe('null until the account is set up (POST) or the first payout creates it'),
  ready: z.boolean().describe('The account can receive payouts'),
  requirements: z.array(z.string()).describe('What the mediator must still complete with the provider'),
  onboardingUrl: z.string().nullable().describe("The provider's hosted onboarding page, when it needs one"),
});
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;

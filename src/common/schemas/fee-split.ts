import { z } from 'zod';
import { splitProblem } from '../domain/fee-split';
import { CASE_SIDES } from '../enums';

// The fee split of a two-sided case (issue 24, docs/decisions/049).

const Amount = z.string().regex(/^\d+\.\d{2}$/);
const percent = (field: string) => z.number(`${field} must be a whole percent`);

/** The split's rule (splitProblem) as a zod refinement: the field error where the problem is. */
const refineSplit = (split: { firstSidePercent?: number; secondSidePercent?: number }, issues: z.RefinementCtx) => {
  const problem = splitProblem(split);
  if (problem) issues.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
};

/** The two shares a side proposes: whole percents adding up to 100. */
export const FeeSplitInputSchema = z
  .object({ firstSidePercent: percent('The inviting side’s share'), secondSidePercent: percent('The other side’s share') })
  .superRefine(refineSplit);

/** An optional split beside other fields (an invitation's offer, a join's answer): both shares or neither. */
export const optionalSplitFields = {
  firstSidePercent: percent('The inviting side’s share').optional(),
  secondSidePercent: percent('The other side’s share').optional(),
};
export const refineOptionalSplit = (input: { firstSidePercent?: number; secondSidePercent?: number }, issues: z.RefinementCtx) => {
  if (input.firstSidePercent !== undefined || input.secondSidePercent !== undefined) refineSplit(input, issues);
};
export type FeeSplitInput = z.infer<typeof FeeSplitInputSchema>;

/** What one side owes and holds, in money: its share of the deposit and of the budget, and what it has paid. */
export const SideShareSchema = z.object({
  percent: z.number().int(),
  deposit: Amount.describe('This side’s share of the deposit'),
  budget: Amount.describe('This side’s share of the whole budget (the mediator’s fee)'),
  depositHeld: Amount.describe('What the platform holds of the deposit for this side’s share'),
  depositOutstanding: Amount.describe('What is still due of this side’s share of the deposit'),
  balance: Amount.describe('This side’s share of the balance (its share of the budget less its share of the deposit), decision 050'),
  balanceHeld: Amount.describe('What the platform holds of the balance for this side’s share'),
  balanceOutstanding: Amount.describe('What is still due of this side’s share of the balance: only while a selection waits for the shares'),
});
export type SideShare = z.infer<typeof SideShareSchema>;

/**
 * GET /api/requests/{id}/fee-split, and `sides.feeSplit` on a two-sided request's detail: the agreed split (null until
 * both sides agreed one), an open proposal, whether it may still change, and each side's money under the agreed split.
 */
export const FeeSplitDtoSchema = z.object({
  agreed: z.object({ firstSidePercent: z.number().int(), secondSidePercent: z.number().int(), agreedAt: z.iso.datetime() }).nullable(),
  proposal: z
    .object({
      firstSidePercent: z.number().int(),
      secondSidePercent: z.number().int(),
      proposedBy: z.enum(CASE_SIDES),
      proposedAt: z.iso.datetime(),
    })
    .nullable(),
  canChange: z.boolean().describe('False once the other side has paid toward its share, or a mediator is selected'),
  shares: z.object({ first: SideShareSchema, second: SideShareSchema }).nullable(),
  dueBy: z.iso
    .datetime()
    .nullable()
    .describe('While a share is due: the deadline it must be paid by, or the case closes unfunded and everything paid is refunded (decision 051)'),
  unfundedAt: z.iso.datetime().nullable().describe('When the case closed because a share was not paid by its deadline'),
  waitingSelection: z
    .object({ mediatorId: z.uuid(), budget: Amount })
    .nullable()
    .describe('The mediator both sides approved, whose selection takes effect once every share is paid (decision 050); the budget the shares are of'),
});
export type FeeSplitDto = z.infer<typeof FeeSplitDtoSchema>;

/**
 * POST /api/requests/{id}/shares/{side}/pay: the card payment of what a side owes now: its deposit share, or while a
 * two-sided selection waits for the shares (decision 050) its deposit share and then its balance share.
 */
export const SharePaymentSchema = z.object({
  clientSecret: z.string(),
  amount: Amount,
  side: z.enum(CASE_SIDES),
  onBehalf: z.boolean().describe('True when the caller pays the other side’s share'),
  kind: z.enum(['deposit', 'balance']).describe('What the payment is a share of'),
});
export type SharePayment = z.infer<typeof SharePaymentSchema>;

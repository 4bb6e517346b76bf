// Disputes (RULES.md 2.3 + 2.5): the lawyer's "report a problem" and the admins' resolution. Self-contained (no import
// from responses.ts, which imports the request's dispute summary from here).
import { z } from 'zod';
import { DISPUTE_OUTCOMES, DISPUTE_STATUSES, PAYMENT_STATUSES } from '../enums';

const Id = z.guid();
const Timestamp = z.iso.datetime();
const Amount = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('Two-decimal amount, e.g. "150.00"');

export const DISPUTE_TEXTS = {
  reason: 'Please describe the problem',
  note: 'Please add a note explaining the resolution',
  outcome: 'Choose release, full refund or partial refund',
} as const;

/** POST /api/requests/{id}/dispute */
export const DisputeInputSchema = z.object({
  reason: z.string(DISPUTE_TEXTS.reason).trim().min(1, DISPUTE_TEXTS.reason).max(5000, 'Must be at most 5000 characters'),
});
export type DisputeInput = z.infer<typeof DisputeInputSchema>;

/** POST /api/admin/disputes/{id}/resolve (RULES.md 7); `refundAmount` is checked against what is held by the service. */
export const ResolveDisputeInputSchema = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES, DISPUTE_TEXTS.outcome),
  refundAmount: z.union([z.string(), z.number()]).nullish(),
  note: z.string(DISPUTE_TEXTS.note).trim().min(1, DISPUTE_TEXTS.note).max(5000, 'Must be at most 5000 characters'),
});
export type ResolveDisputeInput = z.infer<typeof ResolveDisputeInputSchema>;

/** The dispute on a request, as the request's participants and admins see it (RequestDto.dispute). */
export const RequestDisputeSchema = z.object({
  id: Id,
  status: z.enum(DISPUTE_STATUSES),
  reason: z.string(),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  refundAmount: Amount.nullable(),
  /** Once resolved: what the resolution paid the mediator after the fee (release or partial refund); null otherwise. */
  mediatorPaid: Amount.nullable(),
  createdAt: Timestamp,
  resolvedAt: Timestamp.nullable(),
});
export type RequestDispute = z.infer<typeof RequestDisputeSchema>;

/** A dispute as admins see it: the case, the people, and the money held. */
export const AdminDisputeDtoSchema = RequestDisputeSchema.extend({
  requestId: Id,
  caseName: z.string(),
  caseNumber: z.string(),
  raisedById: Id,
  lawyer: z.object({ id: Id, name: z.string(), email: z.string() }),
  mediator: z.object({ id: Id, name: z.string(), email: z.string() }).nullable(),
  resolutionNote: z.string().nullable(),
  resolvedById: Id.nullable(),
  budget: Amount,
  /** What the escrow still holds for this request (0 once released or refunded). */
  amountHeld: Amount,
  /** Of amountHeld, the part paid with the deposit and with the balance (a partial refund takes the balance first). */
  depositHeld: Amount,
  balanceHeld: Amount,
  /** The request's own commission percentage (copied at submit): a partial refund's fee on the rest. */
  commissionPercentage: Amount,
  platformFee: Amount,
  mediatorPayout: Amount,
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  payoutReleaseAt: Timestamp.nullable(),
  /**
   * Who paid what is still held (decision 052): one lawyer on a one-sided case; each payer on a two-sided one (a side's
   * counsel, or the other side's paying on its behalf). A partial refund is shared between them in proportion.
   */
  payers: z.array(z.object({ id: Id, name: z.string(), side: z.enum(['first', 'second']).nullable(), held: Amount })),
});
export type AdminDisputeDto = z.infer<typeof AdminDisputeDtoSchema>;

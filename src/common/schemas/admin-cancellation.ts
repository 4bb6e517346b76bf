// An admin's cancellation with a chosen deposit refund (RULES.md 2.4 + 7): POST /api/admin/mediations/{requestId}/cancel.
import { z } from 'zod';
import { REQUEST_STATUSES } from '../enums';

export const ADMIN_CANCEL_TEXTS = {
  refund: 'Choose a full, partial or no refund of the deposit',
  reason: 'Please give a reason for cancelling',
  reasonTooLong: 'Must be at most 1000 characters',
} as const;

const DepositRefundChoiceSchema = z.enum(['full', 'partial', 'none'], ADMIN_CANCEL_TEXTS.refund);

/** What the admin sends: which part of the deposit goes back (the balance always does), and why. */
export const AdminCancelInputSchema = z.object({
  refund: DepositRefundChoiceSchema,
  reason: z.string(ADMIN_CANCEL_TEXTS.reason).trim().min(1, ADMIN_CANCEL_TEXTS.reason).max(1000, ADMIN_CANCEL_TEXTS.reasonTooLong),
});
export type AdminCancelInput = z.infer<typeof AdminCancelInputSchema>;

/** The cancelled request and what went back to the lawyer's card (deposit part + balance). */
export const AdminCancelResultSchema = z.object({
  id: z.guid(),
  status: z.enum(REQUEST_STATUSES),
  refundAmount: z.string().regex(/^\d+\.\d{2}$/),
  kind: z.enum(['full', 'partial', 'none']),
});
export type AdminCancelResult = z.infer<typeof AdminCancelResultSchema>;

/** GET /api/requests/{id}/cancellation?refund=: an admin previews their choice with the server's own rule. */
export const CancellationPreviewQuerySchema = z.object({ refund: DepositRefundChoiceSchema.optional() });

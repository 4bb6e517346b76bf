// What a cancelled (or otherwise refunded) request gave back, as the request page shows it (issue 8, RULES.md 2.4).
import { z } from 'zod';

const Amount = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * RequestDto.refund: the refunds recorded in the ledger for the request's payment (participants and admins only),
 * null when nothing was refunded.
 */
export const RequestRefundSchema = z
  .object({
    /** Total refunded to the lawyer's card. */
    amount: Amount,
    /** When the last refund went through. */
    refundedAt: z.iso.datetime(),
    /** Why (the policy's reason recorded with the refund), if known. */
    reason: z.string().nullable(),
  })
  .nullable();
export type RequestRefund = z.infer<typeof RequestRefundSchema>;

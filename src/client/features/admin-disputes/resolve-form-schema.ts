import { z } from 'zod';
import { partialRefundProblem } from '../../../common/domain/dispute-resolution';
import { DISPUTE_OUTCOMES } from '../../../common/enums';
import { parseCents, type Cents } from '../../../common/money';
import { DISPUTE_TEXTS } from '../../../common/schemas/disputes';

export const AMOUNT_FORMAT = 'Enter an amount such as 150.00';

/** The refund field as the server reads it: blank is null, malformed is undefined, otherwise cents. */
export function refundCentsOf(text: string | undefined): Cents | null | undefined {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return null;
  return parseCents(trimmed) ?? undefined;
}

/**
 * The resolve form, checked in the browser as the server checks it (disputes.service.ts): an outcome, a note, and for
 * a partial refund an amount of at most two decimals with 0 < amount < held (the shared partialRefundProblem).
 */
export function resolveFormSchema(held: Cents) {
  return z
    .object({
      outcome: z.enum(DISPUTE_OUTCOMES, DISPUTE_TEXTS.outcome),
      refundAmount: z.string(),
      note: z.string(DISPUTE_TEXTS.note).trim().min(1, DISPUTE_TEXTS.note).max(5000, 'Must be at most 5000 characters'),
    })
    .superRefine((values, ctx) => {
      if (values.outcome !== 'refund_partial') return;
      const cents = refundCentsOf(values.refundAmount);
      const problem = cents === undefined ? AMOUNT_FORMAT : partialRefundProblem(cents, held);
      if (problem) ctx.addIssue({ code: 'custom', path: ['refundAmount'], message: problem });
    });
}

export type ResolveFormValues = z.input<ReturnType<typeof resolveFormSchema>>;
export type ResolveFormOutput = z.output<ReturnType<typeof resolveFormSchema>>;

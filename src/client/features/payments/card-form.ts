import { z } from 'zod';
import { CARD_TEXTS, CardSchema } from '../../../common/schemas/payments';

const EXPIRY = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/;

/** "MM/YY" (or "MM/YYYY") read with the shared card schema's month and year rules and texts. */
const expiry = z.string(CARD_TEXTS.expiry).transform((value, ctx) => {
  const match = EXPIRY.exec(value.trim());
  const month = CardSchema.shape.expMonth.safeParse(match?.[1]);
  const year = CardSchema.shape.expYear.safeParse(match?.[2]);
  if (!match || !month.success || !year.success) {
    ctx.addIssue({ code: 'custom', message: CARD_TEXTS.expiry });
    return z.NEVER;
  }
  return { expMonth: month.data, expYear: year.data };
});

/**
 * The card form: the shared CardSchema's fields and texts (RULES.md 3, the same words the server reports), with the
 * month and year typed as one "MM/YY" field. Whether the date is in the future is the server's call (its clock).
 */
export const CardFormSchema = z.object({
  name: z.string().trim().max(200, 'Must be at most 200 characters').optional(),
  number: CardSchema.shape.number,
  expiry,
  cvc: CardSchema.shape.cvc,
});
export type CardFormValues = z.input<typeof CardFormSchema>;
export type CardFormOutput = z.output<typeof CardFormSchema>;

/** Where the server's field errors for `card.*` belong in this form. */
export const SERVER_FIELD: Record<string, keyof CardFormValues> = {
  'card.number': 'number',
  'card.expMonth': 'expiry',
  'card.expYear': 'expiry',
  'card.cvc': 'cvc',
};

import { z } from 'zod';

/** Luhn check of a card number (digits only). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export const CARD_TEXTS = {
  number: 'Your card number is invalid.',
  expiry: 'Your card has expired or the expiry date is invalid.',
  cvc: "Your card's security code is invalid.",
} as const;

/** The built-in card form of the `local` provider (RULES.md 3). Expiry-in-the-future is checked with the server clock. */
export const CardSchema = z.object({
  number: z
    .string(CARD_TEXTS.number)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{12,19}$/.test(v) && passesLuhn(v), CARD_TEXTS.number),
  expMonth: z.coerce.number(CARD_TEXTS.expiry).int(CARD_TEXTS.expiry).min(1, CARD_TEXTS.expiry).max(12, CARD_TEXTS.expiry),
  expYear: z.coerce
    .number(CARD_TEXTS.expiry)
    .int(CARD_TEXTS.expiry)
    .transform((y) => (y < 100 ? 2000 + y : y))
    .refine((y) => y >= 2000 && y <= 2100, CARD_TEXTS.expiry),
  cvc: z
    .string(CARD_TEXTS.cvc)
    .trim()
    .regex(/^\d{3,4}$/, CARD_TEXTS.cvc),
});
export type Card = z.output<typeof CardSchema>;

export const LocalConfirmSchema = z.object({
  clientSecret: z.string('clientSecret is required').min(1, 'clientSecret is required').max(200),
  card: CardSchema,
});
export type LocalConfirm = z.input<typeof LocalConfirmSchema>;

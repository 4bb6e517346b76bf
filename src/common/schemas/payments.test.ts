import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CARD_TEXTS, CardSchema, LocalConfirmSchema, passesLuhn } from './payments';

// RULES.md 3: the local provider's card form. Luhn, expiry month 1–12 (2-digit years are 20xx), CVC 3–4 digits.
const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 30, cvc: '123' };

describe('passesLuhn', () => {
  it.each<[string, boolean]>([
    ['4242424242424242', true],
    ['4000000000000002', true], // declined by the provider, but a valid number
    ['4000000000009995', true],
    ['4000000000000341', true],
    ['5555555555554444', true],
    ['378282246310005', true], // 15-digit Amex
    ['4242424242424241', false],
    ['4242424242424243', false],
    ['1234567812345678', false],
    ['00000000000', false], // too short even though the sum is 0
    ['000000000000', true], // 12 digits, sum 0
  ])('%s → %s', (digits, expected) => {
    expect(passesLuhn(digits)).toBe(expected);
  });

  it('exactly one check digit completes any 15-digit prefix', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 15, maxLength: 15 }), (prefix) => {
        const passing = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => passesLuhn(prefix.join('') + d));
        expect(passing).toHaveLength(1);
      }),
      { numRuns: 500 },
    );
  });

  it('changing any single digit of a valid number breaks it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = '4242424242424242'.split('').map(Number);
        digits[position] = (digits[position] + delta) % 10;
        expect(passesLuhn(digits.join(''))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('CardSchema', () => {
  it.each<[Record<string, unknown>, Record<string, unknown>]>([
    [{}, { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }],
    [{ number: '4242-4242-4242-4242' }, { number: '4242424242424242' }],
    [{ number: '4242424242424242' }, { number: '4242424242424242' }],
    [{ expMonth: '1' }, { expMonth: 1 }],
    [{ expMonth: '07' }, { expMonth: 7 }],
    [{ expYear: '29' }, { expYear: 2029 }],
    [{ expYear: 99 }, { expYear: 2099 }],
    [{ expYear: 2031 }, { expYear: 2031 }],
    [{ expYear: '2100' }, { expYear: 2100 }],
    [{ cvc: '1234' }, { cvc: '1234' }],
    [{ cvc: ' 123 ' }, { cvc: '123' }],
  ])('%j → %j', (overrides, expected) => {
    expect(CardSchema.parse({ ...card, ...overrides })).toMatchObject(expected);
  });

  it.each<[Record<string, unknown>, 'number' | 'expMonth' | 'expYear' | 'cvc']>([
    [{ number: '4242 4242 4242 4241' }, 'number'],
    [{ number: '4242' }, 'number'],
    [{ number: '' }, 'number'],
    [{ number: '4242 4242 4242 424a' }, 'number'],
    [{ number: '42424242424242424242' }, 'number'], // 20 digits
    [{ number: 4242424242424242 }, 'number'],
    [{ expMonth: 13 }, 'expMonth'],
    [{ expMonth: '13' }, 'expMonth'],
    [{ expMonth: 0 }, 'expMonth'],
    [{ expMonth: 1.5 }, 'expMonth'],
    [{ expMonth: 'Dec' }, 'expMonth'],
    [{ expYear: 1999 }, 'expYear'],
    [{ expYear: 2101 }, 'expYear'],
    [{ expYear: 'soon' }, 'expYear'],
    [{ cvc: '12' }, 'cvc'],
    [{ cvc: '12345' }, 'cvc'],
    [{ cvc: '12a' }, 'cvc'],
    [{ cvc: undefined }, 'cvc'],
  ])('%j → invalid %s', (overrides, field) => {
    const texts: Record<string, string> = { number: CARD_TEXTS.number, expMonth: CARD_TEXTS.expiry, expYear: CARD_TEXTS.expiry, cvc: CARD_TEXTS.cvc };
    expect(issuesOf(CardSchema, { ...card, ...overrides })).toContainEqual({ path: field, message: texts[field] });
  });

  it('the card texts are the provider-style messages', () => {
    expect(CARD_TEXTS).toEqual({
      number: 'Your card number is invalid.',
      expiry: 'Your card has expired or the expiry date is invalid.',
      cvc: "Your card's security code is invalid.",
    });
  });

  it('a CVC is valid exactly when it is 3 or 4 digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '5', '9', 'a', '-'), maxLength: 6 }), (cvc) => {
        expect(CardSchema.safeParse({ ...card, cvc }).success).toBe(/^\d{3,4}$/.test(cvc));
      }),
      { numRuns: 500 },
    );
  });

  it('any month 1–12 and any 2-digit year parse; 2-digit years are 20xx', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 }), (m, y) => {
        expect(CardSchema.parse({ ...card, expMonth: m, expYear: String(y).padStart(2, '0') })).toMatchObject({ expMonth: m, expYear: 2000 + y });
      }),
      { numRuns: 500 },
    );
  });
});

describe('LocalConfirmSchema', () => {
  it.each<[Record<string, unknown>, string, string]>([
    [{ card }, 'clientSecret', 'clientSecret is required'],
    [{ clientSecret: '', card }, 'clientSecret', 'clientSecret is required'],
    [{ clientSecret: 'pi_1_secret', card: { ...card, number: '1111' } }, 'card.number', CARD_TEXTS.number],
  ])('%j → %s: %s', (input, path, message) => {
    expect(issuesOf(LocalConfirmSchema, input)).toContainEqual({ path, message });
  });

  it('accepts a secret and a good card', () => {
    expect(LocalConfirmSchema.safeParse({ clientSecret: 'pi_1_secret', card }).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { CARD_TEXTS } from '../../../common/schemas/payments';
import { CardFormSchema } from './card-form';

const valid = { name: 'Jane Doe', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

function firstError(input: Record<string, unknown>, field: string): string | undefined {
  const result = CardFormSchema.safeParse(input);
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
}

describe('CardFormSchema', () => {
  it('reads a valid card into the shape the server takes', () => {
    expect(CardFormSchema.parse(valid)).toEqual({ name: 'Jane Doe', number: '4242424242424242', expiry: { expMonth: 12, expYear: 2030 }, cvc: '123' });
    expect(CardFormSchema.parse({ ...valid, expiry: ' 1 / 2031 ' }).expiry).toEqual({ expMonth: 1, expYear: 2031 });
  });

  it.each([
    ['number', '4242 4242 4242 4241', CARD_TEXTS.number],
    ['number', '', CARD_TEXTS.number],
    ['number', '4242', CARD_TEXTS.number],
    ['expiry', '13/30', CARD_TEXTS.expiry],
    ['expiry', '00/30', CARD_TEXTS.expiry],
    ['expiry', '1230', CARD_TEXTS.expiry],
    ['expiry', '', CARD_TEXTS.expiry],
    ['cvc', '12', CARD_TEXTS.cvc],
    ['cvc', '12a', CARD_TEXTS.cvc],
  ])('%s %j is refused with the shared text', (field, value, text) => {
    expect(firstError({ ...valid, [field]: value }, field)).toBe(text);
  });
});

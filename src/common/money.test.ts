import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CENTS, displayCents, displayMoney, formatCents, parseCents, percentOf } from './money';

// RULES.md 1: integer cents; inputs are a number or a string, at most two decimals, at most 99,999,999.99.
const RUNS = { numRuns: 500 };

describe('parseCents', () => {
  it.each<[unknown, number | null]>([
    // numbers
    [0, 0],
    [1, 100],
    [0.01, 1],
    [0.1, 10],
    [12.34, 1234],
    [1250, 125_000],
    [1250.5, 125_050],
    [99_999_999.99, MAX_CENTS],
    [1.005, null], // three decimals
    [0.1 + 0.2, null], // 0.30000000000000004
    [-5, null],
    [-0.01, null],
    [100_000_000, null], // one dollar over the max
    [1e21, null], // prints in exponent form
    [1e-7, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    // strings
    ['0', 0],
    ['5', 500],
    ['$5', 500],
    ['$5.5', 550],
    ['1250', 125_000],
    ['1250.00', 125_000],
    ['1,250.00', 125_000],
    ['$1,250.00', 125_000],
    ['  1,250.5  ', 125_050],
    ['1,000,000', 100_000_000],
    ['99999999.99', MAX_CENTS],
    ['99,999,999.99', MAX_CENTS],
    ['$99,999,999.99', MAX_CENTS],
    ['100000000.00', null], // one cent over 99,999,999.99
    ['100,000,000', null],
    ['00000001.10', 110],
    ['1.001', null],
    ['12.345', null],
    ['-5', null],
    ['-0.01', null],
    ['$-5', null],
    ['', null],
    ['   ', null],
    ['abc', null],
    ['1e3', null],
    ['5.', null],
    ['.5', null],
    ['$$5', null],
    ['5 $', null],
    ['1 250', null],
    // misplaced commas are refused, never read as another amount
    ['1,25', null],
    ['1,2,3', null],
    [',100', null],
    ['12,34.56', null],
    ['1,2500.00', null],
    // other types
    [null, null],
    [undefined, null],
    [true, null],
    [{}, null],
    [[5], null],
  ])('parseCents(%j) → %j', (input, expected) => {
    expect(parseCents(input)).toBe(expected);
  });

  it('accepts exactly the max and refuses one cent more', () => {
    expect(parseCents(formatCents(MAX_CENTS))).toBe(9_999_999_999);
    expect(parseCents(formatCents(MAX_CENTS + 1))).toBeNull();
  });
});

describe('formatCents', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [105, '1.05'],
    [125_000, '1250.00'],
    [100_000_000, '1000000.00'],
    [MAX_CENTS, '99999999.99'],
    [-5, '-0.05'],
    [-125_050, '-1250.50'],
  ])('formatCents(%i) → %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])('refuses a non-integer amount of cents: %s', (value) => {
    expect(() => formatCents(value)).toThrow(RangeError);
    expect(() => displayCents(value)).toThrow(RangeError);
  });
});

describe('displayCents', () => {
  it.each([
    [0, '$0'],
    [5, '$0.05'],
    [25_000, '$250'],
    [99_999, '$999.99'],
    [100_000, '$1,000'],
    [125_000, '$1,250'],
    [12_345_678, '$123,456.78'],
    [100_000_000, '$1,000,000'],
    [MAX_CENTS, '$99,999,999.99'],
    [-125_000, '-$1,250'],
    [-125_050, '-$1,250.50'],
  ])('displayCents(%i) → %s', (cents, expected) => {
    expect(displayCents(cents)).toBe(expected);
  });

  it.each<[string | number | null | undefined, string]>([
    ['1250.00', '$1,250'],
    [1250, '$1,250'],
    ['50', '$50'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['not money', 'not money'],
  ])('displayMoney(%j) → %j', (amount, expected) => {
    expect(displayMoney(amount)).toBe(expected);
  });
});

describe('percentOf (half-up to the cent)', () => {
  it.each([
    // [cents, percent in hundredths, expected]
    [12_345, 1000, 1235], // 1234.5 → 1235
    [12_344, 1000, 1234], // 1234.4
    [12_346, 1000, 1235], // 1234.6
    [12_355, 1000, 1236], // 1235.5 → 1236 (half-up, not half-even)
    [50_000, 1000, 5000],
    [49_999, 1000, 5000], // 4999.9
    [50_005, 1000, 5001], // 5000.5
    [1, 5000, 1], // 0.5 → 1
    [1, 4999, 0], // 0.4999
    [3, 1250, 0], // 0.375
    [4, 1250, 1], // 0.5
    [333, 1250, 42], // 41.625
    [10_000, 1250, 1250],
    [0, 1000, 0],
    [12_345, 0, 0],
    [12_345, 10_000, 12_345],
    [MAX_CENTS, 10_000, MAX_CENTS],
    [MAX_CENTS, 1000, 1_000_000_000], // 999,999,999.9
  ])('percentOf(%i, %i) → %i', (cents, percent, expected) => {
    expect(percentOf(cents, percent)).toBe(expected);
  });
});

describe('money properties', () => {
  const cents = fc.integer({ min: 0, max: MAX_CENTS });

  it('parseCents∘formatCents is the identity, and formatCents∘parseCents round-trips', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const text = formatCents(c);
        expect(parseCents(text)).toBe(c);
        expect(formatCents(parseCents(text)!)).toBe(text);
      }),
      RUNS,
    );
  });

  it('the display form and the number form parse back to the same cents', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(parseCents(displayCents(c))).toBe(c);
        expect(parseCents(Number(formatCents(c)))).toBe(c);
      }),
      RUNS,
    );
  });

  it('any string with three or more decimals is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 999 }), (whole, milli) => {
        expect(parseCents(`${whole}.${String(milli).padStart(3, '0')}`)).toBeNull();
      }),
      RUNS,
    );
  });

  const exact = (c: number, p: number) => Number((BigInt(c) * BigInt(p) + 5_000n) / 10_000n);

  it('percentOf equals an exact BigInt half-up computation over the money range', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 10_000 }), (c, p) => {
        expect(percentOf(c, p)).toBe(exact(c, p));
      }),
      RUNS,
    );
  });

  it('percentOf stays exact when the product passes the safe-integer range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 10_000 }), (c, p) => {
        const result = exact(c, p);
        fc.pre(Number.isSafeInteger(result));
        expect(percentOf(c, p)).toBe(result);
      }),
      RUNS,
    );
  });
});

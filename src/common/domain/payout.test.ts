import { describe, expect, it } from 'vitest';
import { allocatePayout } from './payout';

describe('allocatePayout', () => {
  it.each([
    // [charges (cents), fee, expected [transfer, fee] per charge]
    [
      'deposit + balance, fee within the deposit',
      [25_000, 115_000],
      14_000,
      [
        [11_000, 14_000],
        [115_000, 0],
      ],
    ],
    [
      'fee larger than the deposit spills onto the balance',
      [25_000, 375_000],
      40_000,
      [
        [0, 25_000],
        [360_000, 15_000],
      ],
    ],
    [
      'fee exactly the deposit',
      [25_000, 50_000],
      25_000,
      [
        [0, 25_000],
        [50_000, 0],
      ],
    ],
    ['budget equal to the deposit: one charge', [25_000], 5_000, [[20_000, 5_000]]],
    [
      'odd cents',
      [25_001, 99_999],
      12_500,
      [
        [12_501, 12_500],
        [99_999, 0],
      ],
    ],
  ])('%s', (_name, amounts, fee, expected) => {
    const charges = amounts.map((amount, i) => ({ chargeId: `ch_${i}`, amount }));
    const parts = allocatePayout(charges, fee);
    expect(parts.map((p) => [p.transfer, p.platformFee])).toEqual(expected);
    // Every cent is accounted for: transfers + fee = charged.
    const total = amounts.reduce((s, a) => s + a, 0);
    expect(parts.reduce((s, p) => s + p.transfer + p.platformFee, 0)).toBe(total);
    expect(parts.reduce((s, p) => s + p.platformFee, 0)).toBe(fee);
  });

  it('refuses charges that do not cover the fee', () => {
    expect(() => allocatePayout([{ chargeId: 'a', amount: 100 }], 101)).toThrow('short');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CENTS, formatCents, percentOf } from '../money';
import { budgetProblem, mediatorShareOf, splitBudget, type FeeTerms } from './fees';

// RULES.md 1: fee = max(minimumPlatformFee, commission % of budget) half-up; payout = budget − fee.
const RUNS = { numRuns: 500 };
const DEFAULT: FeeTerms = { commissionPercentage: '10.00', minimumPlatformFee: '50.00', defaultDeposit: '250.00' };
const terms = (commissionPercentage: string, minimumPlatformFee: string, defaultDeposit = '250.00'): FeeTerms => ({
  commissionPercentage,
  minimumPlatformFee,
  defaultDeposit,
});

describe('splitBudget with the default terms (10 %, minimum $50)', () => {
  it.each([
    // [budget, platformFee, mediatorPayout] in cents
    [25_000, 5_000, 20_000], // $250: 10 % = $25 → minimum $50
    [40_000, 5_000, 35_000],
    [49_994, 5_000, 44_994], // 4999.4 → 4999 → minimum wins
    [49_995, 5_000, 44_995], // 4999.5 → 5000 half-up, equal to the minimum
    [49_999, 5_000, 44_999],
    [50_000, 5_000, 45_000], // $500: both are exactly $50
    [50_001, 5_000, 45_001], // 5000.1 → 5000
    [50_004, 5_000, 45_004], // 5000.4 → 5000
    [50_005, 5_001, 45_004], // 5000.5 → 5001: the percentage takes over
    [50_010, 5_001, 45_009],
    [50_100, 5_010, 45_090],
    [100_000, 10_000, 90_000],
    [123_455, 12_346, 111_109], // 12345.5 → 12346
    [123_454, 12_345, 111_109],
    [MAX_CENTS, 1_000_000_000, 8_999_999_999],
    [1, 5_000, -4_999], // below the minimum fee: budgetProblem refuses it
  ])('budget %i → fee %i, payout %i', (budget, platformFee, mediatorPayout) => {
    expect(splitBudget(budget, DEFAULT)).toEqual({ platformFee, mediatorPayout });
  });
});

describe('splitBudget with custom terms', () => {
  it.each<[string, string, number, number]>([
    // [commission, minimum fee, budget, fee]
    ['10.00', '0.00', 12_345, 1_235], // 1234.5 → 1235
    ['10.00', '0.00', 12_344, 1_234],
    ['10.00', '0', 5, 1], // 0.5 → 1
    ['10.00', '0', 4, 0],
    ['12.50', '0.00', 10_000, 1_250],
    ['12.50', '0.00', 12_345, 1_543], // 1543.125
    ['12.50', '0.00', 12_348, 1_544], // 1543.5 → 1544
    ['12.50', '0.00', 3, 0], // 0.375
    ['12.50', '0.00', 4, 1], // 0.5
    ['12.5', '0', 80_000, 10_000],
    ['0.00', '0.00', 70_000, 0],
    ['0.00', '25.00', 70_000, 2_500],
    ['100.00', '0.00', 70_000, 70_000],
    ['0.01', '0.00', 5_000, 1], // 0.5 → 1
    ['99.99', '1000.00', 70_000, 100_000], // minimum larger than the budget
    ['15.00', '1,000.00', 1_000_000, 150_000],
  ])('commission %s %%, minimum %s: budget %i → fee %i', (commission, minimum, budget, fee) => {
    expect(splitBudget(budget, terms(commission, minimum))).toEqual({ platformFee: fee, mediatorPayout: budget - fee });
  });

  it.each(['ten', '', '-5', '10.005'])('refuses malformed terms (%j) instead of guessing', (bad) => {
    expect(() => splitBudget(10_000, terms(bad, '50.00'))).toThrow(RangeError);
    expect(() => splitBudget(10_000, terms('10.00', bad))).toThrow(RangeError);
    expect(() => budgetProblem(10_000, terms('10.00', '50.00', bad))).toThrow(RangeError);
  });
});

describe('budgetProblem', () => {
  it.each<[FeeTerms, number, string | null]>([
    [DEFAULT, 0, 'Budget must be at least $250 (the deposit)'],
    [DEFAULT, 1, 'Budget must be at least $250 (the deposit)'],
    [DEFAULT, 24_999, 'Budget must be at least $250 (the deposit)'],
    [DEFAULT, 25_000, null],
    [DEFAULT, 70_000, null],
    [DEFAULT, MAX_CENTS, null],
    [DEFAULT, MAX_CENTS + 1, 'Budget must be at most $99,999,999.99'], // e.g. a counteroffer rate × 8 hours
    [terms('10.00', '50.00', '1250.00'), 124_999, 'Budget must be at least $1,250 (the deposit)'],
    [terms('10.00', '50.00', '1250.00'), 125_000, null],
    // deposit below the minimum fee: the payout limit bites
    [terms('10.00', '50.00', '10.00'), 1_000, 'Budget must be more than the platform fee of $50'],
    [terms('10.00', '50.00', '10.00'), 5_000, 'Budget must be more than the platform fee of $50'],
    [terms('10.00', '50.00', '10.00'), 5_001, null],
    [terms('10.00', '1,000.00', '250.00'), 100_000, 'Budget must be more than the platform fee of $1,000'],
    [terms('10.00', '1,000.00', '250.00'), 100_001, null],
    // 100 % commission never leaves a payout
    [terms('100.00', '0.00', '250.00'), 25_000, 'Budget must be more than the platform fee of $250'],
    [terms('100.00', '0.00', '250.00'), 1_234_567, 'Budget must be more than the platform fee of $12,345.67'],
    // zero deposit and zero fee: any positive budget
    [terms('0.00', '0.00', '0.00'), 1, null],
  ])('%j, budget %i → %j', (t, budget, expected) => {
    expect(budgetProblem(budget, t)).toBe(expected);
  });
});

describe('mediatorShareOf (commission only, no minimum)', () => {
  it.each<[number, string, number, number]>([
    // [kept, commission, platformFee, mediatorAmount]
    [12_500, '10.00', 1_250, 11_250],
    [25_000, '10.00', 2_500, 22_500],
    [12_501, '10.00', 1_250, 11_251], // 1250.1
    [12_505, '10.00', 1_251, 11_254], // 1250.5 → 1251
    [100, '10.00', 10, 90], // far below the $50 minimum: still only 10 %
    [5, '10.00', 1, 4],
    [4, '10.00', 0, 4],
    [0, '10.00', 0, 0],
    [25_000, '12.50', 3_125, 21_875],
    [25_000, '0.00', 0, 25_000],
    [25_000, '100.00', 25_000, 0],
  ])('kept %i at %s %% → platform %i, mediator %i', (kept, commission, platformFee, mediatorAmount) => {
    expect(mediatorShareOf(kept, commission)).toEqual({ platformFee, mediatorAmount });
  });
});

describe('fee properties', () => {
  const commission = fc.integer({ min: 0, max: 10_000 }); // 0.00 – 100.00 %
  const minimum = fc.integer({ min: 0, max: 100_000 }); // $0 – $1,000
  const budget = fc.integer({ min: 1, max: MAX_CENTS });

  it('fee + payout = budget; fee ≥ minimum; fee ≥ the commission share; fee is one of the two', () => {
    fc.assert(
      fc.property(budget, commission, minimum, (b, c, m) => {
        const { platformFee, mediatorPayout } = splitBudget(b, terms(formatCents(c), formatCents(m)));
        expect(Number.isSafeInteger(platformFee) && Number.isSafeInteger(mediatorPayout)).toBe(true);
        expect(platformFee + mediatorPayout).toBe(b);
        expect(platformFee).toBeGreaterThanOrEqual(m);
        expect(platformFee).toBeGreaterThanOrEqual(percentOf(b, c));
        // commission share against the exact rational b × c / 10 000, half-up
        expect(BigInt(platformFee) * 10_000n * 2n).toBeGreaterThanOrEqual(BigInt(b) * BigInt(c) * 2n - 10_000n);
        expect([m, percentOf(b, c)]).toContain(platformFee);
      }),
      RUNS,
    );
  });

  it('budgetProblem is null exactly when budget ≥ deposit and the payout is above zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS * 8 }), commission, minimum, fc.integer({ min: 0, max: 100_000 }), (b, c, m, d) => {
        const t = terms(formatCents(c), formatCents(m), formatCents(d));
        const ok = b >= d && b <= MAX_CENTS && splitBudget(b, t).mediatorPayout > 0;
        expect(budgetProblem(b, t) === null).toBe(ok);
      }),
      RUNS,
    );
  });

  it('mediatorShareOf splits the kept amount exactly, never more than it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), commission, (kept, c) => {
        const { platformFee, mediatorAmount } = mediatorShareOf(kept, formatCents(c));
        expect(platformFee + mediatorAmount).toBe(kept);
        expect(platformFee).toBeGreaterThanOrEqual(0);
        expect(mediatorAmount).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });
});

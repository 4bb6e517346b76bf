import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CaseSide } from '../enums';
import { MAX_CENTS } from '../money';
import { depositPosition, excessRefunds, keptByCanceller, proportionalParts, shareOf, splitProblem, type ShareCharge } from './fee-split';

// Issue 24, docs/decisions/049: the fee split of a two-sided case.
const RUNS = { numRuns: 500 };
const SIDES = ['first', 'second'] as const;
const charge = (chargeId: string, side: CaseSide, held: number): ShareCharge => ({ chargeId, side, held });
const heldTotal = (p: { held: Record<CaseSide, number> }) => p.held.first + p.held.second;

/** Charges in the order they were made, with distinct ids. */
const chargesArb = (maxHeld: number) =>
  fc
    .array(fc.record({ side: fc.constantFrom<CaseSide>(...SIDES), held: fc.integer({ min: 0, max: maxHeld }) }), { maxLength: 6 })
    .map((list) => list.map(({ side, held }, i) => charge(`ch_${i}`, side, held)));

const applyRefunds = (charges: readonly ShareCharge[], refunds: readonly { chargeId: string; amount: number }[]) =>
  charges.map((c) => ({ ...c, held: c.held - refunds.filter((r) => r.chargeId === c.chargeId).reduce((s, r) => s + r.amount, 0) }));

describe('shareOf (second side rounded down, the inviting side takes the odd cent)', () => {
  it.each([
    // [total, firstSidePercent, first, second]
    [25_000, 50, 12_500, 12_500],
    [25_001, 50, 12_501, 12_500], // $250.01 at 50/50: the odd cent goes to the first side
    [25_000, 100, 25_000, 0],
    [25_000, 0, 0, 25_000],
    [25_000, 60, 15_000, 10_000],
    [25_001, 60, 15_001, 10_000], // 10000.4 → 10000
    [10_000, 33, 3_300, 6_700],
    [10_001, 33, 3_301, 6_700], // 6700.67 → 6700
    [10_000, 1, 100, 9_900],
    [99, 1, 1, 98], // 98.01 → 98
    [1, 50, 1, 0],
    [1, 0, 0, 1],
    [0, 50, 0, 0],
    [0, 0, 0, 0],
    [MAX_CENTS, 50, 5_000_000_000, 4_999_999_999],
  ])('%i at %i %% → first %i, second %i', (total, percent, first, second) => {
    expect(shareOf(total, percent)).toEqual({ first, second });
  });

  it('the two shares add up to the total, neither is negative, the second is rounded down', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), fc.integer({ min: 0, max: 100 }), (total, p) => {
        const { first, second } = shareOf(total, p);
        expect(first + second).toBe(total);
        expect(first).toBeGreaterThanOrEqual(0);
        expect(second).toBeGreaterThanOrEqual(0);
        expect(second).toBe(Math.floor((total * (100 - p)) / 100));
      }),
      RUNS,
    );
  });
});

describe('depositPosition', () => {
  const DEPOSIT = 25_000;

  it.each<[string, number, ShareCharge[], Record<CaseSide, number>, Record<CaseSide, number>, Record<CaseSide, number>]>([
    // [why, firstSidePercent, charges, held, outstanding, excess]
    ['nothing paid', 50, [], { first: 0, second: 0 }, { first: 12_500, second: 12_500 }, { first: 0, second: 0 }],
    [
      'the first side paid the whole deposit at submit, the second has not paid: no excess yet',
      50,
      [charge('a', 'first', 25_000)],
      { first: 25_000, second: 0 },
      { first: 0, second: 12_500 },
      { first: 0, second: 0 },
    ],
    [
      'the second side paid its share: the first side’s excess is the second’s share',
      50,
      [charge('a', 'first', 25_000), charge('b', 'second', 12_500)],
      { first: 25_000, second: 12_500 },
      { first: 0, second: 0 },
      { first: 12_500, second: 0 },
    ],
    [
      'the second side paid twice: one share of excess on that side',
      50,
      [charge('a', 'first', 12_500), charge('b', 'second', 12_500), charge('c', 'second', 12_500)],
      { first: 12_500, second: 25_000 },
      { first: 0, second: 0 },
      { first: 0, second: 12_500 },
    ],
    [
      'the second side paid twice before the first side’s excess went back',
      50,
      [charge('a', 'first', 25_000), charge('b', 'second', 12_500), charge('c', 'second', 12_500)],
      { first: 25_000, second: 25_000 },
      { first: 0, second: 0 },
      { first: 12_500, second: 12_500 },
    ],
    [
      '60/40 after both paid',
      60,
      [charge('a', 'first', 25_000), charge('b', 'second', 10_000)],
      { first: 25_000, second: 10_000 },
      { first: 0, second: 0 },
      { first: 10_000, second: 0 },
    ],
    [
      '0/100, the first side paid at submit: the second owes all of it',
      0,
      [charge('a', 'first', 25_000)],
      { first: 25_000, second: 0 },
      { first: 0, second: 25_000 },
      { first: 0, second: 0 },
    ],
    [
      '0/100 after the second side paid: all of the first side’s payment is excess',
      0,
      [charge('a', 'first', 25_000), charge('b', 'second', 25_000)],
      { first: 25_000, second: 25_000 },
      { first: 0, second: 0 },
      { first: 25_000, second: 0 },
    ],
    [
      '100/0, the first side paid: nothing outstanding, nothing in excess',
      100,
      [charge('a', 'first', 25_000)],
      { first: 25_000, second: 0 },
      { first: 0, second: 0 },
      { first: 0, second: 0 },
    ],
    [
      '100/0, the second side paid anyway: all of its payment is excess',
      100,
      [charge('a', 'first', 25_000), charge('b', 'second', 5_000)],
      { first: 25_000, second: 5_000 },
      { first: 0, second: 0 },
      { first: 0, second: 5_000 },
    ],
    [
      'partial holdings on both sides',
      50,
      [charge('a', 'first', 10_000), charge('b', 'second', 5_000)],
      { first: 10_000, second: 5_000 },
      { first: 2_500, second: 7_500 },
      { first: 0, second: 0 },
    ],
    [
      'the first side holds more than its share, the second only part of its own: the excess waits',
      50,
      [charge('a', 'first', 25_000), charge('b', 'second', 5_000)],
      { first: 25_000, second: 5_000 },
      { first: 0, second: 7_500 },
      { first: 0, second: 0 },
    ],
    [
      'the second side holds more than its share, the first only part of its own: the excess waits',
      50,
      [charge('a', 'first', 10_000), charge('b', 'second', 20_000)],
      { first: 10_000, second: 20_000 },
      { first: 2_500, second: 0 },
      { first: 0, second: 0 },
    ],
    [
      'several charges of a side add up, partly refunded ones count what they still hold',
      50,
      [charge('a', 'first', 12_500), charge('b', 'second', 0), charge('c', 'second', 6_000), charge('d', 'second', 6_500)],
      { first: 12_500, second: 12_500 },
      { first: 0, second: 0 },
      { first: 0, second: 0 },
    ],
  ])('%s', (_why, percent, charges, held, outstanding, excess) => {
    expect(depositPosition(DEPOSIT, percent, charges)).toEqual({ due: shareOf(DEPOSIT, percent), held, outstanding, excess });
  });

  it('an odd-cent deposit: the first side owes the odd cent', () => {
    const p = depositPosition(25_001, 50, [charge('a', 'first', 25_001), charge('b', 'second', 12_500)]);
    expect(p.due).toEqual({ first: 12_501, second: 12_500 });
    expect(p.excess).toEqual({ first: 12_500, second: 0 });
  });
});

describe('excessRefunds', () => {
  const DEPOSIT = 25_000;

  it.each<[string, number, ShareCharge[], { chargeId: string; amount: number }[]]>([
    ['nothing paid', 50, [], []],
    ['only the first side paid: nothing goes back yet', 50, [charge('a', 'first', 25_000)], []],
    ['both paid their shares exactly', 50, [charge('a', 'first', 12_500), charge('b', 'second', 12_500)], []],
    ['100/0 with the first side paid', 100, [charge('a', 'first', 25_000)], []],
    ['the first side’s excess once the second paid', 50, [charge('a', 'first', 25_000), charge('b', 'second', 12_500)], [{ chargeId: 'a', amount: 12_500 }]],
    [
      'from the side’s latest charge first, never more than it holds',
      50,
      [charge('a', 'first', 20_000), charge('b', 'first', 5_000), charge('c', 'second', 12_500)],
      [
        { chargeId: 'b', amount: 5_000 },
        { chargeId: 'a', amount: 7_500 },
      ],
    ],
    [
      'a charge already emptied is skipped',
      50,
      [charge('a', 'first', 25_000), charge('b', 'first', 0), charge('c', 'second', 12_500)],
      [{ chargeId: 'a', amount: 12_500 }],
    ],
    [
      'the second side paid twice: the payment that arrived second is undone',
      50,
      [charge('a', 'first', 12_500), charge('b', 'second', 12_500), charge('c', 'second', 12_500)],
      [{ chargeId: 'c', amount: 12_500 }],
    ],
    [
      'both sides in excess: each from its own charges, the other side’s later charges untouched',
      50,
      [charge('a', 'first', 25_000), charge('b', 'second', 12_500), charge('c', 'second', 12_500)],
      [
        { chargeId: 'a', amount: 12_500 },
        { chargeId: 'c', amount: 12_500 },
      ],
    ],
    [
      '0/100 after the second side paid: the first side gets all of it back',
      0,
      [charge('a', 'first', 25_000), charge('b', 'second', 25_000)],
      [{ chargeId: 'a', amount: 25_000 }],
    ],
    ['the excess waits while the other side’s share is outstanding', 50, [charge('a', 'first', 25_000), charge('b', 'second', 5_000)], []],
  ])('%s', (_why, percent, charges, expected) => {
    expect(excessRefunds(DEPOSIT, percent, charges)).toEqual(expected);
  });

  const deposit = fc.integer({ min: 0, max: 1_000_000 });
  const percent = fc.integer({ min: 0, max: 100 });

  it('refunds exactly the excess, from each side’s latest charges, never more than a charge holds', () => {
    fc.assert(
      fc.property(deposit, percent, chargesArb(1_000_000), (d, p, charges) => {
        const { excess } = depositPosition(d, p, charges);
        const refunds = excessRefunds(d, p, charges);
        const byId = new Map(charges.map((c, i) => [c.chargeId, { ...c, i }]));
        expect(new Set(refunds.map((r) => r.chargeId)).size).toBe(refunds.length);
        for (const r of refunds) {
          expect(r.amount).toBeGreaterThan(0);
          expect(r.amount).toBeLessThanOrEqual(byId.get(r.chargeId)!.held);
        }
        for (const side of SIDES) {
          const mine = refunds.filter((r) => byId.get(r.chargeId)!.side === side);
          expect(mine.reduce((s, r) => s + r.amount, 0)).toBe(excess[side]);
          // latest first: a side's refunds walk its charges backwards, and every charge of the side later than a
          // refunded one that still held money is refunded in full
          const order = mine.map((r) => byId.get(r.chargeId)!.i);
          expect(order).toEqual([...order].sort((a, b) => b - a));
          if (order.length > 0) {
            const earliest = Math.min(...order);
            for (const c of charges.slice(earliest + 1)) {
              if (c.side !== side || c.held === 0) continue;
              expect(mine.find((r) => r.chargeId === c.chargeId)?.amount).toBe(c.held);
            }
          }
        }
        if (excess.first === 0 && excess.second === 0) expect(refunds).toEqual([]);
      }),
      RUNS,
    );
  });

  it('after the refunds neither side is in excess, and the escrow still holds the deposit if it did before', () => {
    fc.assert(
      fc.property(deposit, percent, chargesArb(1_000_000), (d, p, charges) => {
        const before = depositPosition(d, p, charges);
        const after = depositPosition(d, p, applyRefunds(charges, excessRefunds(d, p, charges)));
        expect(after.excess).toEqual({ first: 0, second: 0 });
        expect(after.outstanding).toEqual(before.outstanding);
        if (heldTotal(before) >= d) expect(heldTotal(after)).toBeGreaterThanOrEqual(d);
        expect(excessRefunds(d, p, applyRefunds(charges, excessRefunds(d, p, charges)))).toEqual([]);
      }),
      RUNS,
    );
  });
});

describe('proportionalParts (largest remainder, ties to the earlier)', () => {
  it.each<[number[], number, number[]]>([
    // [amounts, total, parts]
    [[100, 300], 200, [50, 150]],
    [[1, 1, 1], 2, [1, 1, 0]],
    [[1, 1, 1], 1, [1, 0, 0]],
    [[1, 1, 1], 3, [1, 1, 1]],
    [[0, 500], 100, [0, 100]],
    [[12_500, 12_500], 12_501, [6_251, 6_250]],
    [[1, 2], 2, [1, 1]], // 0.67 and 1.33: the larger remainder gets the cent
    [[100, 300], 0, [0, 0]],
    [[100, 300], 400, [100, 300]],
    [[0, 0], 0, [0, 0]],
    [[], 0, []],
  ])('%j of %i → %j', (amounts, total, parts) => {
    expect(proportionalParts(amounts, total)).toEqual(parts);
  });

  it.each<[number[], number]>([
    [[100, 300], 401],
    [[100, 300], -1],
    [[0, 0], 1],
    [[], 1],
  ])('refuses %j of %i', (amounts, total) => {
    expect(() => proportionalParts(amounts, total)).toThrow(RangeError);
  });

  it('sums to the total, never more than an amount, each within a cent of the exact proportion', () => {
    const input = fc
      .array(fc.integer({ min: 0, max: 9_999_999_999 }), { minLength: 1, maxLength: 8 })
      .chain((amounts) => fc.tuple(fc.constant(amounts), fc.integer({ min: 0, max: amounts.reduce((s, a) => s + a, 0) })));
    fc.assert(
      fc.property(input, ([amounts, total]) => {
        const parts = proportionalParts(amounts, total);
        const sum = amounts.reduce((s, a) => s + a, 0);
        expect(parts).toHaveLength(amounts.length);
        expect(parts.reduce((s, x) => s + x, 0)).toBe(total);
        parts.forEach((part, i) => {
          expect(Number.isInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(amounts[i]);
          if (sum > 0) {
            // |part − amount × total / sum| < 1, in exact integers
            const diff = BigInt(part) * BigInt(sum) - BigInt(amounts[i]) * BigInt(total);
            expect(diff < BigInt(sum) && diff > -BigInt(sum)).toBe(true);
          }
        });
      }),
      RUNS,
    );
  });
});

describe('splitProblem', () => {
  it.each<[unknown, unknown, ReturnType<typeof splitProblem>]>([
    [50, 50, null],
    [0, 100, null],
    [100, 0, null],
    [60, 40, null],
    [50.5, 49.5, { field: 'firstSidePercent', message: 'Enter a whole percent' }],
    [50, 49.5, { field: 'secondSidePercent', message: 'Enter a whole percent' }],
    [-10, 110, { field: 'firstSidePercent', message: 'A share is from 0% to 100%' }],
    [110, -10, { field: 'firstSidePercent', message: 'A share is from 0% to 100%' }],
    [0, 101, { field: 'secondSidePercent', message: 'A share is from 0% to 100%' }],
    [60, 30, { field: 'secondSidePercent', message: 'The two shares must add up to 100%' }],
    [50, 60, { field: 'secondSidePercent', message: 'The two shares must add up to 100%' }],
    ['50', '50', { field: 'firstSidePercent', message: 'Enter a whole percent' }],
    [50, '50', { field: 'secondSidePercent', message: 'Enter a whole percent' }],
    [null, 50, { field: 'firstSidePercent', message: 'Enter a whole percent' }],
    [undefined, 50, { field: 'firstSidePercent', message: 'Enter a whole percent' }],
    [Number.NaN, 50, { field: 'firstSidePercent', message: 'Enter a whole percent' }],
    [Number.POSITIVE_INFINITY, 50, { field: 'firstSidePercent', message: 'Enter a whole percent' }],
  ])('%j / %j → %j', (firstSidePercent, secondSidePercent, expected) => {
    expect(splitProblem({ firstSidePercent, secondSidePercent })).toEqual(expected);
  });

  it('every whole split p / 100 − p is accepted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (p) => {
        expect(splitProblem({ firstSidePercent: p, secondSidePercent: 100 - p })).toBeNull();
      }),
      RUNS,
    );
  });
});

describe('keptByCanceller (the cancelling side bears what a cancellation keeps, decision 049)', () => {
  it.each([
    // [amounts, cancellers, kept, expected]
    [[15_000, 10_000], [true, false], 12_500, [12_500, 0]], // the canceller's 150.00 covers the 125.00 kept
    [[12_500, 12_500], [true, false], 25_000, [12_500, 12_500]], // nothing refunded: the rest from the other side
    [[5_000, 20_000], [true, false], 12_500, [5_000, 7_500]], // the canceller holds less than is kept
    [[15_000, 10_000], [false, false], 12_500, [7_500, 5_000]], // an admin's cancellation: in proportion
    [[15_000, 10_000], [true, true], 12_500, [7_500, 5_000]], // both charges the canceller's: in proportion
    [[25_000], [true], 12_500, [12_500]], // one-sided: as before
    [[25_000], [false], 0, [0]],
  ])('%j (cancellers %j) keeping %i → %j', (amounts, cancellers, kept, expected) => {
    expect(keptByCanceller(amounts, cancellers, kept)).toEqual(expected);
  });

  it('keeps exactly the amount, never more than a charge holds, the canceller first', () => {
    const input = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.boolean()), { minLength: 1, maxLength: 6 })
      .chain((charges) => fc.tuple(fc.constant(charges), fc.integer({ min: 0, max: charges.reduce((s, [a]) => s + a, 0) })));
    fc.assert(
      fc.property(input, ([charges, kept]) => {
        const amounts = charges.map(([a]) => a);
        const cancellers = charges.map(([, c]) => c);
        const parts = keptByCanceller(amounts, cancellers, kept);
        expect(parts.reduce((s, p) => s + p, 0)).toBe(kept);
        parts.forEach((p, i) => expect(p).toBeLessThanOrEqual(amounts[i]));
        const theirs = amounts.filter((_, i) => cancellers[i]).reduce((s, a) => s + a, 0);
        const fromThem = parts.filter((_, i) => cancellers[i]).reduce((s, p) => s + p, 0);
        expect(fromThem).toBe(Math.min(kept, theirs));
      }),
      RUNS,
    );
  });
});

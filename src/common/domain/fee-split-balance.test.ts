import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CaseSide } from '../enums';
import { MAX_CENTS } from '../money';
import { balanceExcessRefunds, balancePosition, balanceShares, excessRefunds, shareOf, sharesDue, type ShareCharge } from './fee-split';

// Issue 24, docs/decisions/050: each side's share of the balance at a two-sided selection.
const RUNS = { numRuns: 500 };
const SIDES = ['first', 'second'] as const;
const charge = (chargeId: string, side: CaseSide, held: number): ShareCharge => ({ chargeId, side, held });

/** Charges in the order they were made, with distinct ids. */
const chargesArb = (maxHeld: number) =>
  fc
    .array(fc.record({ side: fc.constantFrom<CaseSide>(...SIDES), held: fc.integer({ min: 0, max: maxHeld }) }), { maxLength: 6 })
    .map((list) => list.map(({ side, held }, i) => charge(`ch_${i}`, side, held)));

const applyRefunds = (charges: readonly ShareCharge[], refunds: readonly { chargeId: string; amount: number }[]) =>
  charges.map((c) => ({ ...c, held: c.held - refunds.filter((r) => r.chargeId === c.chargeId).reduce((s, r) => s + r.amount, 0) }));

describe('balanceShares (each side’s share of the budget less its share of the deposit, decision 050)', () => {
  it.each([
    // [budget, deposit, firstSidePercent, first, second]
    [100_000, 25_000, 50, 37_500, 37_500],
    [100_000, 25_000, 100, 75_000, 0], // the first side pays everything: as a one-sided case
    [100_000, 25_000, 0, 0, 75_000],
    [100_000, 25_000, 60, 45_000, 30_000],
    [100_001, 25_000, 50, 37_501, 37_500], // the budget's odd cent is the first side's, as shareOf says
    [100_000, 25_001, 50, 37_499, 37_500], // the deposit's odd cent was the first side's: its balance is a cent less
    [10_001, 3_333, 33, 2_201, 4_467],
    [25_000, 25_000, 50, 0, 0], // the deposit covers the budget
    [20_000, 25_000, 50, 0, 0],
  ])('budget %i, deposit %i at %i %% → first %i, second %i', (budget, deposit, percent, first, second) => {
    expect(balanceShares(budget, deposit, percent)).toEqual({ first, second });
  });

  it('adds up to the balance, and each side’s deposit and balance shares to its share of the budget', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), fc.integer({ min: 0, max: MAX_CENTS }), fc.integer({ min: 0, max: 100 }), (a, b, percent) => {
        const [deposit, budget] = a <= b ? [a, b] : [b, a];
        const shares = balanceShares(budget, deposit, percent);
        expect(shares.first + shares.second).toBe(budget - deposit);
        for (const side of SIDES) {
          expect(shares[side]).toBeGreaterThanOrEqual(0);
          expect(shares[side] + shareOf(deposit, percent)[side]).toBe(shareOf(budget, percent)[side]);
        }
      }),
      RUNS,
    );
  });
});

describe('balancePosition and balanceExcessRefunds', () => {
  const BUDGET = 100_000;
  const DEPOSIT = 25_000;

  it.each<[string, ShareCharge[], Record<CaseSide, number>, { chargeId: string; amount: number }[]]>([
    ['nothing paid yet', [], { first: 37_500, second: 37_500 }, []],
    ['the first side paid its share', [charge('a', 'first', 37_500)], { first: 0, second: 37_500 }, []],
    ['both paid', [charge('a', 'first', 37_500), charge('b', 'second', 37_500)], { first: 0, second: 0 }, []],
    ['the second side’s share paid on its behalf', [charge('a', 'first', 37_500), charge('b', 'second', 37_500)], { first: 0, second: 0 }, []],
    [
      'a share paid twice: the later charge goes back at once',
      [charge('a', 'second', 37_500), charge('b', 'first', 37_500), charge('c', 'second', 37_500)],
      { first: 0, second: 0 },
      [{ chargeId: 'c', amount: 37_500 }],
    ],
    ['an excess waits for the other side’s share', [charge('a', 'first', 40_000)], { first: 0, second: 37_500 }, []],
    [
      'matched before the other side joined: the first side paid the whole balance, returned once the second paid its share',
      [charge('a', 'first', 75_000), charge('b', 'second', 37_500)],
      { first: 0, second: 0 },
      [{ chargeId: 'a', amount: 37_500 }],
    ],
  ])('%s', (_, charges, outstanding, refunds) => {
    expect(balancePosition(BUDGET, DEPOSIT, 50, charges).outstanding).toEqual(outstanding);
    expect(balanceExcessRefunds(BUDGET, DEPOSIT, 50, charges)).toEqual(refunds);
  });

  it('after its refunds no side holds more than its balance share, and nothing due is refunded', () => {
    fc.assert(
      fc.property(chargesArb(60_000), fc.integer({ min: 0, max: 100 }), (charges, percent) => {
        const before = balancePosition(BUDGET, DEPOSIT, percent, charges);
        const after = balancePosition(BUDGET, DEPOSIT, percent, applyRefunds(charges, balanceExcessRefunds(BUDGET, DEPOSIT, percent, charges)));
        for (const side of SIDES) {
          const other = side === 'first' ? 'second' : 'first';
          expect(after.held[side]).toBe(before.outstanding[other] === 0 ? Math.min(before.held[side], before.due[side]) : before.held[side]);
          expect(after.outstanding[side]).toBe(before.outstanding[side]);
        }
      }),
      RUNS,
    );
  });
});

describe('sharesDue (what a two-sided selection still waits for, decision 050)', () => {
  const BUDGET = 100_000;
  const DEPOSIT = 25_000;

  it.each<[string, number, { deposit: ShareCharge[]; balance: ShareCharge[] }, { side: CaseSide; kind: string; amount: number }[]]>([
    [
      'the first side paid the deposit whole, nothing else',
      50,
      { deposit: [charge('d', 'first', 25_000)], balance: [] },
      [
        { side: 'first', kind: 'balance', amount: 37_500 },
        { side: 'second', kind: 'deposit', amount: 12_500 },
        { side: 'second', kind: 'balance', amount: 37_500 },
      ],
    ],
    [
      'both deposit shares held',
      50,
      { deposit: [charge('d', 'first', 12_500), charge('e', 'second', 12_500)], balance: [] },
      [
        { side: 'first', kind: 'balance', amount: 37_500 },
        { side: 'second', kind: 'balance', amount: 37_500 },
      ],
    ],
    [
      '100/0: only the first side’s balance, as a one-sided case',
      100,
      { deposit: [charge('d', 'first', 25_000)], balance: [] },
      [{ side: 'first', kind: 'balance', amount: 75_000 }],
    ],
    [
      'every share funded',
      50,
      { deposit: [charge('d', 'first', 12_500), charge('e', 'second', 12_500)], balance: [charge('f', 'first', 37_500), charge('g', 'second', 37_500)] },
      [],
    ],
  ])('%s', (_, percent, held, expected) => {
    expect(sharesDue(BUDGET, DEPOSIT, percent, held)).toEqual(expected);
  });

  it('once everything due is paid, the escrow holds the budget after the excess refunds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 1, max: 500_000 }), (percent, extra, deposit) => {
        const budget = deposit + extra;
        const heldDeposit = [charge('d', 'first', deposit)];
        const heldBalance: ShareCharge[] = [];
        for (const due of sharesDue(budget, deposit, percent, { deposit: heldDeposit, balance: heldBalance })) {
          (due.kind === 'deposit' ? heldDeposit : heldBalance).push(charge(`${due.kind}-${due.side}`, due.side, due.amount));
        }
        expect(sharesDue(budget, deposit, percent, { deposit: heldDeposit, balance: heldBalance })).toEqual([]);
        const depositAfter = applyRefunds(heldDeposit, excessRefunds(deposit, percent, heldDeposit));
        const total = [...depositAfter, ...heldBalance].reduce((s, c) => s + c.held, 0);
        expect(total).toBe(budget);
        for (const side of SIDES) {
          const sideHeld = [...depositAfter, ...heldBalance].filter((c) => c.side === side).reduce((s, c) => s + c.held, 0);
          expect(sideHeld).toBe(shareOf(budget, percent)[side]);
        }
      }),
      RUNS,
    );
  });
});

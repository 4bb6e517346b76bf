import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancellationRefunds, refundsOf, refundTo, type CancellableCharge } from './cancellation-refunds';

// Where a cancellation's money goes, charge by charge (RULES.md 2.4, decision 049): the same numbers the cancellation
// records and its preview tells the canceller.

const OWNER = 'owner';
const SECOND = 'second';
const charge = (kind: 'deposit' | 'balance', payerId: string, amount: number): CancellableCharge & { id: string } => ({
  id: `${kind}-${payerId}-${amount}`,
  kind: kind === 'deposit' ? 'deposit_charge' : 'balance_charge',
  payerId,
  amount,
});

// The journey's 60/40 case of $1,400 with a $250 deposit: what each charge holds once matched (the owner's $250
// deposit charge holds $150 after its $100 excess went back).
const SIXTY_FORTY = [charge('deposit', OWNER, 15_000), charge('deposit', SECOND, 10_000), charge('balance', OWNER, 69_000), charge('balance', SECOND, 46_000)];
// Half the $250 deposit kept: $125 back, $12.50 of the kept $125 the commission.
const HALF = { depositRefund: 12_500, balanceRefund: 115_000, platformFee: 1_250 };

describe('cancellationRefunds', () => {
  it.each([
    {
      case: 'one-sided, after selection, half the deposit kept: all of it is the owner’s',
      charges: [charge('deposit', OWNER, 25_000), charge('balance', OWNER, 115_000)],
      outcome: HALF,
      cancelledBy: OWNER,
      deposits: [[25_000 - 12_500, 12_500, 1_250]],
      balances: [115_000],
      refunds: { [OWNER]: 127_500 },
    },
    {
      case: 'two-sided 60/40, the owner cancels late: it bears the kept $125 alone, the other side gets back all it paid',
      charges: SIXTY_FORTY,
      outcome: HALF,
      cancelledBy: OWNER,
      deposits: [
        [2_500, 12_500, 1_250],
        [10_000, 0, 0],
      ],
      balances: [69_000, 46_000],
      refunds: { [OWNER]: 71_500, [SECOND]: 56_000 },
    },
    {
      case: 'two-sided 60/40, an admin cancels with half kept: the kept part and its commission from each deposit in proportion',
      charges: SIXTY_FORTY,
      outcome: HALF,
      cancelledBy: null,
      deposits: [
        [7_500, 7_500, 750],
        [5_000, 5_000, 500],
      ],
      balances: [69_000, 46_000],
      refunds: { [OWNER]: 76_500, [SECOND]: 51_000 },
    },
    {
      case: 'the canceller’s deposit cannot cover what is kept: the rest from the other deposit charge',
      charges: [charge('deposit', OWNER, 5_000), charge('deposit', SECOND, 20_000)],
      outcome: { depositRefund: 12_500, balanceRefund: 0, platformFee: 1_250 },
      cancelledBy: OWNER,
      deposits: [
        [0, 5_000, 500],
        [12_500, 7_500, 750],
      ],
      balances: [],
      refunds: { [OWNER]: 0, [SECOND]: 12_500 },
    },
    {
      case: 'before selection: everything back, nothing kept; a charge holding nothing (refunded on arrival) is left out',
      charges: [charge('deposit', OWNER, 25_000), charge('deposit', SECOND, 0), charge('balance', SECOND, 0)],
      outcome: { depositRefund: 25_000, balanceRefund: 0, platformFee: 0 },
      cancelledBy: OWNER,
      deposits: [[25_000, 0, 0]],
      balances: [],
      refunds: { [OWNER]: 25_000, [SECOND]: 0, admin: 0 },
    },
  ])('$case', ({ charges, outcome, cancelledBy, deposits, balances, refunds }) => {
    const parts = cancellationRefunds(charges, outcome, cancelledBy);
    expect(parts.deposits.map((d) => [d.refund, d.kept, d.keptFee])).toEqual(deposits);
    expect(parts.balances.map((b) => b.refund)).toEqual(balances);
    for (const [payer, cents] of Object.entries(refunds)) expect(refundTo(parts, payer)).toBe(cents);
    // Each part names its charge, deposit charges first.
    expect(refundsOf(parts).map((p) => p.charge.kind)).toEqual([...deposits.map(() => 'deposit_charge'), ...balances.map(() => 'balance_charge')]);
  });

  it('the parts add up to the outcome: what is refunded, kept and its commission, to the cent; no charge gives back more than it holds', () => {
    const chargesArb = fc.array(
      fc.record({
        kind: fc.constantFrom('deposit_charge' as const, 'balance_charge' as const),
        payerId: fc.constantFrom(OWNER, SECOND),
        amount: fc.integer({ min: 0, max: 200_000 }),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(
        chargesArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom(OWNER, SECOND, null),
        (charges, refundShare, feeShare, cancelledBy) => {
          const depositHeld = charges.filter((c) => c.kind === 'deposit_charge').reduce((s, c) => s + c.amount, 0);
          const balanceHeld = charges.filter((c) => c.kind === 'balance_charge').reduce((s, c) => s + c.amount, 0);
          const depositRefund = Math.floor(depositHeld * refundShare);
          const platformFee = Math.floor((depositHeld - depositRefund) * feeShare);
          const parts = cancellationRefunds(charges, { depositRefund, balanceRefund: balanceHeld, platformFee }, cancelledBy);
          const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
          expect(sum(refundsOf(parts).map((p) => p.refund))).toBe(depositRefund + balanceHeld);
          expect(sum(parts.deposits.map((d) => d.kept))).toBe(depositHeld - depositRefund);
          expect(sum(parts.deposits.map((d) => d.keptFee))).toBe(platformFee);
          for (const d of parts.deposits) expect(d.refund + d.kept).toBe(d.charge.amount);
          // The balance goes back whole, each charge its own.
          for (const b of parts.balances) expect(b.refund).toBe(b.charge.amount);
          expect(refundTo(parts, OWNER) + refundTo(parts, SECOND)).toBe(depositRefund + balanceHeld);
        },
      ),
      { numRuns: 300 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEDGER_KINDS, PAYMENT_STATUSES, type LedgerKind, type PaymentStatus } from '../enums';
import { formatCents } from '../money';
import { settle, settlementDto, sumLedger, type LedgerLine } from './settlement';

// A $1,200 budget with a $250 deposit: fee $120 (10 %), payout $1,080 (RULES.md 1).
const PLAN = { plannedPlatformFee: 12_000, plannedMediatorPayout: 108_000 };
const line = (kind: LedgerKind, amount: number, platformFee = 0): LedgerLine => ({ kind, amount: formatCents(amount), platformFee: formatCents(platformFee) });
const deposit = line('deposit_charge', 25_000);
const balance = line('balance_charge', 95_000);

// Each outcome of RULES.md 2.6 as its ledger writes it, and the figures every page must show for it.
const OUTCOMES: {
  name: string;
  status: PaymentStatus;
  cancelled?: boolean;
  ledger: LedgerLine[];
  expected: { charged: number; refunded: number; platformFeeKept: number; paidToMediator: number; held: number; planned: boolean };
}[] = [
  {
    name: 'deposit intent created',
    status: 'pending',
    ledger: [],
    expected: { charged: 0, refunded: 0, platformFeeKept: 0, paidToMediator: 0, held: 0, planned: true },
  },
  {
    name: 'deposit declined',
    status: 'failed',
    ledger: [],
    expected: { charged: 0, refunded: 0, platformFeeKept: 0, paidToMediator: 0, held: 0, planned: false },
  },
  {
    name: 'a draft cancelled with its intent open',
    status: 'pending',
    cancelled: true,
    ledger: [],
    expected: { charged: 0, refunded: 0, platformFeeKept: 0, paidToMediator: 0, held: 0, planned: false },
  },
  {
    name: 'deposit held, no mediator yet',
    status: 'held',
    ledger: [deposit],
    expected: { charged: 25_000, refunded: 0, platformFeeKept: 0, paidToMediator: 0, held: 25_000, planned: true },
  },
  {
    name: 'balance charged at selection (and completed within the hold window)',
    status: 'held',
    ledger: [deposit, balance],
    expected: { charged: 120_000, refunded: 0, platformFeeKept: 0, paidToMediator: 0, held: 120_000, planned: true },
  },
  {
    name: 'released: the fee from the deposit, the rest of each charge paid',
    status: 'released',
    ledger: [deposit, balance, line('payout_transfer', 13_000, 12_000), line('payout_transfer', 95_000)],
    expected: { charged: 120_000, refunded: 0, platformFeeKept: 12_000, paidToMediator: 108_000, held: 0, planned: false },
  },
  {
    name: 'never matched: cancelled, the deposit refunded',
    status: 'refunded_full',
    cancelled: true,
    ledger: [deposit, line('refund', 25_000)],
    expected: { charged: 25_000, refunded: 25_000, platformFeeKept: 0, paidToMediator: 0, held: 0, planned: false },
  },
  {
    name: 'cancelled 7+ days before: everything refunded',
    status: 'refunded_full',
    cancelled: true,
    ledger: [deposit, balance, line('refund', 25_000), line('refund', 95_000)],
    expected: { charged: 120_000, refunded: 120_000, platformFeeKept: 0, paidToMediator: 0, held: 0, planned: false },
  },
  {
    name: 'cancelled with 3 business days: half the deposit kept as the fee, less commission',
    status: 'refunded_partial',
    cancelled: true,
    ledger: [deposit, balance, line('refund', 12_500), line('refund', 95_000), line('cancellation_fee', 11_250, 1_250)],
    expected: { charged: 120_000, refunded: 107_500, platformFeeKept: 1_250, paidToMediator: 11_250, held: 0, planned: false },
  },
  {
    name: 'late cancellation: the deposit kept as the fee, less commission',
    status: 'refunded_partial',
    cancelled: true,
    ledger: [deposit, balance, line('refund', 95_000), line('cancellation_fee', 22_500, 2_500)],
    expected: { charged: 120_000, refunded: 95_000, platformFeeKept: 2_500, paidToMediator: 22_500, held: 0, planned: false },
  },
  {
    name: 'dispute, partial refund of $400: $80 kept and $720 paid of the $800 left',
    status: 'refunded_partial',
    ledger: [deposit, balance, line('refund', 40_000), line('payout_transfer', 17_000, 8_000), line('payout_transfer', 55_000)],
    expected: { charged: 120_000, refunded: 40_000, platformFeeKept: 8_000, paidToMediator: 72_000, held: 0, planned: false },
  },
  {
    name: 'dispute, partial refund, the transfer not made yet (payout account not ready)',
    status: 'refunded_partial',
    ledger: [deposit, balance, line('refund', 40_000)],
    expected: { charged: 120_000, refunded: 40_000, platformFeeKept: 0, paidToMediator: 0, held: 80_000, planned: false },
  },
  {
    name: 'dispute, full refund',
    status: 'refunded_full',
    ledger: [deposit, balance, line('refund', 120_000)],
    expected: { charged: 120_000, refunded: 120_000, platformFeeKept: 0, paidToMediator: 0, held: 0, planned: false },
  },
];

describe('settle: the figures of each outcome (RULES.md 2.6)', () => {
  it.each(OUTCOMES)('$name', ({ status, cancelled, ledger, expected }) => {
    const result = settle({ sums: sumLedger(ledger), paymentStatus: status, requestCancelled: cancelled ?? false, ...PLAN });
    const { planned, ...figures } = result;
    expect({ ...figures, planned: planned !== null }).toEqual(expected);
    if (planned) expect(planned).toEqual({ platformFee: 12_000, mediatorPayout: 108_000 });
    // RULES.md 2's invariant, which is what makes the figures add up on every page.
    expect(result.refunded + result.platformFeeKept + result.paidToMediator + result.held).toBe(result.charged);
  });
});

describe('settlementDto', () => {
  it('writes two-decimal strings, the plan only while it stands', () => {
    const ledger = [deposit, balance, line('refund', 40_000), line('payout_transfer', 17_000, 8_000), line('payout_transfer', 55_000)];
    expect(settlementDto(settle({ sums: sumLedger(ledger), paymentStatus: 'refunded_partial', requestCancelled: false, ...PLAN }))).toEqual({
      charged: '1200.00',
      refunded: '400.00',
      platformFeeKept: '80.00',
      paidToMediator: '720.00',
      held: '0.00',
      planned: null,
    });
    expect(settlementDto(settle({ sums: sumLedger([deposit]), paymentStatus: 'held', requestCancelled: false, ...PLAN })).planned).toEqual({
      platformFee: '120.00',
      mediatorPayout: '1080.00',
    });
  });
});

describe('properties', () => {
  const lineArb = fc.record({
    kind: fc.constantFrom(...LEDGER_KINDS),
    amount: fc.integer({ min: 1, max: 10_000_000 }),
    platformFee: fc.integer({ min: 0, max: 1_000_000 }),
  });
  it('charged always equals refunded + kept + paid + held, whatever the ledger', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), fc.constantFrom(...PAYMENT_STATUSES), fc.boolean(), (lines, status, cancelled) => {
        const ledger = lines.map((l) => line(l.kind, l.amount, l.kind === 'payout_transfer' || l.kind === 'cancellation_fee' ? l.platformFee : 0));
        const s = settle({ sums: sumLedger(ledger), paymentStatus: status, requestCancelled: cancelled, ...PLAN });
        expect(s.refunded + s.platformFeeKept + s.paidToMediator + s.held).toBe(s.charged);
        // A plan is never shown beside money that has already gone somewhere.
        if (s.planned) expect(s.refunded + s.platformFeeKept + s.paidToMediator).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});

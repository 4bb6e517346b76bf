import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partialRefundProblem, refundPerPayer, splitPartialRefund, type PayerCharge } from './dispute-resolution';

const charges = (deposit: number, balance?: number) => [
  { chargeId: 'ch_dep', amount: deposit },
  ...(balance !== undefined ? [{ chargeId: 'ch_bal', amount: balance }] : []),
];

describe('splitPartialRefund (RULES.md 2.5)', () => {
  it.each([
    // deposit, balance, refund, commission %, refunds (per charge), fee, mediator
    { d: 25_000, b: 115_000, refund: 50_000, pct: 1_000, refunds: { ch_bal: 50_000 }, fee: 9_000, payout: 81_000 },
    { d: 25_000, b: 115_000, refund: 115_000, pct: 1_000, refunds: { ch_bal: 115_000 }, fee: 2_500, payout: 22_500 },
    { d: 25_000, b: 115_000, refund: 120_000, pct: 1_000, refunds: { ch_bal: 115_000, ch_dep: 5_000 }, fee: 2_000, payout: 18_000 },
    { d: 25_000, b: 115_000, refund: 139_999, pct: 1_000, refunds: { ch_bal: 115_000, ch_dep: 24_999 }, fee: 0, payout: 1 },
    { d: 25_000, b: 115_000, refund: 1, pct: 1_000, refunds: { ch_bal: 1 }, fee: 14_000, payout: 125_999 },
    // half-up rounding: 10% of 12345 cents = 1234.5 → 1235
    { d: 25_000, b: 115_000, refund: 127_655, pct: 1_000, refunds: { ch_bal: 115_000, ch_dep: 12_655 }, fee: 1_235, payout: 11_110 },
    { d: 25_000, b: 115_000, refund: 70_000, pct: 1_250, refunds: { ch_bal: 70_000 }, fee: 8_750, payout: 61_250 },
    { d: 25_000, b: 115_000, refund: 70_000, pct: 0, refunds: { ch_bal: 70_000 }, fee: 0, payout: 70_000 },
    // a deposit-only payment (budget = deposit)
    { d: 25_000, b: undefined, refund: 10_000, pct: 1_000, refunds: { ch_dep: 10_000 }, fee: 1_500, payout: 13_500 },
  ])('deposit $d, balance $b, refund $refund at $pct → fee $fee, mediator $payout', ({ d, b, refund, pct, refunds, fee, payout }) => {
    const split = splitPartialRefund(charges(d, b), refund, pct);
    expect(Object.fromEntries(split.refunds.map((r) => [r.chargeId, r.amount]))).toEqual(refunds);
    expect(split.platformFee).toBe(fee);
    expect(split.mediatorPayout).toBe(payout);
    // Every cent accounted for, per charge and in total.
    for (const charge of charges(d, b)) {
      const refunded = split.refunds.filter((r) => r.chargeId === charge.chargeId).reduce((s, r) => s + r.amount, 0);
      const part = split.transfers.find((t) => t.chargeId === charge.chargeId);
      expect(refunded + (part?.transfer ?? 0) + (part?.platformFee ?? 0)).toBe(charge.amount);
    }
    expect(split.refundTotal + split.platformFee + split.mediatorPayout).toBe(d + (b ?? 0));
    expect(split.transfers.reduce((s, t) => s + t.transfer, 0)).toBe(payout);
    expect(split.transfers.reduce((s, t) => s + t.platformFee, 0)).toBe(fee);
  });

  it.each([0, -1, 140_000, 150_000, 1.5])('refuses a refund of %s cents (0 < refund < held)', (refund) => {
    expect(() => splitPartialRefund(charges(25_000, 115_000), refund, 1_000)).toThrow(RangeError);
  });

  it('names the limits in the field error', () => {
    expect(partialRefundProblem(null, 140_000)).toBe('Enter the amount to refund');
    expect(partialRefundProblem(140_000, 140_000)).toBe('The refund must be more than $0 and less than the $1,400 held');
    expect(partialRefundProblem(139_999, 140_000)).toBeNull();
  });
});

describe('splitPartialRefund with several payers (a two-sided case, decision 052)', () => {
  // 50/50 of a 1,400.00 budget: each side holds 700.00 (125.00 of the deposit, 575.00 of the balance).
  const shared: PayerCharge[] = [
    { chargeId: 'dep_a', amount: 12_500, payerId: 'a' },
    { chargeId: 'dep_b', amount: 12_500, payerId: 'b' },
    { chargeId: 'bal_a', amount: 57_500, payerId: 'a' },
    { chargeId: 'bal_b', amount: 57_500, payerId: 'b' },
  ];

  it.each([
    // refund, refunds per charge
    { refund: 50_000, refunds: { bal_a: 25_000, bal_b: 25_000 } },
    { refund: 120_000, refunds: { bal_a: 57_500, dep_a: 2_500, bal_b: 57_500, dep_b: 2_500 } },
    { refund: 1, refunds: { bal_a: 1 } }, // the odd cent to the earlier payer (ties to the earlier)
    { refund: 3, refunds: { bal_a: 2, bal_b: 1 } },
  ])('refund $refund is shared in proportion to what each payer holds, each from its balance first', ({ refund, refunds }) => {
    const split = splitPartialRefund(shared, refund, 1_000);
    expect(Object.fromEntries(split.refunds.map((r) => [r.chargeId, r.amount]))).toEqual(refunds);
  });

  it('60/40 with the first side paying the other’s share on its behalf counts by payer, not by side', () => {
    const parts = refundPerPayer(
      [
        { chargeId: 'dep', amount: 25_000, payerId: 'insurer' },
        { chargeId: 'bal_1', amount: 69_000, payerId: 'insurer' },
        { chargeId: 'bal_2', amount: 46_000, payerId: 'other' },
      ],
      14_000,
    );
    expect(parts.map((p) => [p.payerId, p.held, p.part])).toEqual([
      ['insurer', 94_000, 9_400],
      ['other', 46_000, 4_600],
    ]);
  });

  it('every cent of every charge is refunded, transferred or kept; each payer gets back its share of the refund', () => {
    const chargesArb = fc
      .array(fc.record({ payer: fc.constantFrom('a', 'b', 'c'), amount: fc.integer({ min: 1, max: 200_000 }) }), { minLength: 1, maxLength: 6 })
      .map((list) => list.map(({ payer, amount }, i) => ({ chargeId: `ch_${i}`, amount, payerId: payer })));
    fc.assert(
      fc.property(
        chargesArb.chain((cs) => {
          const held = cs.reduce((s, c) => s + c.amount, 0);
          return fc.tuple(fc.constant(cs), held > 1 ? fc.integer({ min: 1, max: held - 1 }) : fc.constant(0));
        }),
        fc.integer({ min: 0, max: 10_000 }),
        ([cs, refund], pct) => {
          if (refund === 0) return;
          const split = splitPartialRefund(cs, refund, pct);
          for (const charge of cs) {
            const back = split.refunds.filter((r) => r.chargeId === charge.chargeId).reduce((s, r) => s + r.amount, 0);
            const part = split.transfers.find((t) => t.chargeId === charge.chargeId);
            expect(back + (part?.transfer ?? 0) + (part?.platformFee ?? 0)).toBe(charge.amount);
          }
          for (const payer of refundPerPayer(cs, refund)) {
            const back = split.refunds.filter((r) => payer.charges.some((c) => c.chargeId === r.chargeId)).reduce((s, r) => s + r.amount, 0);
            expect(back).toBe(payer.part);
            // In proportion: within a cent of refund × held / total.
            expect(Math.abs(back - (refund * payer.held) / cs.reduce((s, c) => s + c.amount, 0))).toBeLessThan(1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { partialRefundProblem, splitPartialRefund } from './dispute-resolution';

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

import { describe, expect, it } from 'vitest';
import { ownMoneyOf, refundedSince } from './own-money';
import { OWNER_ID, ownPayment } from './own-payment.fixture';

// A two-sided case's owner: $250 at submit, $100 back once the other side paid its share, its $690 balance share, then
// a dispute resolved with $200 of a $333.33 refund back to it.
const payment = ownPayment(OWNER_ID, [
  ['deposit_charge', '250.00', '2026-03-01T09:00:00.000Z'],
  ['refund', '100.00', '2026-03-01T10:00:00.000Z', 'Returned: the other side paid its share of the deposit'],
  ['balance_charge', '690.00', '2026-03-01T11:00:00.000Z'],
  ['refund', '200.00', '2026-03-04T12:00:00.000Z', 'Dispute resolved by our team'],
]);

describe('own money', () => {
  it('what the viewer paid and got back, with the last refund’s time and reason', () => {
    expect(ownMoneyOf(payment)).toEqual({
      charged: '940.00',
      refunded: '300.00',
      refundedAt: '2026-03-04T12:00:00.000Z',
      reason: 'Dispute resolved by our team',
    });
    expect(ownMoneyOf(ownPayment(OWNER_ID, [['deposit_charge', '250.00', '2026-03-01T09:00:00.000Z']]))).toMatchObject({ refundedAt: null, reason: null });
  });

  it('a decision’s refunds: those recorded at or after it, not what went back before', () => {
    expect(refundedSince(payment, '2026-03-04T12:00:00.000Z')).toBe('200.00');
    expect(refundedSince(payment, '2026-03-01T10:00:00.000Z')).toBe('300.00');
    expect(refundedSince(payment, '2026-03-05T00:00:00.000Z')).toBe('0.00');
  });
});

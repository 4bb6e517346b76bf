import { describe, expect, it } from 'vitest';
import { invoiceMoney, invoiceNumber, invoiceRows, type InvoiceCharge } from './invoice';

// Issue 24, docs/decisions/053: a case's invoice.
const at = new Date('2026-03-02T15:00:00Z');
const charge = (
  kind: 'deposit' | 'balance',
  net: number,
  payerSide: 'first' | 'second',
  shareSide: 'first' | 'second',
  payerName = 'Lena Lawyer',
): InvoiceCharge => ({
  at,
  kind,
  net,
  payerName,
  payerSide,
  shareSide,
});

describe('invoice', () => {
  it.each([
    [1, '2026-03-02T15:00:00Z', 'INV-2026-000001'],
    [42, '2027-01-01T00:00:00Z', 'INV-2027-000042'],
    [1_234_567, '2026-12-31T23:59:59Z', 'INV-2026-1234567'],
  ])('number %i issued %s → %s', (n, issued, expected) => {
    expect(invoiceNumber(n, new Date(issued))).toBe(expected);
  });

  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [125_000, '$1,250.00'],
    [100_000_050, '$1,000,000.50'],
    [-2_500, '-$25.00'],
  ])('%i cents → %s', (cents, text) => {
    expect(invoiceMoney(cents)).toBe(text);
  });

  it('a 60/40 case: each side’s share, what was paid toward it and by whom, refunds netted', () => {
    const rows = invoiceRows(
      140_000,
      [
        { side: 'first', counsel: 'Lena Lawyer', percent: 60 },
        { side: 'second', counsel: 'Olivia Opponent', percent: 40 },
      ],
      [
        charge('deposit', 15_000, 'first', 'first'), // 250.00 less the 100.00 returned once the other side paid
        charge('deposit', 10_000, 'second', 'second', 'Olivia Opponent'),
        charge('balance', 69_000, 'first', 'first'),
        charge('balance', 46_000, 'first', 'second'), // paid on the other side's behalf
      ],
    );
    expect(rows.shares.map((s) => [s.title, s.share, s.paid, s.due])).toEqual([
      ['Requesting side', 84_000, 84_000, 0],
      ['Opposing side', 56_000, 56_000, 0],
    ]);
    expect(rows.payments.map((p) => [p.what, p.payer, p.amount])).toEqual([
      ['Deposit: own share', 'Lena Lawyer (requesting side)', 15_000],
      ['Deposit: own share', 'Olivia Opponent (opposing side)', 10_000],
      ['Balance: own share', 'Lena Lawyer (requesting side)', 69_000],
      ["Balance: opposing side's share", 'Lena Lawyer (requesting side)', 46_000],
    ]);
    expect(rows.totalPaid).toBe(140_000);
  });

  it('a one-sided case: the lawyer owes and paid the whole budget; a fully refunded charge is not a payment', () => {
    const rows = invoiceRows(
      140_000,
      [{ side: 'first', counsel: 'Lena Lawyer', percent: 100 }],
      [charge('deposit', 25_000, 'first', 'first'), charge('balance', 0, 'first', 'first'), charge('balance', 115_000, 'first', 'first')],
    );
    expect(rows.shares.map((s) => [s.share, s.paid, s.due])).toEqual([[140_000, 140_000, 0]]);
    expect(rows.payments).toHaveLength(2);
  });
});

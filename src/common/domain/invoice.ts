// A case's invoice (issue 24, docs/decisions/053): its number, each side's share of the fee and what was paid toward
// it, by whom. Pure: the server renders the PDF from these rows.
import type { CaseSide } from '../enums';
import type { Cents } from '../money';
import { shareOf } from './fee-split';

/** "INV-2026-000042": the year it was issued and its number in the invoices' one sequence. */
export const invoiceNumber = (n: number, issuedAt: Date) => `INV-${issuedAt.getUTCFullYear()}-${String(n).padStart(6, '0')}`;

/** Cents as an invoice writes them: always two decimals ("$1,250.00"). */
export function invoiceMoney(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

export interface InvoiceCharge {
  at: Date;
  kind: 'deposit' | 'balance';
  /** What the charge still holds or paid out: its amount less what was refunded from it. */
  net: Cents;
  payerName: string;
  /** The payer's own side (the inviting lawyer is the first side), and the side whose share the charge funds. */
  payerSide: CaseSide;
  shareSide: CaseSide;
}

export interface InvoiceSide {
  side: CaseSide;
  counsel: string;
  percent: number;
}

const SIDE_TITLES: Record<CaseSide, string> = { first: 'Requesting side', second: 'Opposing side' };

/**
 * Each side's share of the budget and what was paid toward it (net of refunds), and each payment with whose share it
 * paid. One side (a one-sided case) owes the whole budget. The shares add up to the budget (shareOf).
 */
export function invoiceRows(budget: Cents, sides: InvoiceSide[], charges: InvoiceCharge[]) {
  const firstPercent = sides.find((s) => s.side === 'first')?.percent ?? 100;
  const shares = shareOf(budget, firstPercent);
  const paidFor = (side: CaseSide) => charges.filter((c) => c.shareSide === side).reduce((sum, c) => sum + c.net, 0);
  return {
    shares: sides.map((s) => ({
      ...s,
      title: SIDE_TITLES[s.side],
      share: shares[s.side],
      paid: paidFor(s.side),
      due: Math.max(0, shares[s.side] - paidFor(s.side)),
    })),
    payments: charges
      .filter((c) => c.net > 0)
      .map((c) => ({
        at: c.at,
        what: `${c.kind === 'deposit' ? 'Deposit' : 'Balance'}: ${c.shareSide === c.payerSide ? 'own share' : `${SIDE_TITLES[c.shareSide].toLowerCase()}'s share`}`,
        payer: `${c.payerName} (${SIDE_TITLES[c.payerSide].toLowerCase()})`,
        amount: c.net,
      })),
    totalPaid: charges.reduce((sum, c) => sum + c.net, 0),
  };
}

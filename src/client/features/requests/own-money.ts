import { formatCents, parseCents } from '../../../common/money';
import type { PaymentView } from '../../../common/schemas/payment-history';

// A two-sided case's counsel reads their own money (decision 049), from their own payment view (GET /api/payments:
// their ledger lines and totals only). Pure: the request page's notices say it with these.

const cents = (amount: string) => parseCents(amount) ?? 0;

export interface OwnMoney {
  /** What the viewer's card was charged for this case, and what went back to it. */
  charged: string;
  refunded: string;
  /** When the last refund to the viewer's card went through, and why (its note); null when none did. */
  refundedAt: string | null;
  reason: string | null;
}

export function ownMoneyOf(payment: PaymentView): OwnMoney {
  const refunds = payment.ledger.filter((line) => line.kind === 'refund');
  const last = refunds.reduce<(typeof refunds)[number] | null>(
    (latest, line) => (!latest || Date.parse(line.createdAt) >= Date.parse(latest.createdAt) ? line : latest),
    null,
  );
  return { charged: payment.totalCharged, refunded: payment.totalRefunded, refundedAt: last?.createdAt ?? null, reason: last?.note ?? null };
}

/**
 * What went back to the viewer's card from a decision taken at `decidedAt` (a dispute's resolution): its refunds are
 * recorded then or after, while what was refunded before (a deposit share returned once the other side paid) is not
 * part of it.
 */
export function refundedSince(payment: PaymentView, decidedAt: string): string {
  const from = Date.parse(decidedAt);
  return formatCents(
    payment.ledger.filter((line) => line.kind === 'refund' && Date.parse(line.createdAt) >= from).reduce((sum, line) => sum + cents(line.amount), 0),
  );
}

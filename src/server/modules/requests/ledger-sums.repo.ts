import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import type { LedgerSums } from '../../../common/domain/settlement';
import { parseCents } from '../../../common/money';

/**
 * A payment's ledger summed as the pages show it (common/domain/settlement.ts `sumLedger` is the same in code, and the
 * settlement tests hold the two equal): charged, refunded, commission kept, paid to the mediator, and the last refund.
 * The amounts are numeric text ("0" when none), the time an ISO string or null.
 */
export interface LedgerSumsRow {
  charged: string;
  refunded: string;
  platformFeeKept: string;
  paidToMediator: string;
  refundedAt: string | null;
}

/**
 * One JSON value per payment: `paymentId` is the payment's id column of the enclosing statement, qualified by its table
 * or alias (Drizzle writes a lone table's columns unqualified, and `l.payment_id = "id"` would read the ledger's id).
 */
export function ledgerSumsOf(paymentId: SQLWrapper): SQL<LedgerSumsRow | null> {
  return sql<LedgerSumsRow | null>`(SELECT json_build_object(
    'charged', coalesce(sum(l.amount) FILTER (WHERE l.kind IN ('deposit_charge', 'balance_charge')), 0)::text,
    'refunded', coalesce(sum(l.amount) FILTER (WHERE l.kind = 'refund'), 0)::text,
    'platformFeeKept', coalesce(sum(l.platform_fee) FILTER (WHERE l.kind IN ('payout_transfer', 'cancellation_fee')), 0)::text,
    'paidToMediator', coalesce(sum(l.amount) FILTER (WHERE l.kind IN ('payout_transfer', 'cancellation_fee')), 0)::text,
    'refundedAt', max(l.created_at) FILTER (WHERE l.kind = 'refund')
  ) FROM ledger_entries l WHERE l.payment_id = ${paymentId})`;
}

/** The row's sums in cents (what common/domain/settlement.ts works with). */
export function sumsInCents(row: LedgerSumsRow): LedgerSums {
  const cents = (amount: string) => parseCents(amount) ?? 0;
  return {
    charged: cents(row.charged),
    refunded: cents(row.refunded),
    platformFeeKept: cents(row.platformFeeKept),
    paidToMediator: cents(row.paidToMediator),
  };
}

export interface PaymentSumsRow {
  requestId: string;
  status: (typeof payments.$inferSelect)['status'];
  refundReason: string | null;
  ledger: LedgerSumsRow;
}

/** Each request's payment with its ledger sums, for many requests in one statement (no N+1). */
export async function paymentSumsByRequest(db: DbOrTx, requestIds: string[]): Promise<Map<string, PaymentSumsRow>> {
  if (!requestIds.length) return new Map();
  const rows = await db
    .select({
      requestId: payments.requestId,
      status: payments.status,
      refundReason: payments.refundReason,
      ledger: ledgerSumsOf(sql`${payments}.${sql.identifier(payments.id.name)}`),
    })
    .from(payments)
    .where(inArray(payments.requestId, requestIds));
  return new Map(rows.map((r) => [r.requestId, r as PaymentSumsRow]));
}

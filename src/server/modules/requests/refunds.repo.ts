import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries, payments } from '../../db/schema';

export interface RefundSummaryRow {
  requestId: string;
  amount: string;
  refundedAt: Date;
  reason: string | null;
}

/** The refunds in the ledger per request (total and last time), for many requests in one query (no N+1). */
export async function refundsByRequest(db: DbOrTx, requestIds: string[]): Promise<Map<string, RefundSummaryRow>> {
  if (!requestIds.length) return new Map();
  const rows = await db
    .select({
      requestId: payments.requestId,
      amount: sql<string>`sum(${ledgerEntries.amount})::text`,
      refundedAt: max(ledgerEntries.createdAt),
      reason: payments.refundReason,
    })
    .from(ledgerEntries)
    .innerJoin(payments, eq(payments.id, ledgerEntries.paymentId))
    .where(and(inArray(payments.requestId, requestIds), eq(ledgerEntries.kind, 'refund')))
    .groupBy(payments.requestId, payments.refundReason);
  return new Map(rows.filter((r) => r.refundedAt !== null).map((r) => [r.requestId, { ...r, refundedAt: new Date(r.refundedAt!) }]));
}

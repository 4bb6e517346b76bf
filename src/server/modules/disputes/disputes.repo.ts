import { and, desc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DisputeOutcome, DisputeStatus } from '../../../common/enums';
import type { DbOrTx } from '../../db/client';
import { disputes, mediationRequests, payments, users } from '../../db/schema';

export type DisputeRow = typeof disputes.$inferSelect;
/** A dispute with what its request's payment has paid the mediator (the ledger's payout transfers), null if nothing. */
export type DisputeWithPayout = DisputeRow & { mediatorPaid: string | null };

/**
 * The payout transfers recorded for the dispute's request: what a release or a partial refund paid the mediator. The
 * outer column is written out in full: drizzle leaves it unqualified in a one-table select, where the subquery's own
 * request_id would capture it.
 */
const mediatorPaid = sql<string | null>`(
  select sum(le.amount)::text from ledger_entries le join payments pay on pay.id = le.payment_id
  where pay.request_id = "disputes"."request_id" and le.kind = 'payout_transfer'
)`;

export async function insertDispute(tx: DbOrTx, values: typeof disputes.$inferInsert): Promise<DisputeRow> {
  const [row] = await tx.insert(disputes).values(values).returning();
  return row;
}

export async function findDispute(db: DbOrTx, id: string): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id)).limit(1);
  return row;
}

/** Resolves an open dispute; undefined when it was no longer open (a second or concurrent resolution). */
export async function resolveOpenDispute(
  tx: DbOrTx,
  id: string,
  values: { outcome: DisputeOutcome; refundAmount: string | null; resolutionNote: string; resolvedById: string; resolvedAt: Date },
): Promise<DisputeRow | undefined> {
  const [row] = await tx
    .update(disputes)
    .set({ ...values, status: 'resolved' })
    .where(and(eq(disputes.id, id), eq(disputes.status, 'open')))
    .returning();
  return row;
}

/** The latest dispute of each request, in one query (request lists must not query per row). */
export async function latestDisputesFor(db: DbOrTx, requestIds: string[]): Promise<Map<string, DisputeWithPayout>> {
  if (!requestIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([disputes.requestId], { ...getTableColumns(disputes), mediatorPaid })
    .from(disputes)
    .where(inArray(disputes.requestId, requestIds))
    .orderBy(disputes.requestId, desc(disputes.createdAt), desc(disputes.id));
  return new Map(rows.map((r) => [r.requestId, r]));
}

/** The ids of every admin who can act (not suspended), to tell them of a new dispute. */
export async function activeAdminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.status, 'suspended')));
  return rows.map((r) => r.id);
}

const lawyer = alias(users, 'dispute_lawyer');
const mediator = alias(users, 'dispute_mediator');

function selectAdminView(db: DbOrTx) {
  return db
    .select({
      dispute: disputes,
      mediatorPaid,
      request: mediationRequests,
      payment: payments,
      lawyer: { id: lawyer.id, firstName: lawyer.firstName, lastName: lawyer.lastName, email: lawyer.email },
      mediator: { id: mediator.id, firstName: mediator.firstName, lastName: mediator.lastName, email: mediator.email },
    })
    .from(disputes)
    .innerJoin(mediationRequests, eq(mediationRequests.id, disputes.requestId))
    .innerJoin(lawyer, eq(lawyer.id, mediationRequests.lawyerId))
    .leftJoin(payments, eq(payments.requestId, disputes.requestId))
    .leftJoin(mediator, eq(mediator.id, mediationRequests.selectedMediatorId));
}
export type AdminDisputeRow = Awaited<ReturnType<ReturnType<typeof selectAdminView>['limit']>>[number];

/** Disputes for admins, newest first, a page at a time (cursor as in pagination.ts, millisecond precision). */
export async function listDisputes(db: DbOrTx, status: DisputeStatus | undefined, limit: number, after: { createdAt: Date; id: string } | null) {
  const createdMs = sql`date_trunc('milliseconds', ${disputes.createdAt})`;
  const cursor = after ? sql`(${createdMs}, ${disputes.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined;
  return selectAdminView(db)
    .where(and(status ? eq(disputes.status, status) : undefined, cursor))
    .orderBy(desc(createdMs), desc(disputes.id))
    .limit(limit + 1);
}

export async function findAdminDispute(db: DbOrTx, id: string): Promise<AdminDisputeRow | undefined> {
  const [row] = await selectAdminView(db).where(eq(disputes.id, id)).limit(1);
  return row;
}

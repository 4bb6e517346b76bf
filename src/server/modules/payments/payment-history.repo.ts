import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mediationRequests, payments } from '../../db/schema';

/** Whose payments a caller sees (RULES.md 6): a lawyer those of their requests, a mediator those paid from to them. */
export type PaymentScope = { role: 'lawyer'; userId: string } | { role: 'mediator'; userId: string } | { role: 'admin' };

function scopeCondition(scope: PaymentScope): SQL | undefined {
  // The second side's counsel reads the payment of a case they joined (their own movements: payments.presenter.ts).
  if (scope.role === 'lawyer') return or(eq(payments.lawyerId, scope.userId), eq(mediationRequests.opposingLawyerId, scope.userId));
  if (scope.role === 'mediator') return eq(payments.mediatorId, scope.userId);
  return undefined;
}

const withCase = {
  payment: payments,
  caseName: mediationRequests.caseName,
  caseNumber: mediationRequests.caseNumber,
  // A cancelled request's plan is over (common/domain/settlement.ts).
  requestStatus: mediationRequests.status,
};

// The cursor carries a JS Date (milliseconds) while PostgreSQL keeps microseconds: order and compare at millisecond
// precision, or payments created within the cursor row's millisecond would be skipped (as notifications do).
const createdMs = sql`date_trunc('milliseconds', ${payments.createdAt})`;

/** One page (limit + 1 rows, for sendPage) of the payments in scope, newest first, with their request's case. */
export async function listPaymentsPage(db: DbOrTx, scope: PaymentScope, limit: number, after: { createdAt: Date; id: string } | null) {
  const cursorCondition = after ? sql`(${createdMs}, ${payments.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined;
  return db
    .select(withCase)
    .from(payments)
    .innerJoin(mediationRequests, eq(mediationRequests.id, payments.requestId))
    .where(and(scopeCondition(scope), cursorCondition))
    .orderBy(desc(createdMs), desc(payments.id))
    .limit(limit + 1);
}
export type PaymentListRow = Awaited<ReturnType<typeof listPaymentsPage>>[number];

/** One payment in scope with its request's case, or undefined (not there, or not the caller's: both 404). */
export async function findPaymentInScope(db: DbOrTx, scope: PaymentScope, id: string): Promise<PaymentListRow | undefined> {
  const [row] = await db
    .select(withCase)
    .from(payments)
    .innerJoin(mediationRequests, eq(mediationRequests.id, payments.requestId))
    .where(and(eq(payments.id, id), scopeCondition(scope)))
    .limit(1);
  return row;
}

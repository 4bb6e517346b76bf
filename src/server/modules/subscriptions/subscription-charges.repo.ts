import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { subscriptionCharges } from '../../db/schema';

export type SubscriptionChargeRow = typeof subscriptionCharges.$inferSelect;

// The cursor carries a JS Date (milliseconds) while PostgreSQL keeps microseconds: order and compare at millisecond
// precision, or rows created within the cursor row's millisecond would be skipped.
const createdMs = sql`date_trunc('milliseconds', ${subscriptionCharges.createdAt})`;

/**
 * A mediator's charges, newest first (`limit` + 1 rows, for the next page's cursor): upgrades and renewals, paid or
 * declined, and refunds only when the record cannot tie them to their charge (those are counted on the charge).
 */
export async function listMediatorCharges(db: DbOrTx, mediatorId: string, limit: number, after: { createdAt: Date; id: string } | null) {
  const cursorCondition = after
    ? sql`(${createdMs}, ${subscriptionCharges.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select()
    .from(subscriptionCharges)
    .where(
      and(eq(subscriptionCharges.mediatorId, mediatorId), or(ne(subscriptionCharges.kind, 'refund'), isNull(subscriptionCharges.refundOf)), cursorCondition),
    )
    .orderBy(desc(createdMs), desc(subscriptionCharges.id))
    .limit(limit + 1);
}

/** One of the mediator's charges (the same lines as the list), or undefined. */
export async function findMediatorCharge(db: DbOrTx, mediatorId: string, id: string): Promise<SubscriptionChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.id, id),
        eq(subscriptionCharges.mediatorId, mediatorId),
        or(ne(subscriptionCharges.kind, 'refund'), isNull(subscriptionCharges.refundOf)),
      ),
    )
    .limit(1);
  return row;
}

/** The mediator's refunds of these charges (by the provider's charge id), to add up per charge. */
export async function findRefundsOf(db: DbOrTx, mediatorId: string, chargeRefs: string[]): Promise<SubscriptionChargeRow[]> {
  if (!chargeRefs.length) return [];
  return db
    .select()
    .from(subscriptionCharges)
    .where(and(eq(subscriptionCharges.mediatorId, mediatorId), eq(subscriptionCharges.kind, 'refund'), inArray(subscriptionCharges.refundOf, chargeRefs)));
}

import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { feeSplits, shareIntents } from '../../db/schema';

// The fee split and the share payments of a two-sided case (decision 049). Writes run under the request's lock.

export type FeeSplitRow = typeof feeSplits.$inferSelect;
export type ShareIntentRow = typeof shareIntents.$inferSelect;

export async function findFeeSplit(db: DbOrTx, requestId: string): Promise<FeeSplitRow | undefined> {
  const [row] = await db.select().from(feeSplits).where(eq(feeSplits.requestId, requestId)).limit(1);
  return row;
}

export async function saveFeeSplit(tx: DbOrTx, values: typeof feeSplits.$inferInsert): Promise<FeeSplitRow> {
  const [row] = await tx
    .insert(feeSplits)
    .values(values)
    .onConflictDoUpdate({ target: feeSplits.requestId, set: { ...values } })
    .returning();
  return row;
}

export async function insertShareIntent(tx: DbOrTx, values: typeof shareIntents.$inferInsert): Promise<ShareIntentRow> {
  const [row] = await tx.insert(shareIntents).values(values).returning();
  return row;
}

export async function findShareIntent(db: DbOrTx, id: string): Promise<ShareIntentRow | undefined> {
  const [row] = await db.select().from(shareIntents).where(eq(shareIntents.id, id)).limit(1);
  return row;
}

/** A payer's attempt at a share still waiting for the card (at most one: a partial unique index). */
export async function openShareIntent(db: DbOrTx, requestId: string, side: 'first' | 'second', payerId: string): Promise<ShareIntentRow | undefined> {
  const [row] = await db
    .select()
    .from(shareIntents)
    .where(and(eq(shareIntents.requestId, requestId), eq(shareIntents.side, side), eq(shareIntents.payerId, payerId), eq(shareIntents.status, 'pending')))
    .limit(1);
  return row;
}

export async function openShareIntentsOf(db: DbOrTx, requestId: string): Promise<ShareIntentRow[]> {
  return db
    .select()
    .from(shareIntents)
    .where(and(eq(shareIntents.requestId, requestId), eq(shareIntents.status, 'pending')));
}

/** Settles an attempt once: false when it was no longer pending (a replay, or closed by a cancellation). */
export async function settleShareIntent(
  tx: DbOrTx,
  id: string,
  values: { status: 'succeeded' | 'failed' | 'closed'; intentId?: string; paymentMethodId?: string | null; updatedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(shareIntents)
    .set(values)
    .where(and(eq(shareIntents.id, id), eq(shareIntents.status, 'pending')))
    .returning({ id: shareIntents.id });
  return rows.length === 1;
}

/** Records the attempt's intent; false when the attempt was settled or closed meanwhile (a cancellation). */
export async function setShareIntentId(tx: DbOrTx, id: string, intentId: string, at: Date): Promise<boolean> {
  const rows = await tx.update(shareIntents).set({ intentId, updatedAt: at }).where(eq(shareIntents.id, id)).returning({ status: shareIntents.status });
  return rows[0]?.status === 'pending';
}

/** Attempts with an intent still pending since before `before`: the reconciler asks the provider how they ended. */
export async function staleShareIntents(db: DbOrTx, before: Date): Promise<ShareIntentRow[]> {
  return db
    .select()
    .from(shareIntents)
    .where(and(eq(shareIntents.status, 'pending'), isNotNull(shareIntents.intentId), lt(shareIntents.updatedAt, before)))
    .limit(100);
}

/** The card a counsel last paid their own side's share with (decision 050: their saved card at selection). */
export async function latestOwnShareCard(db: DbOrTx, requestId: string, side: 'first' | 'second', payerId: string): Promise<string | null> {
  const [row] = await db
    .select({ card: shareIntents.paymentMethodId })
    .from(shareIntents)
    .where(
      and(
        eq(shareIntents.requestId, requestId),
        eq(shareIntents.side, side),
        eq(shareIntents.payerId, payerId),
        eq(shareIntents.status, 'succeeded'),
        isNotNull(shareIntents.paymentMethodId),
      ),
    )
    .orderBy(desc(shareIntents.updatedAt))
    .limit(1);
  return row?.card ?? null;
}

export async function updateFeeSplit(tx: DbOrTx, requestId: string, values: Partial<typeof feeSplits.$inferInsert>): Promise<void> {
  await tx.update(feeSplits).set(values).where(eq(feeSplits.requestId, requestId));
}

import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { isUuid } from '../../../common/ids';
import type { DbOrTx } from '../../db/client';
import { dataExports } from '../../db/schema';

export type DataExportRow = typeof dataExports.$inferSelect;

/**
 * A new pending archive for the user, or undefined when one is pending already: the partial unique index
 * (`data_exports_one_pending_uq`) decides, so two clicks at once make one job.
 */
export async function insertPendingExport(db: DbOrTx, userId: string, now: Date): Promise<DataExportRow | undefined> {
  const [row] = await db
    .insert(dataExports)
    .values({ userId, status: 'pending', requestedAt: now })
    .onConflictDoNothing({ target: dataExports.userId, where: sql`status = 'pending'` })
    .returning();
  return row;
}

/**
 * A pending archive asked for before `before` that its job never finished (retries spent): given up as expired, so
 * that the user may ask again instead of waiting for good.
 */
export async function giveUpStalePending(db: DbOrTx, userId: string, before: Date): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'expired' })
    .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending'), lt(dataExports.requestedAt, before)));
}

export async function findLatestExport(db: DbOrTx, userId: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.requestedAt), desc(dataExports.id)).limit(1);
  return row;
}

export async function findExport(db: DbOrTx, id: string): Promise<DataExportRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

/** pending → ready, once (a rerun of the job finds it ready and changes nothing). */
export async function markExportReady(db: DbOrTx, id: string, values: { readyAt: Date; expiresAt: Date; size: number }): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'ready', ...values })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** ready → expired (its object is removed after this commits, or was already). */
export async function markExportExpired(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'expired' })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'ready')));
}

/** A deleted account's archives go with it (decision 061): the rows now, their objects (the returned ids) after commit. */
export async function deleteUserExports(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.delete(dataExports).where(eq(dataExports.userId, userId)).returning({ id: dataExports.id });
  return rows.map((r) => r.id);
}

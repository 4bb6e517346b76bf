import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { isUuid } from '../../../common/ids';
import type { DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: DbOrTx, values: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row;
}

export async function findUpload(db: DbOrTx, id: string): Promise<UploadRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

export async function markUploaded(db: DbOrTx, id: string, values: { size: number; contentType: string; fileName: string; at: Date }) {
  await db
    .update(uploads)
    .set({ size: values.size, contentType: values.contentType, fileName: values.fileName, uploadedAt: values.at })
    .where(eq(uploads.id, id));
}

/**
 * Marks an upload verified (with its normalised name) and, given `requestId`, links it to that request
 * — only if it is linked to no request or already to that one. The condition is in the UPDATE itself, so of two
 * transactions linking one upload to two requests exactly one wins (the other waits for the row, then matches
 * nothing). False when the upload is linked to another request.
 */
export async function markVerified(db: DbOrTx, id: string, values: { at: Date; fileName: string }, requestId?: string): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ verifiedAt: values.at, fileName: values.fileName, ...(requestId ? { requestId } : {}) })
    .where(requestId ? and(eq(uploads.id, id), or(isNull(uploads.requestId), eq(uploads.requestId, requestId))) : eq(uploads.id, id))
    .returning({ id: uploads.id });
  return rows.length > 0;
}

/** Many uploads in one query (lists must not query per row). */
export async function findUploads(db: DbOrTx, ids: string[]): Promise<UploadRow[]> {
  return ids.length ? db.select().from(uploads).where(inArray(uploads.id, ids)) : [];
}

/**
 * An upload is attached once a request, a profile photo (or, later, a message) refers to it; until then it is
 * pending, and pending uploads expire (files.service expireUploads).
 */
const unattached = sql`u.request_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM users x WHERE x.profile_image_url = '/api/files/objects/' || u.id::text)
  AND NOT EXISTS (SELECT 1 FROM mediator_profiles p WHERE p.photo_url = '/api/files/objects/' || u.id::text)`;

export async function countPendingUploads(db: DbOrTx, ownerId: string): Promise<number> {
  const result = (await db.execute(sql`SELECT count(*)::int AS n FROM uploads u WHERE u.owner_id = ${ownerId} AND ${unattached}`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/** Removes up to `limit` uploads created before `before` and still unattached; returns their ids (for the store). */
export async function deleteExpiredUploads(db: DbOrTx, before: Date, limit: number): Promise<string[]> {
  const result = (await db.execute(sql`DELETE FROM uploads WHERE id IN (
      SELECT u.id FROM uploads u WHERE u.created_at < ${before.toISOString()}::timestamptz AND ${unattached}
      ORDER BY u.created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

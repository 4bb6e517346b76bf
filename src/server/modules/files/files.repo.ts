import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
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
/**
 * What the check before the transaction learned of an object (files.service checkAttachment): verified, its real
 * size, type and name. Recorded so that the link inside the transaction, and any later check, needs no storage call.
 */
export async function recordVerified(db: DbOrTx, id: string, values: { at: Date; fileName: string; size: number; contentType: string }): Promise<void> {
  await db
    .update(uploads)
    .set({
      verifiedAt: values.at,
      fileName: values.fileName,
      size: values.size,
      contentType: values.contentType,
      // The store has it, so it was uploaded: with S3 the browser PUTs straight to the store and nothing else says so
      // (downloads are served only once uploaded).
      uploadedAt: sql`coalesce(${uploads.uploadedAt}, ${values.at.toISOString()}::timestamptz)`,
    })
    .where(eq(uploads.id, id));
}

/**
 * Links a verified upload of `ownerId` to a request, unless it already belongs to another one (an object belongs to
 * one request at most). SQL only: runs inside the caller's transaction. The row, or undefined when it cannot be linked.
 */
export async function linkVerifiedUpload(tx: DbOrTx, id: string, ownerId: string, requestId: string): Promise<UploadRow | undefined> {
  const [row] = await tx
    .update(uploads)
    .set({ requestId })
    .where(
      and(eq(uploads.id, id), eq(uploads.ownerId, ownerId), isNotNull(uploads.verifiedAt), or(isNull(uploads.requestId), eq(uploads.requestId, requestId))),
    )
    .returning();
  return row;
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

import { eq, inArray } from 'drizzle-orm';
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

export async function markUploaded(db: DbOrTx, id: string, values: { size: number; contentType: string; at: Date }) {
  await db.update(uploads).set({ size: values.size, contentType: values.contentType, uploadedAt: values.at }).where(eq(uploads.id, id));
}

export async function markVerified(db: DbOrTx, id: string, at: Date, requestId?: string | null) {
  await db
    .update(uploads)
    .set({ verifiedAt: at, ...(requestId !== undefined ? { requestId } : {}) })
    .where(eq(uploads.id, id));
}

/** Many uploads in one query (lists must not query per row). */
export async function findUploads(db: DbOrTx, ids: string[]): Promise<UploadRow[]> {
  return ids.length ? db.select().from(uploads).where(inArray(uploads.id, ids)) : [];
}

// Case documents (issue 23, docs/decisions/044): the second side's uploads, who opened what, and narrowings of a
// document's visibility. The first side's documents stay in the request's spec fields (mediationBriefUrl,
// caseFilesUrls); adding one appends there.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DocumentVisibility } from '../../../common/enums';
import type { DocumentAccess, VisibilityChange } from '../../../common/schemas/case-documents';
import type { DbOrTx } from '../../db/client';
import { documentAccesses, documentVisibilityChanges, mediationRequests, uploads, users } from '../../db/schema';

export type UploadRow = typeof uploads.$inferSelect;
export type CaseDocumentKind = 'brief' | 'case_file';

/** How many openings a document's row in the request's detail lists (the log route lists up to ACCESS_LOG_LIMIT). */
export const ACCESSES_IN_DETAIL = 50;
export const ACCESS_LOG_LIMIT = 500;

/** The second side's documents of these requests: briefs and case files its counsel linked to each, oldest first. */
export async function secondSideDocuments(db: DbOrTx, requestIds: string[]): Promise<UploadRow[]> {
  if (!requestIds.length) return [];
  const rows = await db
    .select({ upload: uploads })
    .from(uploads)
    .innerJoin(mediationRequests, and(eq(mediationRequests.id, uploads.requestId), eq(mediationRequests.opposingLawyerId, uploads.ownerId)))
    .where(and(inArray(uploads.requestId, requestIds), inArray(uploads.purpose, ['brief', 'case_file'])))
    .orderBy(uploads.createdAt, uploads.id);
  return rows.map((r) => r.upload);
}

const userName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** The openings of these documents, newest first, at most `perDocument` each (one query for a whole page). */
export async function accessesOf(db: DbOrTx, uploadIds: string[], perDocument: number): Promise<Map<string, DocumentAccess[]>> {
  const byUpload = new Map<string, DocumentAccess[]>();
  if (!uploadIds.length) return byUpload;
  const ranked = db
    .select({
      uploadId: documentAccesses.uploadId,
      userId: documentAccesses.userId,
      name: userName.as('name'),
      accessedAt: documentAccesses.accessedAt,
      n: sql<number>`row_number() OVER (PARTITION BY ${documentAccesses.uploadId} ORDER BY ${documentAccesses.accessedAt} DESC, ${documentAccesses.id} DESC)`.as(
        'n',
      ),
    })
    .from(documentAccesses)
    .innerJoin(users, eq(users.id, documentAccesses.userId))
    .where(inArray(documentAccesses.uploadId, uploadIds))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.n} <= ${perDocument}`)
    .orderBy(ranked.uploadId, ranked.n);
  for (const row of rows) {
    const list = byUpload.get(row.uploadId) ?? [];
    list.push({ userId: row.userId, name: row.name, accessedAt: new Date(row.accessedAt).toISOString() });
    byUpload.set(row.uploadId, list);
  }
  return byUpload;
}

export async function insertAccess(db: DbOrTx, uploadId: string, userId: string, at: Date): Promise<void> {
  await db.insert(documentAccesses).values({ uploadId, userId, accessedAt: at });
}

/** Everyone but the uploader who opened the document so far, once each, with their name now. */
export async function openersOf(db: DbOrTx, uploadId: string, uploaderId: string): Promise<{ userId: string; name: string }[]> {
  const rows = await db
    .selectDistinct({ userId: users.id, name: userName })
    .from(documentAccesses)
    .innerJoin(users, eq(users.id, documentAccesses.userId))
    .where(and(eq(documentAccesses.uploadId, uploadId), sql`${documentAccesses.userId} <> ${uploaderId}`))
    .orderBy(userName, users.id);
  return rows;
}

/** The upload row, locked against another change of its visibility (openings only share-lock it: they go on). */
export async function lockUpload(tx: DbOrTx, id: string): Promise<UploadRow | undefined> {
  const [row] = await tx.select().from(uploads).where(eq(uploads.id, id)).for('no key update');
  return row;
}

/** Sets who may see a case document; `purpose` names a purpose-less upload for what it was attached as. */
export async function setVisibility(tx: DbOrTx, id: string, visibility: DocumentVisibility, purpose?: CaseDocumentKind): Promise<void> {
  await tx
    .update(uploads)
    .set({ visibility, ...(purpose ? { purpose } : {}) })
    .where(eq(uploads.id, id));
}

export async function insertVisibilityChange(tx: DbOrTx, values: typeof documentVisibilityChanges.$inferInsert): Promise<void> {
  await tx.insert(documentVisibilityChanges).values(values);
}

export async function visibilityChangesOf(db: DbOrTx, uploadId: string): Promise<VisibilityChange[]> {
  const rows = await db
    .select()
    .from(documentVisibilityChanges)
    .where(eq(documentVisibilityChanges.uploadId, uploadId))
    .orderBy(desc(documentVisibilityChanges.changedAt), desc(documentVisibilityChanges.id));
  return rows.map((r) => ({
    fromVisibility: r.fromVisibility,
    toVisibility: r.toVisibility,
    changedAt: r.changedAt.toISOString(),
    alreadyOpenedBy: r.alreadyOpenedBy,
  }));
}

/** How many briefs and case files the second side has on the request now (read under the request's lock). */
export async function countSideDocuments(tx: DbOrTx, requestId: string, ownerId: string): Promise<Record<CaseDocumentKind, number>> {
  const rows = await tx
    .select({ purpose: uploads.purpose, n: sql<number>`count(*)::int` })
    .from(uploads)
    .where(and(eq(uploads.requestId, requestId), eq(uploads.ownerId, ownerId), inArray(uploads.purpose, ['brief', 'case_file'])))
    .groupBy(uploads.purpose);
  const count = (p: string) => Number(rows.find((r) => r.purpose === p)?.n ?? 0);
  return { brief: count('brief'), case_file: count('case_file') };
}

/** The first side's documents live in the spec's fields: a brief fills mediationBriefUrl, a case file is appended. */
export async function appendFirstSideDocument(tx: DbOrTx, requestId: string, kind: CaseDocumentKind, objectPath: string, now: Date): Promise<void> {
  await tx
    .update(mediationRequests)
    .set(
      kind === 'brief'
        ? { mediationBriefUrl: objectPath, updatedAt: now }
        : { caseFilesUrls: sql`array_append(${mediationRequests.caseFilesUrls}, ${objectPath})`, updatedAt: now },
    )
    .where(eq(mediationRequests.id, requestId));
}

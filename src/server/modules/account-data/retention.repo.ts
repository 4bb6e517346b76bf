import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { caseRetention, uploads } from '../../db/schema';

// The retention of closed cases' documents (docs/decisions/061). A case is closed when completed or cancelled
// (RULES.md 4), from the time it became so; its documents are its uploads other than photos (briefs, case files,
// message attachments). The sweep reads a batch at a time; every write is conditional, so two instances sweeping at
// once, or a sweep resumed after a crash, do each step once.

const BATCH = 50;
const closedAt = sql`coalesce(r.completed_at, r.cancelled_at)`;
const hasDocuments = sql`EXISTS (SELECT 1 FROM uploads u WHERE u.request_id = r.id AND u.purpose <> 'photo' AND u.purged_at IS NULL AND u.uploaded_at IS NOT NULL)`;

export interface RetentionCase {
  id: string;
  caseName: string;
  /** The parties to tell: counsel of both sides and the selected mediator, live accounts only. */
  parties: { firstName: string; email: string }[];
}

/** Closed before `closedBefore`, with documents still stored, never told, not held. */
export async function findCasesDueForNotice(db: DbOrTx, closedBefore: Date): Promise<RetentionCase[]> {
  const result = (await db.execute(sql`
    SELECT r.id, r.case_name AS "caseName",
      coalesce((SELECT json_agg(json_build_object('firstName', p.first_name, 'email', p.email) ORDER BY p.id) FROM users p
        WHERE p.id IN (r.lawyer_id, r.opposing_lawyer_id, r.selected_mediator_id) AND p.anonymized_at IS NULL), '[]'::json) AS parties
    FROM mediation_requests r
    LEFT JOIN case_retention c ON c.request_id = r.id
    WHERE r.status IN ('completed', 'cancelled') AND ${closedAt} <= ${closedBefore.toISOString()}::timestamptz
      AND (c.request_id IS NULL OR (c.notice_sent_at IS NULL AND c.held_at IS NULL))
      AND ${hasDocuments}
    ORDER BY ${closedAt}, r.id
    LIMIT ${BATCH}`)) as unknown as { rows: RetentionCase[] };
  return result.rows;
}

/** Records the notice once: true for the one caller that records it (false when held or told meanwhile). */
export async function claimNotice(tx: DbOrTx, requestId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(caseRetention)
    .values({ requestId, noticeSentAt: now })
    .onConflictDoUpdate({
      target: caseRetention.requestId,
      set: { noticeSentAt: now },
      setWhere: sql`${caseRetention.noticeSentAt} IS NULL AND ${caseRetention.heldAt} IS NULL`,
    })
    .returning({ requestId: caseRetention.requestId });
  return rows.length > 0;
}

/** Told before `noticedBefore`, closed before `closedBefore`, not purged yet (or purged half-way), not held. */
export async function findCasesDueForPurge(db: DbOrTx, closedBefore: Date, noticedBefore: Date): Promise<string[]> {
  const result = (await db.execute(sql`
    SELECT r.id FROM mediation_requests r JOIN case_retention c ON c.request_id = r.id
    WHERE c.notice_sent_at <= ${noticedBefore.toISOString()}::timestamptz AND c.purged_at IS NULL AND c.held_at IS NULL
      AND r.status IN ('completed', 'cancelled') AND ${closedAt} <= ${closedBefore.toISOString()}::timestamptz
    ORDER BY c.notice_sent_at, r.id
    LIMIT ${BATCH}`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

/**
 * Marks the case's documents purged (from now on they are "removed under the retention policy", never served) and
 * returns every purged one of the case, those of an earlier, interrupted run included: their objects are removed
 * after this commits, again if need be (removing is idempotent).
 */
export async function markDocumentsPurged(tx: DbOrTx, requestId: string, now: Date): Promise<string[]> {
  const documents = and(eq(uploads.requestId, requestId), ne(uploads.purpose, 'photo'));
  await tx
    .update(uploads)
    .set({ purgedAt: now })
    .where(and(documents, isNull(uploads.purgedAt)));
  const rows = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(documents, isNotNull(uploads.purgedAt)));
  return rows.map((r) => r.id);
}

/** The last step: the case is done (unless a hold came in meanwhile, which then keeps the row unfinished). */
export async function markCasePurged(db: DbOrTx, requestId: string, now: Date): Promise<void> {
  await db
    .update(caseRetention)
    .set({ purgedAt: now })
    .where(and(eq(caseRetention.requestId, requestId), isNull(caseRetention.purgedAt)));
}

/** Is the case still to be purged, not held (read under the request's lock, right before marking its documents)? */
export async function stillDue(tx: DbOrTx, requestId: string): Promise<boolean> {
  const [row] = await tx
    .select({ heldAt: caseRetention.heldAt, purgedAt: caseRetention.purgedAt })
    .from(caseRetention)
    .where(eq(caseRetention.requestId, requestId));
  return !!row && row.heldAt === null && row.purgedAt === null;
}

export async function findRetention(db: DbOrTx, requestId: string) {
  const [row] = await db.select().from(caseRetention).where(eq(caseRetention.requestId, requestId));
  return row;
}

/**
 * An admin's hold on (`heldById` set) or off (null). Lifting it forgets an earlier notice: the parties are told again,
 * a week ahead, before anything goes.
 */
export async function setHold(tx: DbOrTx, requestId: string, hold: { heldById: string; at: Date } | null): Promise<void> {
  const values = hold ? { heldAt: hold.at, heldById: hold.heldById } : { heldAt: null, heldById: null, noticeSentAt: null };
  await tx
    .insert(caseRetention)
    .values({ requestId, ...values })
    .onConflictDoUpdate({ target: caseRetention.requestId, set: values });
}

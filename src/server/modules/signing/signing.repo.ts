// Rows of the signed outcome (decision 055). Every write runs under its case's request lock (lock-order.ts), so an
// envelope, its signers and a term sheet's versions are never changed by two transactions at once.
import { and, asc, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../common/ids';
import type { TermSheetContent } from '../../../common/schemas/signing';
import type { DbOrTx } from '../../db/client';
import {
  envelopeSigners,
  mediationRequests,
  mediatorAgreementSettings,
  signingEnvelopes,
  signingEvents,
  termSheetProposals,
  termSheetVersions,
} from '../../db/schema';

/** An envelope without its sealed file, which only a download or the verification reads. */
export type EnvelopeRow = Omit<typeof signingEnvelopes.$inferSelect, 'sealedPdf'>;
export type SignerRow = typeof envelopeSigners.$inferSelect;
export type SigningEventRow = typeof signingEvents.$inferSelect;
export type VersionRow = typeof termSheetVersions.$inferSelect;
export type ProposalRow = typeof termSheetProposals.$inferSelect;
export type NewSigner = typeof envelopeSigners.$inferInsert;
export type NewSigningEvent = Omit<typeof signingEvents.$inferInsert, 'id'>;

// ---- The agreement to mediate's settings ----

export async function findAgreementSettings(db: DbOrTx, mediatorId: string) {
  const [row] = await db.select().from(mediatorAgreementSettings).where(eq(mediatorAgreementSettings.mediatorId, mediatorId));
  return row;
}

export async function saveAgreementSettings(db: DbOrTx, mediatorId: string, values: { required: boolean; template: string | null }, now: Date) {
  await db
    .insert(mediatorAgreementSettings)
    .values({ mediatorId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: mediatorAgreementSettings.mediatorId, set: { ...values, updatedAt: now } });
}

// ---- Term sheet versions and proposals ----

export function versionsOf(db: DbOrTx, requestId: string): Promise<VersionRow[]> {
  return db.select().from(termSheetVersions).where(eq(termSheetVersions.requestId, requestId)).orderBy(asc(termSheetVersions.number));
}

export async function insertVersion(
  db: DbOrTx,
  values: { requestId: string; number: number; content: TermSheetContent; note: string | null; createdById: string; createdAt: Date },
): Promise<VersionRow> {
  const [row] = await db.insert(termSheetVersions).values(values).returning();
  return row;
}

export async function setVersionStatus(db: DbOrTx, requestId: string, number: number, status: VersionRow['status']): Promise<void> {
  await db
    .update(termSheetVersions)
    .set({ status })
    .where(and(eq(termSheetVersions.requestId, requestId), eq(termSheetVersions.number, number)));
}

/** Every version still a draft or final below `number` is superseded by it. */
export async function supersedeBefore(db: DbOrTx, requestId: string, number: number): Promise<void> {
  await db
    .update(termSheetVersions)
    .set({ status: 'superseded' })
    .where(
      and(eq(termSheetVersions.requestId, requestId), sql`${termSheetVersions.number} < ${number}`, inArray(termSheetVersions.status, ['draft', 'final'])),
    );
}

/** A case's proposals, in order (the card reads them in its own statement; the tests compare with this). @internal */
export function proposalsOf(db: DbOrTx, requestId: string): Promise<ProposalRow[]> {
  return db.select().from(termSheetProposals).where(eq(termSheetProposals.requestId, requestId)).orderBy(asc(termSheetProposals.seq));
}

export async function findProposal(db: DbOrTx, id: string): Promise<ProposalRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(termSheetProposals).where(eq(termSheetProposals.id, id));
  return row;
}

export async function insertProposal(db: DbOrTx, values: typeof termSheetProposals.$inferInsert): Promise<ProposalRow> {
  const [row] = await db.insert(termSheetProposals).values(values).returning();
  return row;
}

/** Decides an open proposal; undefined when it was no longer open (the caller answers 409). */
export async function decideProposal(
  db: DbOrTx,
  id: string,
  values: Pick<ProposalRow, 'status' | 'decidedById' | 'decisionReason' | 'acceptedAsVersion' | 'decidedAt'>,
): Promise<ProposalRow | undefined> {
  const [row] = await db
    .update(termSheetProposals)
    .set(values)
    .where(and(eq(termSheetProposals.id, id), eq(termSheetProposals.status, 'open')))
    .returning();
  return row;
}

/** A new version leaves proposals made against older ones behind: they are declined with that reason. */
export async function closeProposalsBefore(db: DbOrTx, requestId: string, number: number, now: Date): Promise<void> {
  await db
    .update(termSheetProposals)
    .set({ status: 'declined', decisionReason: `Version ${number} replaced the version these edits were proposed to`, decidedAt: now })
    .where(and(eq(termSheetProposals.requestId, requestId), eq(termSheetProposals.status, 'open'), sql`${termSheetProposals.baseVersion} < ${number}`));
}

// ---- Envelopes, signers, events ----

const { sealedPdf: _sealedFile, ...envelopeColumns } = getTableColumns(signingEnvelopes);

export function envelopesOf(db: DbOrTx, requestId: string): Promise<EnvelopeRow[]> {
  return db.select(envelopeColumns).from(signingEnvelopes).where(eq(signingEnvelopes.requestId, requestId)).orderBy(asc(signingEnvelopes.seq));
}

export async function findEnvelope(db: DbOrTx, id: string): Promise<EnvelopeRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(envelopeColumns).from(signingEnvelopes).where(eq(signingEnvelopes.id, id));
  return row;
}

export async function sealedFileOf(db: DbOrTx, id: string): Promise<Buffer | null> {
  const [row] = await db.select({ file: signingEnvelopes.sealedPdf }).from(signingEnvelopes).where(eq(signingEnvelopes.id, id));
  return row?.file ?? null;
}

export async function findSealedByHash(db: DbOrTx, sha256: string): Promise<EnvelopeRow | undefined> {
  const [row] = await db
    .select(envelopeColumns)
    .from(signingEnvelopes)
    .where(and(eq(signingEnvelopes.sha256, sha256), eq(signingEnvelopes.status, 'sealed')));
  return row;
}

export async function insertEnvelope(db: DbOrTx, values: typeof signingEnvelopes.$inferInsert): Promise<EnvelopeRow> {
  const [row] = await db.insert(signingEnvelopes).values(values).returning(envelopeColumns);
  return row;
}

/** Moves an envelope from one status to another; undefined if it was not in `from` (someone else moved it first). */
export async function moveEnvelope(
  db: DbOrTx,
  id: string,
  from: EnvelopeRow['status'],
  set: Partial<Pick<typeof signingEnvelopes.$inferSelect, 'status' | 'completedAt' | 'sealedAt' | 'sha256' | 'sealedPdf'>>,
): Promise<EnvelopeRow | undefined> {
  const [row] = await db
    .update(signingEnvelopes)
    .set(set)
    .where(and(eq(signingEnvelopes.id, id), eq(signingEnvelopes.status, from)))
    .returning(envelopeColumns);
  return row;
}

export function signersOf(db: DbOrTx, envelopeIds: string[]): Promise<SignerRow[]> {
  if (!envelopeIds.length) return Promise.resolve([]);
  return db.select().from(envelopeSigners).where(inArray(envelopeSigners.envelopeId, envelopeIds)).orderBy(asc(envelopeSigners.position));
}

export async function insertSigners(db: DbOrTx, rows: NewSigner[]): Promise<SignerRow[]> {
  if (!rows.length) return [];
  return db.insert(envelopeSigners).values(rows).returning();
}

/** The signer a party's link names: by their signing link or the sealed copy's. */
export async function findSignerByTokenHash(db: DbOrTx, tokenHash: string): Promise<SignerRow | undefined> {
  const [row] = await db
    .select()
    .from(envelopeSigners)
    .where(or(eq(envelopeSigners.tokenHash, tokenHash), eq(envelopeSigners.copyTokenHash, tokenHash)));
  return row;
}

export async function findSigner(db: DbOrTx, id: string): Promise<SignerRow | undefined> {
  const [row] = await db.select().from(envelopeSigners).where(eq(envelopeSigners.id, id));
  return row;
}

/** Records a pending signer's signature or refusal; undefined if they were no longer pending. */
export async function closeSigner(db: DbOrTx, id: string, set: Partial<SignerRow>): Promise<SignerRow | undefined> {
  const [row] = await db
    .update(envelopeSigners)
    .set(set)
    .where(and(eq(envelopeSigners.id, id), eq(envelopeSigners.status, 'pending')))
    .returning();
  return row;
}

export async function updateSigner(db: DbOrTx, id: string, set: Partial<SignerRow>): Promise<void> {
  await db.update(envelopeSigners).set(set).where(eq(envelopeSigners.id, id));
}

export async function insertEvents(db: DbOrTx, rows: NewSigningEvent[]): Promise<void> {
  if (rows.length) await db.insert(signingEvents).values(rows);
}

export function eventsOf(db: DbOrTx, envelopeId: string): Promise<SigningEventRow[]> {
  return db.select().from(signingEvents).where(eq(signingEvents.envelopeId, envelopeId)).orderBy(asc(signingEvents.id));
}

/**
 * Whether `userId` has signed the latest agreement to mediate of this case they were asked to sign (a reassignment's
 * new mediator may send a new one; a voided one does not count).
 */
export async function hasSignedAgreement(db: DbOrTx, requestId: string, userId: string): Promise<boolean> {
  const [latest] = await db
    .select({ status: envelopeSigners.status })
    .from(envelopeSigners)
    .innerJoin(signingEnvelopes, eq(signingEnvelopes.id, envelopeSigners.envelopeId))
    .where(
      and(
        eq(signingEnvelopes.requestId, requestId),
        eq(signingEnvelopes.kind, 'agreement'),
        sql`${signingEnvelopes.status} <> 'void'`,
        eq(envelopeSigners.userId, userId),
      ),
    )
    .orderBy(desc(signingEnvelopes.seq))
    .limit(1);
  return latest?.status === 'signed';
}

/**
 * `hasSignedAgreement` as an SQL condition on the case row `r` (for the reads that fold the hold into their one
 * statement, decision 063): whether `viewer` signed the latest agreement of `r` they were asked to sign.
 */
export function signedLatestAgreementSql(viewer: SQL): SQL {
  return sql`coalesce((SELECT es.status = 'signed' FROM envelope_signers es JOIN signing_envelopes e ON e.id = es.envelope_id
    WHERE e.request_id = r.id AND e.kind = 'agreement' AND e.status <> 'void' AND es.user_id = ${viewer}
    ORDER BY e.seq DESC LIMIT 1), false)`;
}

/** Who reads a case card: the reader, and what their account lets them be (see `viewerSeatSql`). */
export interface CardReader {
  id: string;
  /** An admin, or a mediator whose profile is complete: who may sit as the selected mediator (findVisibleRequest). */
  mayMediate: boolean;
  admin: boolean;
}

/**
 * The reader's seat in the case row `r`, in SQL (decision 063): seatOf's order (the first side's counsel, the second
 * side's, the selected mediator), then 'admin' for an admin outside the case; null when the reader has no seat or
 * findVisibleRequest would not show them the request (a selected mediator whose profile is not complete). The caller
 * answers a null seat through the access check it replaces, which then refuses with that check's own 404 or 403.
 */
export function viewerSeatSql(viewer: SQL, mayMediate: SQL, admin: SQL): SQL {
  return sql`CASE WHEN r.lawyer_id = ${viewer} THEN 'first' WHEN r.opposing_lawyer_id = ${viewer} THEN 'second'
    WHEN r.selected_mediator_id = ${viewer} AND ${mayMediate} THEN 'mediator' WHEN ${admin} THEN 'admin' END`;
}

/** Whether an agreement to mediate is out for signature on the case (mediation_requests.agreement_pending). */
export async function setAgreementPending(db: DbOrTx, requestId: string, pending: boolean): Promise<void> {
  await db.update(mediationRequests).set({ agreementPending: pending }).where(eq(mediationRequests.id, requestId));
}

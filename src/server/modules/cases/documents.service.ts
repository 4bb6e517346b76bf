// Case documents by visibility (issue 23, docs/decisions/044): either side's counsel adds a brief or case file and
// chooses who may see it; the uploader narrows or widens it later (a narrowing is logged with who had already opened
// the document) and reads who opened it. The download (files module) records each opening through `recordOpening`.
import { FILE_LIMITS } from '../../../common/constants';
import type { RequestDocumentDto } from '../../../common/api-types';
import { canOpenDocument, defaultVisibility, isNarrowing, seatOf } from '../../../common/domain/case-access';
import type { AddCaseDocument, ChangeDocumentVisibility, DocumentLog } from '../../../common/schemas/case-documents';
import type { AppContext } from '../../context';
import { lockInOrder } from '../../db/lock-order';
import { conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { checkAttachment, linkAttachment } from '../files/files.service';
import { findUpload } from '../files/files.repo';
import { findRequest, type RequestRow } from '../requests/requests.repo';
import { findVisibleRequest } from '../requests/requests.service';
import { caseDocumentOf, loadCaseDocuments, presentCaseDocuments, readerOf, visibilityOf, type CaseDocumentFacts } from './case-documents';
import * as repo from './documents.repo';
import { requireAgreementSigned } from '../signing/agreement-hold';

export const DOCUMENT_NOT_FOUND = 'Document not found';

/** Why a case takes no new documents now, if it does not. */
function closedProblem(status: string): string | null {
  if (status === 'cancelled') return 'This request was cancelled: no documents can be added';
  if (status === 'completed') return 'This mediation is complete: no documents can be added';
  return null;
}

/** The request if the caller is counsel on it (404 for who may not see it, 403 for who sees it but is not counsel). */
export async function counselRequest(ctx: AppContext, user: SessionUser, requestId: string): Promise<RequestRow> {
  const request = await findVisibleRequest(ctx, user, requestId);
  const seat = seatOf(request, user.id);
  if (seat !== 'first' && seat !== 'second') throw forbidden('Only counsel in this case can add documents');
  await requireAgreementSigned(ctx.db, request, user.id);
  return request;
}

/**
 * A case document the caller added: 404 when it is not a document of the request or the caller may not open it (the
 * other side's private material does not exist for them, RULES.md 6), 403 when they may open it but did not add it.
 */
export async function ownDocument(ctx: AppContext, user: SessionUser, requestId: string, uploadId: string, refusal: string) {
  const request = await findVisibleRequest(ctx, user, requestId);
  const upload = await findUpload(ctx.db, uploadId);
  const facts = upload ? caseDocumentOf(request, upload) : null;
  if (!upload || !facts || !canOpenDocument(facts.visibility, facts.side, readerOf(request, user))) throw notFound(DOCUMENT_NOT_FOUND);
  if (facts.ownerId !== user.id) throw forbidden(refusal);
  return { request, upload, facts };
}

export const NOT_YOURS_TO_CHANGE = 'Only the lawyer who added this document can change who sees it';
export const NOT_YOURS_TO_READ = 'Only the lawyer who added this document can see who opened it';

/** The document as the caller's detail shows it. */
async function presentOne(ctx: AppContext, user: SessionUser, requestId: string, uploadId: string): Promise<RequestDocumentDto> {
  const request = (await findRequest(ctx.db, requestId))!;
  const rows = await loadCaseDocuments(ctx.db, [request], user.id);
  const found = presentCaseDocuments(request, user, rows).documents.find((d) => d.uploadId === uploadId);
  if (!found) throw notFound(DOCUMENT_NOT_FOUND);
  return found;
}

/**
 * POST /api/requests/{id}/documents: the caller's uploaded brief or case file joins their side's documents. The object
 * is checked before the transaction (it reads the storage); inside, under the request's lock, the side's limits
 * (FILE_LIMITS: one brief, five case files per side) and the link. The first side's go to the spec's fields.
 */
export async function addDocument(ctx: AppContext, user: SessionUser, request: RequestRow, input: AddCaseDocument): Promise<RequestDocumentDto> {
  // Bad input (400) before the wrong state (409): RULES.md 6's order.
  const checked = await checkAttachment(ctx, user.id, input.objectPath, ['case_file', 'brief'], 'objectPath', request.id);
  const problem = closedProblem(request.status);
  if (problem) throw conflict(problem);
  if (checked.requestId === request.id) throw conflict(`${checked.fileName ?? 'This file'} is already attached to this case`);
  const kind = checked.purpose === 'brief' ? 'brief' : 'case_file';
  const visibility = input.visibility ?? defaultVisibility(kind);
  await transaction(ctx, async (tx) => {
    const { request: locked } = await lockInOrder(tx, { requestId: request.id });
    if (!locked) throw notFound('Request not found');
    const closed = closedProblem(locked.status);
    if (closed) throw conflict(closed);
    const side = seatOf(locked, user.id);
    const counts =
      side === 'first'
        ? { brief: locked.mediationBriefUrl ? 1 : 0, case_file: locked.caseFilesUrls.length }
        : await repo.countSideDocuments(tx, locked.id, user.id);
    if (kind === 'brief' && counts.brief >= FILE_LIMITS.briefMaxFiles) {
      throw conflict('Your side already has a brief in this case. Add this file as a case file instead.');
    }
    if (kind === 'case_file' && counts.case_file >= FILE_LIMITS.caseFilesMaxFiles) {
      throw conflict(`You can only upload up to ${FILE_LIMITS.caseFilesMaxFiles} file(s).`);
    }
    const linked = await linkAttachment(tx, checked, locked.id, 'objectPath');
    // A purpose-less upload (the spec's client asks without one) is named for what it became.
    await repo.setVisibility(tx, linked.id, visibility, kind);
    if (side === 'first') await repo.appendFirstSideDocument(tx, locked.id, kind, linked.objectPath, ctx.clock.now());
  });
  return presentOne(ctx, user, request.id, checked.id);
}

async function logOf(ctx: AppContext, uploadId: string, visibility: DocumentLog['visibility']): Promise<DocumentLog> {
  const [accesses, changes] = await Promise.all([repo.accessesOf(ctx.db, [uploadId], repo.ACCESS_LOG_LIMIT), repo.visibilityChangesOf(ctx.db, uploadId)]);
  return { uploadId, visibility, accesses: accesses.get(uploadId) ?? [], changes };
}

/** GET /api/requests/{id}/documents/{uploadId}/accesses: the uploader's log (openings, narrowings). */
export async function documentLog(ctx: AppContext, user: SessionUser, requestId: string, uploadId: string): Promise<DocumentLog> {
  const { upload, facts } = await ownDocument(ctx, user, requestId, uploadId, NOT_YOURS_TO_READ);
  return logOf(ctx, upload.id, facts.visibility);
}

/**
 * PATCH /api/requests/{id}/documents/{uploadId}: the uploader changes who may see it. Under the upload's row lock the
 * visibility is read again, so two changes at once are applied one after the other and each narrowing is logged once
 * with who had opened the document by then (everyone but the uploader).
 */
export async function changeVisibility(
  ctx: AppContext,
  user: SessionUser,
  owned: { upload: { id: string }; facts: CaseDocumentFacts },
  input: ChangeDocumentVisibility,
): Promise<DocumentLog> {
  const { upload, facts } = owned;
  await transaction(ctx, async (tx) => {
    const locked = await repo.lockUpload(tx, upload.id);
    if (!locked) throw notFound(DOCUMENT_NOT_FOUND);
    const from = visibilityOf(locked, facts.kind);
    if (from === input.visibility) return;
    await repo.setVisibility(tx, locked.id, input.visibility);
    if (isNarrowing(from, input.visibility)) {
      await repo.insertVisibilityChange(tx, {
        uploadId: locked.id,
        changedById: user.id,
        fromVisibility: from,
        toVisibility: input.visibility,
        alreadyOpenedBy: await repo.openersOf(tx, locked.id, user.id),
        changedAt: ctx.clock.now(),
      });
    }
  });
  return logOf(ctx, upload.id, input.visibility);
}

/** Records one opening of a case document (the download calls it once allowed, before streaming the object). */
export async function recordOpening(ctx: AppContext, uploadId: string, userId: string): Promise<void> {
  await repo.insertAccess(ctx.db, uploadId, userId, ctx.clock.now());
}

import { transaction } from '../../unit-of-work';
import { holdLiveAccount } from '../../db/lock-order';
import { FILE_LIMITS } from '../../../common/constants';
import type { AcceptanceDto, RequestDto } from '../../../common/api-types';
import { budgetProblem } from '../../../common/domain/fees';
import { parseCents } from '../../../common/money';
import type { CreateRequest } from '../../../common/schemas/requests';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound, unauthorized } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { checkAttachment, linkAttachment, type CheckedUpload } from '../files/files.service';
import { currentTerms } from '../settings/terms';
import { counterpartIdFor, hasFullAccess, presentAcceptance, presentRequest, type CounterpartRow, type Viewer } from './requests.presenter';
import * as repo from './requests.repo';
import * as pages from './mediator-pages.repo';
import { latestDisputesFor } from '../disputes/disputes.repo';
import { presentRequestDispute } from '../disputes/disputes.presenter';
import { paymentSumsByRequest } from './ledger-sums.repo';
import { firstSideOnly, loadCaseSides } from '../cases/case-sides';
import { sendInvitation } from '../cases/invitation-writes';
import { loadCaseDocuments, NO_CASE_DOCUMENTS } from '../cases/case-documents';
import { replaceParties } from '../cases/parties.repo';
import { latestProposal } from './selection-proposals.repo';
import { presentProposal } from './selection-proposals.presenter';

export const REQUEST_NOT_FOUND = 'Request not found';

/** The rows behind the documents of many requests for one viewer, in at most three queries (lists must not query per row). */
function loadDocumentUploads(ctx: AppContext, requests: repo.RequestRow[], viewerId: string) {
  return loadCaseDocuments(ctx.db, requests, viewerId);
}

export function viewerOf(user: SessionUser): Viewer {
  return { id: user.id, role: user.role === 'admin' ? 'admin' : user.role === 'mediator' ? 'mediator' : 'lawyer' };
}

function todayUtc(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export async function createRequest(ctx: AppContext, user: SessionUser, input: CreateRequest): Promise<RequestDto> {
  const terms = await currentTerms(ctx.db);
  const problem = budgetProblem(parseCents(input.budget)!, terms);
  if (problem) throw badRequest(problem, { budget: problem });
  if (input.preferredDate && input.preferredDate < todayUtc(ctx.clock.now())) {
    throw badRequest('Preferred date cannot be in the past', { preferredDate: 'Preferred date cannot be in the past' });
  }
  const caseFiles = [...new Set(input.caseFilesUrls)];
  if (caseFiles.length > FILE_LIMITS.caseFilesMaxFiles) {
    const message = `You can only upload up to ${FILE_LIMITS.caseFilesMaxFiles} file(s).`;
    throw badRequest(message, { caseFilesUrls: message });
  }
  // Every attached object is checked when attached: the caller's, the right purpose, size, and really a PDF. The
  // check reads the storage, so it runs before the transaction; inside it the checked uploads are only linked.
  const briefUpload = input.mediationBriefUrl ? await checkAttachment(ctx, user.id, input.mediationBriefUrl, ['brief'], 'mediationBriefUrl') : null;
  const caseFileUploads: CheckedUpload[] = [];
  for (const path of caseFiles) caseFileUploads.push(await checkAttachment(ctx, user.id, path, ['case_file'], 'caseFilesUrls'));
  const { parties, inviteOpposingCounsel, ...fields } = input;
  if (inviteOpposingCounsel && fields.opposingLawyerEmail?.toLowerCase() === user.email.toLowerCase()) {
    throw badRequest('You cannot invite yourself', { opposingLawyerEmail: 'You cannot invite yourself' });
  }
  const row = await transaction(ctx, async (tx) => {
    // The account first: a deletion of it racing this request ends before or after, never half-way (decision 061).
    if (!(await holdLiveAccount(tx, user.id))) throw unauthorized();
    const created = await repo.insertRequest(tx, {
      ...fields,
      caseFilesUrls: [],
      mediationBriefUrl: null,
      lawyerId: user.id,
      status: 'draft',
      createdAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
    });
    const brief = briefUpload ? await linkAttachment(tx, briefUpload, created.id, 'mediationBriefUrl') : null;
    const files = [];
    for (const upload of caseFileUploads) files.push(await linkAttachment(tx, upload, created.id, 'caseFilesUrls'));
    for (const side of ['first', 'second'] as const) {
      const list = (parties ?? []).filter((p) => p.side === side);
      if (list.length) await replaceParties(tx, created.id, side, list, ctx.clock.now());
    }
    // The invitation of opposing counsel goes out with the request, or neither exists (decision 043).
    if (inviteOpposingCounsel && fields.opposingLawyerName && fields.opposingLawyerEmail) {
      const invitee = { name: fields.opposingLawyerName, email: fields.opposingLawyerEmail.toLowerCase(), firmName: fields.opposingLawyerFirmName };
      await sendInvitation(ctx, tx, { request: created, inviter: user, invitee });
    }
    return repo.updateRequest(tx, created.id, {
      mediationBriefUrl: brief?.objectPath ?? null,
      caseFilesUrls: files.map((f) => f.objectPath),
    });
  });
  return presentRequest(row, viewerOf(user), { currentTerms: terms, acceptanceCount: 0, documents: await loadDocumentUploads(ctx, [row], user.id) });
}

/**
 * The request if the caller may see it (RULES.md 6): the owner, the second side's counsel (issue 23), admins, and
 * mediators who can see it in Available, have accepted it, or were selected. Anyone else gets 404, as if it did not exist.
 */
export async function findVisibleRequest(ctx: AppContext, user: SessionUser, id: string): Promise<repo.RequestRow> {
  const request = await repo.findRequest(ctx.db, id);
  if (!request) throw notFound(REQUEST_NOT_FOUND);
  if (user.role === 'admin' || request.lawyerId === user.id || request.opposingLawyerId === user.id) return request;
  if (user.role === 'mediator' && user.profileCompleted) {
    if (request.selectedMediatorId === user.id) return request;
    if (await repo.findAcceptance(ctx.db, request.id, user.id)) return request;
    if (await pages.isAvailableTo(ctx.db, request.id, user.id, ctx.clock.now())) return request;
  }
  throw notFound(REQUEST_NOT_FOUND);
}

/**
 * `GET /api/requests/{id}`: visibility (as findVisibleRequest) and everything the detail shows in one statement
 * (repo.findRequestDetail); further reads only for what few requests have: documents' file names, a dispute, and the
 * current fee terms for a draft (docs/decisions/026).
 */
export async function getRequest(ctx: AppContext, user: SessionUser, id: string): Promise<RequestDto> {
  const asMediator = user.role === 'mediator' && user.profileCompleted;
  const row = await repo.findRequestDetail(ctx.db, id, user.id, asMediator ? ctx.clock.now() : null);
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  const { request } = row;
  const visible =
    user.role === 'admin' ||
    request.lawyerId === user.id ||
    request.opposingLawyerId === user.id ||
    (asMediator && (request.selectedMediatorId === user.id || row.myAcceptance !== null || row.available));
  if (!visible) throw notFound(REQUEST_NOT_FOUND);
  const viewer = viewerOf(user);
  const full = hasFullAccess(request, viewer);
  const [terms, uploadsById, disputes, sides, proposal] = await Promise.all([
    request.terms ?? currentTerms(ctx.db),
    full ? loadDocumentUploads(ctx, [request], user.id) : NO_CASE_DOCUMENTS,
    full && row.hasDispute ? latestDisputesFor(ctx.db, [request.id]) : null,
    !full ? null : row.hasCaseExtras ? loadCaseSides(ctx.db, request, user.id, ctx.clock.now()) : firstSideOnly(request, user.id, row.firstCounsel),
    full && request.opposingLawyerId ? latestProposal(ctx.db, request.id) : undefined,
  ]);
  const cp = row.counterpart;
  const counterpartsById = new Map<string, CounterpartRow>(
    cp.id && cp.role && cp.firstName !== null && cp.lastName !== null && cp.email !== null
      ? [[cp.id, { ...cp, id: cp.id, role: cp.role, firstName: cp.firstName, lastName: cp.lastName, email: cp.email }]]
      : [],
  );
  const dispute = disputes?.get(request.id);
  return presentRequest(request, viewer, {
    currentTerms: terms,
    acceptanceCount: request.liveAcceptanceCount,
    myAcceptance: user.role === 'mediator' ? row.myAcceptance : null,
    documents: uploadsById,
    payment: row.paymentStatus && row.ledger ? { status: row.paymentStatus, refundReason: row.refundReason, ledger: row.ledger } : null,
    dispute: dispute ? presentRequestDispute(dispute) : null,
    counterpartsById,
    sides,
    selectionProposal: presentProposal(proposal),
  });
}

export async function present(ctx: AppContext, user: SessionUser, request: repo.RequestRow): Promise<RequestDto> {
  return (await presentMany(ctx, user, [request]))[0];
}

/** Many requests for one viewer with a fixed number of queries, whatever the page size. */
export async function presentMany(ctx: AppContext, user: SessionUser, requests: repo.RequestRow[]): Promise<RequestDto[]> {
  if (!requests.length) return [];
  const ids = requests.map((r) => r.id);
  const viewer = viewerOf(user);
  const counterpartIds = requests.map((r) => counterpartIdFor(r, viewer)).filter((id): id is string => id !== null);
  // The live acceptance count is kept on the row (migration 0006); the current terms matter only to drafts.
  const fullAccessIds = ids.filter((_, i) => hasFullAccess(requests[i], viewer));
  const [terms, mine, uploadsById, paymentsByRequest, counterparts] = await Promise.all([
    requests.some((r) => !r.terms) ? currentTerms(ctx.db) : requests[0].terms!,
    // Rows of the mediator's Available list cannot be theirs (the page's statement excluded them): no query needed.
    user.role === 'mediator' && !requests.every((r) => pages.readAsNotAcceptedBy(r, user.id)) ? repo.acceptancesOf(ctx.db, user.id, ids) : Promise.resolve([]),
    // Documents are shown only with full access (a mediator's Available list has none): their uploads only for those.
    loadDocumentUploads(
      ctx,
      requests.filter((r) => hasFullAccess(r, viewer)),
      user.id,
    ),
    paymentSumsByRequest(ctx.db, fullAccessIds),
    repo.counterpartsOf(ctx.db, counterpartIds),
  ]);
  const disputes = await latestDisputesFor(ctx.db, fullAccessIds);
  const mineByRequest = new Map(mine.map((a) => [a.requestId, a]));
  const counterpartsById = new Map(counterparts.map((c) => [c.id, c]));
  return requests.map((request) =>
    presentRequest(request, viewer, {
      currentTerms: terms,
      acceptanceCount: request.liveAcceptanceCount,
      myAcceptance: mineByRequest.get(request.id) ?? null,
      documents: uploadsById,
      payment: paymentsByRequest.get(request.id) ?? null,
      dispute: disputes.has(request.id) ? presentRequestDispute(disputes.get(request.id)!) : null,
      counterpartsById,
    }),
  );
}

export async function listRequests(ctx: AppContext, user: SessionUser, view: pages.MediatorView | 'all' | undefined, limit: number, cursor: repo.Cursor) {
  const rows =
    user.role === 'mediator'
      ? await pages.listMediatorRequests(ctx.db, user.id, view && view !== 'all' ? view : 'available', ctx.clock.now(), limit, cursor)
      : user.role === 'admin'
        ? await repo.listAllRequests(ctx.db, limit, cursor)
        : await repo.listLawyerRequests(ctx.db, user.id, limit, cursor);
  return rows;
}

export async function requestCounts(ctx: AppContext, user: SessionUser) {
  if (user.role === 'mediator') return pages.countMediatorViews(ctx.db, user.id, ctx.clock.now());
  const rows = await repo.lawyerStatusCounts(ctx.db, user.id);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * The selection list (spec 2): the owner, the second side's counsel (who reads the disclosures before agreeing,
 * decision 047) and admins, and only while awaiting selection.
 */
export async function pendingAcceptances(ctx: AppContext, user: SessionUser, id: string): Promise<AcceptanceDto[]> {
  const request = await findVisibleRequest(ctx, user, id);
  if (user.role !== 'admin' && request.lawyerId !== user.id && request.opposingLawyerId !== user.id)
    throw new AppError(403, 'Only the lawyer who posted this request can see who accepted it');
  if (request.status !== 'awaiting_selection') return [];
  const rows = await repo.pendingAcceptancesWithMediators(ctx.db, request.id);
  return rows.map(presentAcceptance);
}

// A case's documents as the request's detail and the download see them (issue 23, docs/decisions/044): which side
// added each, who may open it (common/domain/case-access canOpenDocument), and, for its uploader, who opened it.
// The requests module calls the loader and the presenter for its detail and lists; the files module asks `documentAccess`.
import { canOpenDocument, defaultVisibility, seatOf, type DocumentReader } from '../../../common/domain/case-access';
import type { RequestDocumentDto } from '../../../common/api-types';
import type { CaseSide, DocumentVisibility } from '../../../common/enums';
import type { DocumentAccess } from '../../../common/schemas/case-documents';
import type { DbOrTx } from '../../db/client';
import type { mediationRequests } from '../../db/schema';
import { findUploads } from '../files/files.repo';
import { downloadUrlFor, uploadIdFromPath } from '../files/file-rules';
import { accessesOf, ACCESSES_IN_DETAIL, secondSideDocuments, type CaseDocumentKind, type UploadRow } from './documents.repo';
import { heldByAgreement } from '../signing/agreement-hold';

type RequestRow = typeof mediationRequests.$inferSelect;
type Person = { id: string; role: string | null };

/** What makes an upload a case document of a request: its side, its kind, who may open it, who added it. */
export interface CaseDocumentFacts {
  side: CaseSide;
  kind: CaseDocumentKind;
  visibility: DocumentVisibility;
  ownerId: string;
}

/** A document's visibility: its uploader's choice, or the default of its kind (documents attached with the request). */
export function visibilityOf(upload: Pick<UploadRow, 'visibility'> | undefined, kind: CaseDocumentKind): DocumentVisibility {
  return upload?.visibility ?? defaultVisibility(kind);
}

/** The first side's documents are the request's spec fields: the brief, then the case files. */
function firstSideKind(request: RequestRow, uploadId: string): CaseDocumentKind | null {
  if (request.mediationBriefUrl && uploadIdFromPath(request.mediationBriefUrl) === uploadId) return 'brief';
  return request.caseFilesUrls.some((path) => uploadIdFromPath(path) === uploadId) ? 'case_file' : null;
}

/**
 * Whether an upload is a case document of the request, and its facts: one of the first side's spec fields (its owner,
 * the posting lawyer, put it there), or a brief or case file the second side's counsel linked to the request.
 */
export function caseDocumentOf(request: RequestRow, upload: UploadRow): CaseDocumentFacts | null {
  if (upload.requestId !== request.id) return null;
  if (upload.ownerId === request.lawyerId) {
    const kind = firstSideKind(request, upload.id);
    return kind ? { side: 'first', kind, visibility: visibilityOf(upload, kind), ownerId: upload.ownerId } : null;
  }
  if (request.opposingLawyerId !== null && upload.ownerId === request.opposingLawyerId && (upload.purpose === 'brief' || upload.purpose === 'case_file')) {
    return { side: 'second', kind: upload.purpose, visibility: visibilityOf(upload, upload.purpose), ownerId: upload.ownerId };
  }
  return null;
}

/** Who asks to open a case document: their seat, else an admin, else nobody in particular (RULES.md 6: 404). */
export function readerOf(request: RequestRow, person: Person): DocumentReader {
  return seatOf(request, person.id) ?? (person.role === 'admin' ? 'admin' : null);
}

/**
 * The download's question for an upload linked to a request: undefined when it is not a case document (the request's
 * older rule applies), else whether this person may open it.
 */
export function documentAccess(request: RequestRow, upload: UploadRow, person: Person): boolean | undefined {
  const facts = caseDocumentOf(request, upload);
  return facts ? canOpenDocument(facts.visibility, facts.side, readerOf(request, person)) : undefined;
}

/** The rows behind the documents of a page of requests: uploads by id, the second side's per request, the viewer's logs. */
export interface CaseDocumentRows {
  uploadsById: Map<string, UploadRow>;
  secondSide: Map<string, UploadRow[]>;
  accesses: Map<string, DocumentAccess[]>;
  /** Requests whose unsigned agreement to mediate holds the viewer to their own documents (decision 055). */
  held: Set<string>;
}

export const NO_CASE_DOCUMENTS: CaseDocumentRows = { uploadsById: new Map(), secondSide: new Map(), accesses: new Map(), held: new Set() };

/** At most three queries whatever the page size: the first side's uploads, the second side's, the viewer's openings. */
export async function loadCaseDocuments(db: DbOrTx, requests: RequestRow[], viewerId: string): Promise<CaseDocumentRows> {
  if (!requests.length) return NO_CASE_DOCUMENTS;
  const firstIds = requests
    .flatMap((r) => [...(r.mediationBriefUrl ? [r.mediationBriefUrl] : []), ...r.caseFilesUrls])
    .map(uploadIdFromPath)
    .filter((id): id is string => id !== null);
  const twoSided = requests.filter((r) => r.opposingLawyerId !== null).map((r) => r.id);
  const [first, second] = await Promise.all([findUploads(db, firstIds), secondSideDocuments(db, twoSided)]);
  const uploadsById = new Map([...first, ...second].map((u) => [u.id, u]));
  const secondSide = new Map<string, UploadRow[]>();
  for (const upload of second) secondSide.set(upload.requestId!, [...(secondSide.get(upload.requestId!) ?? []), upload]);
  // The log is the uploader's: only the viewer's own documents need it.
  const mine = [...uploadsById.values()].filter((u) => u.ownerId === viewerId).map((u) => u.id);
  const accesses = mine.length ? await accessesOf(db, mine, ACCESSES_IN_DETAIL) : new Map<string, DocumentAccess[]>();
  // Rare (an agreement out for signature), so checked per such request only.
  const held = new Set<string>();
  for (const r of requests.filter((r) => r.agreementPending)) if (await heldByAgreement(db, r, viewerId)) held.add(r.id);
  return { uploadsById, secondSide, accesses, held };
}

/**
 * The documents a viewer with full access may open, and the spec's fields cut to the same (the first side's brief and
 * case files; the second side sees the brief only once it is shared with everyone).
 */
export function presentCaseDocuments(
  request: RequestRow,
  viewer: Person,
  rows: CaseDocumentRows,
): { documents: RequestDocumentDto[]; mediationBriefUrl: string | null; caseFilesUrls: string[] } {
  const reader = readerOf(request, viewer);
  const document = (objectPath: string, id: string, upload: UploadRow | undefined, kind: CaseDocumentKind, side: CaseSide, ownerId: string) => {
    const mine = ownerId === viewer.id;
    const dto: RequestDocumentDto = {
      kind,
      objectPath,
      url: downloadUrlFor(id),
      fileName: upload?.fileName ?? null,
      size: upload?.size ?? null,
      uploadId: id,
      visibility: visibilityOf(upload, kind),
      side,
      mine,
      accesses: mine ? (rows.accesses.get(id) ?? []) : null,
      removedAt: upload?.purgedAt?.toISOString() ?? null,
    };
    return dto;
  };
  const first = [...(request.mediationBriefUrl ? [request.mediationBriefUrl] : []), ...request.caseFilesUrls].map((path, i) => {
    const id = uploadIdFromPath(path)!;
    return document(path, id, rows.uploadsById.get(id), i === 0 && request.mediationBriefUrl ? 'brief' : 'case_file', 'first', request.lawyerId);
  });
  const second = (rows.secondSide.get(request.id) ?? []).map((u) =>
    document(u.objectPath, u.id, u, u.purpose === 'brief' ? 'brief' : 'case_file', 'second', u.ownerId),
  );
  const held = rows.held.has(request.id);
  const open = (d: RequestDocumentDto) => (held ? d.mine : canOpenDocument(d.visibility, d.side, reader));
  const firstOpen = first.filter(open);
  return {
    documents: [...firstOpen, ...second.filter(open)],
    mediationBriefUrl: request.mediationBriefUrl && firstOpen.some((d) => d.kind === 'brief') ? request.mediationBriefUrl : null,
    caseFilesUrls: request.caseFilesUrls.filter((path) => firstOpen.some((d) => d.kind === 'case_file' && d.objectPath === path)),
  };
}

import type { Readable } from 'node:stream';
import { sniffFileType, CONTENT_TYPES, type SniffedType } from '../../../common/file-types';
import type { UploadPurpose } from '../../../common/enums';
import { ACCOUNT_DATA_TEXTS } from '../../../common/schemas/account-data';
import type { UploadRequest } from '../../../common/schemas/files';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import {
  countPendingUploads,
  deleteExpiredUploads,
  findUpload,
  insertUpload,
  linkVerifiedUpload,
  markUploaded,
  recordVerified,
  type UploadRow,
} from './files.repo';
import { objectPathFor, safeFileName, typeOfContent, tooLargeMessage, UPLOAD_RULES, uploadIdFromPath, wrongTypeMessage } from './file-rules';
import { PDF_WINDOW, pdfProblem } from './pdf-rule';
import { randomUUID } from 'node:crypto';

const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** How long an upload may wait to be attached before it is removed, and how many may wait at once per user. */
export const PENDING_UPLOAD_TTL_HOURS = 24;
export const MAX_PENDING_UPLOADS = 50;

export async function createUpload(ctx: AppContext, user: SessionUser, input: UploadRequest) {
  const rule = UPLOAD_RULES[input.purpose];
  if ((input.purpose === 'brief' || input.purpose === 'case_file') && user.role !== 'lawyer') {
    throw forbidden('Only lawyers can upload case documents');
  }
  // Briefs and case files are PDFs whatever their name says; other uploads get their extension once their type is known.
  const fileName = safeFileName(input.fileName, input.purpose === 'brief' || input.purpose === 'case_file' ? 'pdf' : null);
  if (input.size !== undefined && input.size > rule.maxBytes) {
    throw new AppError(413, tooLargeMessage(fileName, rule.maxBytes), { fieldErrors: { file: tooLargeMessage(fileName, rule.maxBytes) } });
  }
  if ((await countPendingUploads(ctx.db, user.id)) >= MAX_PENDING_UPLOADS) {
    throw new AppError(409, `You have ${MAX_PENDING_UPLOADS} files waiting to be attached. Attach them to a request or wait a day for them to expire.`);
  }
  const id = randomUUID();
  await insertUpload(ctx.db, { id, ownerId: user.id, purpose: input.purpose, objectPath: objectPathFor(id), fileName, createdAt: ctx.clock.now() });
  const contentType = input.purpose === 'photo' ? 'image/*' : 'application/pdf';
  const uploadURL = await ctx.storage.createUploadUrl(id, { contentType, maxBytes: rule.maxBytes, expiresInSeconds: UPLOAD_URL_TTL_SECONDS });
  return { uploadURL, objectPath: objectPathFor(id) };
}

/**
 * What an object really is, from its first and last bytes: a PDF must pass the PDF rule (pdf-rule.ts), not only
 * start with "%PDF-"; images are known by their signatures. Zero bytes are nothing.
 */
function typeOf(head: Buffer, tail: Buffer): SniffedType | null {
  const type = sniffFileType(head.subarray(0, 16));
  if (type === 'pdf' && pdfProblem(head, tail)) return null;
  return type;
}

/** The local storage's upload target: refuses at once what is too large (413) or of the wrong kind (415). */
export async function receiveLocalUpload(ctx: AppContext, id: string, body: Buffer): Promise<void> {
  const upload = await findUpload(ctx.db, id);
  if (!upload) throw notFound('Upload not found');
  if (upload.uploadedAt) throw new AppError(409, 'This file was already uploaded');
  const rule = UPLOAD_RULES[upload.purpose];
  const fileName = upload.fileName ?? 'file';
  if (body.length > rule.maxBytes) throw new AppError(413, tooLargeMessage(fileName, rule.maxBytes));
  const type = typeOf(body.subarray(0, PDF_WINDOW), body.subarray(-PDF_WINDOW));
  if (!type || !rule.types.includes(type)) throw new AppError(415, wrongTypeMessage(fileName, upload.purpose));
  await ctx.storage.write(id, body);
  await markUploaded(ctx.db, id, { size: body.length, contentType: CONTENT_TYPES[type], fileName: safeFileName(fileName, type), at: ctx.clock.now() });
}

/** An upload the check found good: the caller's, of the right purpose, really of its type and size. */
export type CheckedUpload = UploadRow & { verifiedAt: Date; size: number };

/**
 * Checks an object someone attaches (a photo, a brief…): theirs, of the right purpose, really uploaded, within the
 * size limit and really of the right type, whatever the storage driver (RULES.md 7). Bad objects → 400. It reads the
 * storage, so it runs before any transaction (DESIGN 4: the adapters refuse to be called inside one); what it learns
 * (verified, size, type, name) is recorded, so `linkAttachment` inside the transaction is SQL only and a later check
 * of the same object reads nothing. `requestId`, when given, refuses at once an object attached to another request.
 */
export async function checkAttachment(
  ctx: AppContext,
  ownerId: string,
  path: string,
  purposes: UploadPurpose[],
  field: string,
  requestId?: string,
): Promise<CheckedUpload> {
  const fail = (message: string) => badRequest(message, { [field]: message });
  const id = uploadIdFromPath(path);
  const upload = id ? await findUpload(ctx.db, id) : undefined;
  if (!upload || upload.ownerId !== ownerId) throw fail(ATTACHMENT_NOT_FOUND);
  // An upload asked for without a purpose (the spec's client sends `{}`) may become any PDF document; then it must
  // pass the rule of what it is attached as (a brief is a PDF even though a purpose-less upload may be an image).
  const wanted = purposes[0];
  const asPurposeless = upload.purpose === 'attachment' && !purposes.includes('attachment') && wanted !== 'photo';
  if (!purposes.includes(upload.purpose) && !asPurposeless) throw fail('The attached file was uploaded for something else. Please upload it again.');
  const fileName = safeFileName(upload.fileName, null);
  // An object belongs to one request at most: never moved to another or shared with it silently (409, issue 11).
  if (requestId !== undefined && upload.requestId && upload.requestId !== requestId) throw attachedElsewhere(fileName);
  if (upload.verifiedAt && upload.size !== null && !asPurposeless) {
    return { ...upload, verifiedAt: upload.verifiedAt, size: upload.size, fileName: safeFileName(upload.fileName, typeOfContent(upload.contentType)) };
  }
  const rule = UPLOAD_RULES[asPurposeless ? wanted : upload.purpose];
  const head = await ctx.storage.head(upload.id);
  if (!head) throw fail(`${fileName} was not uploaded. Please upload it again.`);
  if (head.size > rule.maxBytes) throw fail(tooLargeMessage(fileName, rule.maxBytes));
  const start = head.size > 0 ? await ctx.storage.readStart(upload.id, PDF_WINDOW) : null;
  const end = start && sniffFileType(start.subarray(0, 16)) === 'pdf' ? await ctx.storage.readEnd(upload.id, PDF_WINDOW) : null;
  const type = start ? typeOf(start, end ?? Buffer.alloc(0)) : null;
  if (!type || !rule.types.includes(type)) throw fail(wrongTypeMessage(fileName, asPurposeless ? wanted : upload.purpose));
  const verified = { at: ctx.clock.now(), fileName: safeFileName(fileName, type), size: head.size, contentType: CONTENT_TYPES[type] };
  await recordVerified(ctx.db, upload.id, verified);
  return { ...upload, verifiedAt: verified.at, size: verified.size, contentType: verified.contentType, fileName: verified.fileName };
}

const ATTACHMENT_NOT_FOUND = 'The attached file was not found. Please upload it again.';
const attachedElsewhere = (fileName: string) => conflict(`${fileName} is already attached to another request. Please upload it again.`);

/**
 * Links an upload `checkAttachment` found good to a request, inside the caller's transaction: SQL only, no storage
 * call. 409 when another request took it since the check; 400 when it is gone (an expired upload removed meanwhile).
 */
export async function linkAttachment(tx: DbOrTx, upload: CheckedUpload, requestId: string, field: string): Promise<UploadRow> {
  const linked = await linkVerifiedUpload(tx, upload.id, upload.ownerId, requestId);
  if (linked) return linked;
  if (!(await findUpload(tx, upload.id))) throw badRequest(ATTACHMENT_NOT_FOUND, { [field]: ATTACHMENT_NOT_FOUND });
  throw attachedElsewhere(upload.fileName ?? 'file');
}

/** How a download decides on a file linked to a request, and records the opening of a case document. */
export interface RequestFileRules {
  /**
   * For an upload linked to a request: whether it is a case document (then `allowed` alone decides, by its visibility:
   * docs/decisions/044) and whether this user may open it (for other request files, the request's own rule). `decided`:
   * `allowed` alone decides for another kind of file too (a two-sided case's message attachment follows its channel,
   * decision 046: no admin override).
   */
  access(upload: UploadRow): Promise<{ caseDocument: boolean; allowed: boolean; decided?: boolean }>;
  /** Records one opening of a case document: after the check, before the object is read (no storage call around it). */
  recordOpening(upload: UploadRow): Promise<void>;
}

/**
 * Serves an object after the authorization check. Anything the caller may not see is 404 (RULES.md 6).
 * Profile photos are visible to every signed-in member; other objects to their owner and admins; request files
 * follow the request's own rules, case documents their visibility (admins included), and every opening of a case
 * document is recorded.
 */
export async function openDownload(ctx: AppContext, user: SessionUser, id: string, rules: RequestFileRules): Promise<{ upload: UploadRow; stream: Readable }> {
  const upload = await findUpload(ctx.db, id);
  if (!upload || !upload.uploadedAt) throw notFound('File not found');
  const onRequest = upload.requestId && upload.purpose !== 'photo' ? await rules.access(upload) : { caseDocument: false, allowed: false };
  const allowed =
    onRequest.caseDocument || onRequest.decided
      ? onRequest.allowed
      : upload.ownerId === user.id || user.role === 'admin' || upload.purpose === 'photo' || onRequest.allowed;
  if (!allowed) throw notFound('File not found');
  // Gone under the retention policy (decision 061): said so, to those who may see it, instead of a broken file.
  if (upload.purgedAt) throw new AppError(410, ACCOUNT_DATA_TEXTS.documentPurged, { code: 'link_expired' });
  if (onRequest.caseDocument) await rules.recordOpening(upload);
  const stream = await ctx.storage.read(upload.id);
  if (!stream) throw notFound('File not found');
  return { upload, stream };
}

/**
 * Removes uploads never attached within PENDING_UPLOAD_TTL_HOURS: the rows first (so nothing can attach them any
 * more), then the stored objects, outside any transaction. Run hourly by the background loop on every instance
 * (SKIP LOCKED shares the work). Returns how many were removed.
 */
export async function expireUploads(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - PENDING_UPLOAD_TTL_HOURS * 3_600_000);
  let removed = 0;
  for (;;) {
    const ids = await deleteExpiredUploads(ctx.db, before, 100);
    for (const id of ids) {
      await ctx.storage.remove(id).catch((error) => ctx.log.warn({ err: error, uploadId: id }, 'removing an expired upload failed'));
    }
    removed += ids.length;
    if (ids.length < 100) return removed;
  }
}

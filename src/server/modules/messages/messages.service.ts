import { isUuid } from '../../../common/ids';
import { SendMessageSchema, type MessageDto } from '../../../common/schemas/messages';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { lockInOrder } from '../../db/lock-order';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { publishEvents } from '../../realtime/events.repo';
import { transaction } from '../../unit-of-work';
import { checkAttachment, linkAttachment, type CheckedUpload } from '../files/files.service';
import { markThreadNotificationsRead, notify } from '../notifications/notifications.service';
import { findRequest, type RequestRow } from '../requests/requests.repo';
import { presentMessage } from './messages.presenter';
import * as repo from './messages.repo';

export const THREAD_NOT_FOUND = 'Message thread not found';
export const THREAD_CLOSED = 'This mediation was cancelled. The conversation stays readable but takes no new messages.';
export const ADMIN_CANNOT_SEND = 'Admins can read message threads but cannot send messages';

type Access = 'participant' | 'admin';

/**
 * Who may use a request's thread (RULES.md 6): it exists from matched on, once a mediator is selected (a request
 * cancelled after that keeps it, read-only), and is between the owning lawyer and the selected mediator; admins may
 * read it. Everyone else, and everyone before it exists, gets null (→ 404, as if it did not exist).
 */
export function threadAccess(request: RequestRow, user: SessionUser): Access | null {
  if (!request.selectedMediatorId || !(repo.THREAD_STATUSES as readonly string[]).includes(request.status)) return null;
  if (request.lawyerId === user.id || request.selectedMediatorId === user.id) return 'participant';
  return user.role === 'admin' ? 'admin' : null;
}

/** The request behind a thread the caller may read, or 404 (a malformed id included). */
export async function findThread(db: DbOrTx, user: SessionUser, requestId: string): Promise<{ request: RequestRow; access: Access }> {
  const request = isUuid(requestId) ? await findRequest(db, requestId) : undefined;
  const access = request ? threadAccess(request, user) : null;
  if (!request || !access) throw notFound(THREAD_NOT_FOUND);
  return { request, access };
}

/**
 * `GET /api/messages/{requestId}`: a page of the thread the caller may read, newest first, or 404. A participant's page
 * is one statement that checks their access itself; only an empty page asks `findThread` whether the thread is empty
 * (the page stands: the SQL check and `threadAccess` agree, thread-access.api.test.ts) or not theirs (404)
 * (docs/decisions/034). Reading changes nothing (RULES.md 7: GETs do not write).
 */
export async function readThread(ctx: AppContext, user: SessionUser, requestId: string, limit: number, cursor: repo.Cursor) {
  if (user.role !== 'admin') {
    const rows = isUuid(requestId) ? await repo.listThreadMessagesAsParticipant(ctx.db, requestId, user.id, limit, cursor) : [];
    if (!rows.length) await findThread(ctx.db, user, requestId);
    return rows;
  }
  const thread = await findThread(ctx.db, user, requestId);
  return repo.listThreadMessages(ctx.db, thread.request.id, limit, cursor);
}

/**
 * `POST /api/messages/{requestId}/read`: the caller's received messages in the thread, and the thread's new-message
 * notification, become read in one transaction; the caller's bell hears the new count. An admin reading marks nothing.
 */
export async function markThreadRead(ctx: AppContext, user: SessionUser, requestId: string): Promise<number> {
  const { request, access } = await findThread(ctx.db, user, requestId);
  if (access !== 'participant') return 0;
  return transaction(ctx, async (tx) => {
    const marked = await repo.markThreadRead(tx, request.id, user.id);
    await markThreadNotificationsRead(tx, user.id, request.id, marked);
    return marked;
  });
}

/** The caller's threads, latest activity first (one query). */
export async function listMyThreads(ctx: AppContext, user: SessionUser, limit: number, cursor: repo.Cursor) {
  return repo.listThreads(ctx.db, user.id, limit, cursor);
}

/** The message's text in a notification: one line, at most 100 characters (the file's name for a file alone). */
export function messagePreview(content: string, fileName: string | null): string {
  const line = content.replace(/\s+/g, ' ').trim();
  if (!line) return fileName ? `sent ${fileName}` : '';
  return line.length > 100 ? `${line.slice(0, 99).trimEnd()}…` : line;
}

/**
 * A message attachment: a PDF the sender uploaded (purpose 'attachment', which an upload without a purpose gets),
 * checked in the storage (size, first bytes) like every attached object (RULES.md 7), and not already attached to
 * another request. Reads the storage, so it runs before the transaction.
 */
async function checkMessageAttachment(ctx: AppContext, user: SessionUser, path: string, requestId: string): Promise<CheckedUpload> {
  const upload = await checkAttachment(ctx, user.id, path, ['attachment'], 'attachmentUrl');
  const fileName = upload.fileName ?? 'file';
  if (upload.contentType !== 'application/pdf') {
    const message = `${fileName} is not a PDF file. Only PDF files can be attached to messages.`;
    throw badRequest(message, { attachmentUrl: message });
  }
  if (upload.requestId && upload.requestId !== requestId) {
    const message = `${fileName} is attached to another request. Please upload it again.`;
    throw badRequest(message, { attachmentUrl: message });
  }
  return upload;
}

/**
 * Sends a message (spec 7 `POST /api/messages`). Refusals in the contract's order (RULES.md 6): 404 (not a thread the
 * caller may see) → 403 (admins read only) → 400 (content, attachment) → 409 (cancelled). The server works out the
 * recipient; a `senderId` or `recipientId` in the body has no effect. One transaction writes the message, the
 * recipient's notification and the realtime event; the request row is locked, so a thread's messages are written one
 * at a time and their times strictly increase (see repo.insertMessage).
 */
export async function sendMessage(ctx: AppContext, user: SessionUser, rawBody: unknown): Promise<MessageDto> {
  const parsed = SendMessageSchema.safeParse(rawBody ?? {});
  const body = (rawBody && typeof rawBody === 'object' ? rawBody : {}) as Record<string, unknown>;
  const named = typeof body.requestId === 'string' ? body.requestId.trim() : '';
  // The thread is checked before the body is judged (404 → 403 before 400) when the body is bad or brings a file to
  // verify; otherwise the transaction checks it under the lock anyway, and a send needs no extra read.
  if (named && (!parsed.success || parsed.data.attachmentUrl)) {
    const { access } = await findThread(ctx.db, user, named);
    if (access === 'admin') throw forbidden(ADMIN_CANNOT_SEND);
  }
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.') || 'body'] ??= issue.message;
    throw badRequest(parsed.error.issues[0].message, fieldErrors);
  }
  const input = parsed.data;
  const attachment = input.attachmentUrl ? await checkMessageAttachment(ctx, user, input.attachmentUrl, named) : null;

  return transaction(ctx, async (tx) => {
    const { request } = await lockInOrder(tx, { requestId: named });
    const access = request ? threadAccess(request, user) : null;
    if (!request || !access) throw notFound(THREAD_NOT_FOUND);
    if (access === 'admin') throw forbidden(ADMIN_CANNOT_SEND);
    if (request.status === 'cancelled') throw conflict(THREAD_CLOSED);
    const recipientId = request.lawyerId === user.id ? request.selectedMediatorId! : request.lawyerId;
    // Already verified above, so this only links the upload to the request (no storage call): both participants may
    // then download it through GET /api/files/objects/{id}, which lets a request's participants read its files.
    if (attachment) await linkAttachment(tx, attachment, request.id, 'attachmentUrl');
    const message = await repo.insertMessage(
      tx,
      { requestId: request.id, senderId: user.id, recipientId, content: input.content, attachmentUrl: attachment?.objectPath ?? null, isRead: false },
      ctx.clock.now(),
    );
    await notify(tx, [
      {
        userId: recipientId,
        type: 'new_message',
        title: 'New message',
        message: `${user.firstName} on ${request.caseName}: ${messagePreview(input.content, attachment?.fileName ?? null)}`,
        linkUrl: `/messages/${request.id}`,
      },
    ]);
    await publishEvents(tx, [{ type: 'new_message', requestId: request.id, userIds: [request.lawyerId, request.selectedMediatorId!] }]);
    return presentMessage({ message, senderFirstName: user.firstName, senderLastName: user.lastName, attachmentName: attachment?.fileName ?? null });
  });
}

import { MESSAGE_CHANNELS, type MessageChannel } from '../../../common/enums';
import { isUuid } from '../../../common/ids';
import { SendMessageSchema, type MessageDto, type SendMessageInput } from '../../../common/schemas/messages';
import { appendAudit } from '../../audit/audit.repo';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { lockInOrder } from '../../db/lock-order';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { publishEvents } from '../../realtime/events.repo';
import { afterCommit, transaction } from '../../unit-of-work';
import { checkAttachment, linkAttachment, type CheckedUpload } from '../files/files.service';
import { markThreadNotificationsRead, notify } from '../notifications/notifications.service';
import { findRequest, type RequestRow } from '../requests/requests.repo';
import { channelLink, channelLinks, channelMembers, recipientOf, resolveChannel, type ChannelView } from './channels';
import { listChannelMessages, listJointMessagesAsMember, markJointRead } from './channels.repo';
import { presentMessage } from './messages.presenter';
import * as repo from './messages.repo';
import { requireAgreementSigned } from '../signing/agreement-hold';

export const THREAD_NOT_FOUND = 'Message thread not found';
export const THREAD_CLOSED = 'This mediation was cancelled. The conversation stays readable but takes no new messages.';
export const ADMIN_CANNOT_SEND = 'Admins can read message threads but cannot send messages';

type Access = 'participant' | 'admin';

/** Who calls: the acting user, and the admin behind them when an admin is viewing as that user. */
export interface Caller {
  user: SessionUser;
  impersonatorId: string | null;
}

/**
 * Who may use a request's thread (RULES.md 6): it exists from matched on, once a mediator is selected (a request
 * cancelled after that keeps it, read-only), and is between the owning lawyer and the selected mediator; admins may
 * read it. Everyone else, and everyone before it exists, gets null (→ 404, as if it did not exist). In a two-sided
 * case this is the caller's default channel (channels.ts, decision 046). Production resolves the channel itself
 * (findThread); thread-access.api.test.ts holds this rule equal to the page's SQL check. @internal
 */
export function threadAccess(request: RequestRow, user: SessionUser, impersonatorId: string | null = null): Access | null {
  const view = resolveChannel(request, user, impersonatorId, undefined);
  return view ? (view.reader === 'admin' ? 'admin' : 'participant') : null;
}

/**
 * The request behind a channel the caller may read (their default one when `channel` is not given), or 404 (a
 * malformed id included; the other side's private channel too, and any but `first` in a one-sided case).
 */
export async function findThread(
  db: DbOrTx,
  caller: Caller,
  requestId: string,
  channel?: MessageChannel,
): Promise<{ request: RequestRow; access: Access; view: ChannelView }> {
  const request = isUuid(requestId) ? await findRequest(db, requestId) : undefined;
  const view = request ? resolveChannel(request, caller.user, caller.impersonatorId, channel) : null;
  if (!request || !view) throw notFound(THREAD_NOT_FOUND);
  if (view.reader !== 'admin') await requireAgreementSigned(db, request, caller.user.id);
  return { request, access: view.reader === 'admin' ? 'admin' : 'participant', view };
}

/**
 * `GET /api/messages/{requestId}`: a page of the thread the caller may read, newest first, or 404. A participant's page
 * of a one-sided thread is one statement that checks their access itself; only an empty page asks `findThread` whether
 * the thread is empty (the page stands: the SQL check and `threadAccess` agree, thread-access.api.test.ts) or not
 * theirs (404) (docs/decisions/034). A member's page of a two-sided case's joint channel is read the same way; any
 * other channel of a two-sided case is read after `findThread` (decision 046). Reading
 * changes nothing (RULES.md 7: GETs do not write), but for the audit line of an admin reading a joint channel.
 */
export async function readThread(ctx: AppContext, caller: Caller, requestId: string, channel: MessageChannel | undefined, limit: number, cursor: repo.Cursor) {
  const { user } = caller;
  if (user.role !== 'admin' && (channel === undefined || channel === 'first')) {
    const rows = isUuid(requestId) ? await repo.listThreadMessagesAsParticipant(ctx.db, requestId, user.id, limit, cursor) : [];
    if (rows.length) return rows;
  } else if (user.role !== 'admin' && !caller.impersonatorId && channel === 'joint') {
    // A member's page of a two-sided case's joint channel: one statement with the same check folded in (an admin
    // viewing as a member reads as the admin: audited, below).
    const rows = isUuid(requestId) ? await listJointMessagesAsMember(ctx.db, requestId, user.id, limit, cursor) : [];
    if (rows.length) return rows;
  }
  const { request, view } = await findThread(ctx.db, caller, requestId, channel);
  if (!view.twoSided) return view.reader === 'admin' ? repo.listThreadMessages(ctx.db, request.id, limit, cursor) : [];
  if (view.reader === 'admin') {
    // Every admin read of a joint channel is on the record (decision 046), with the admin behind an impersonation.
    await appendAudit(ctx.db, {
      actorId: caller.impersonatorId ?? user.id,
      action: 'messages.read_joint',
      targetType: 'request',
      targetId: request.id,
      details: caller.impersonatorId ? { channel: view.channel, viewingAs: user.id } : { channel: view.channel },
      at: ctx.clock.now(),
    });
  }
  return listChannelMessages(ctx.db, request.id, view.channel, user.id, limit, cursor);
}

/**
 * `POST /api/messages/{requestId}/read`: the caller's received messages in the channel (in the joint channel: their
 * read mark), and the channel's new-message notification, become read in one transaction; the caller's bell hears the
 * new count. An admin reading marks nothing.
 */
export async function markThreadRead(ctx: AppContext, caller: Caller, requestId: string, channel?: MessageChannel): Promise<number> {
  const { request, access, view } = await findThread(ctx.db, caller, requestId, channel);
  if (access !== 'participant') return 0;
  const userId = caller.user.id;
  return transaction(ctx, async (tx) => {
    const marked =
      view.channel === 'joint'
        ? await markJointRead(tx, request.id, userId)
        : await repo.markThreadRead(tx, request.id, userId, view.twoSided ? view.channel : undefined);
    await markThreadNotificationsRead(tx, userId, request.id, marked, channelLinks(request, view.channel));
    return marked;
  });
}

/** The caller's threads, latest activity first (one query); viewing as someone shows no private channel. */
export async function listMyThreads(ctx: AppContext, caller: Caller, limit: number, cursor: repo.Cursor) {
  return repo.listThreads(ctx.db, caller.user.id, limit, cursor, !caller.impersonatorId);
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

/** The channel a raw body names, if it names one (a bad one is judged with the rest of the body). */
function askedChannel(body: Record<string, unknown>): MessageChannel | undefined {
  return (MESSAGE_CHANNELS as readonly unknown[]).includes(body.channel) ? (body.channel as MessageChannel) : undefined;
}

/**
 * Sends a message (spec 7 `POST /api/messages`), to the caller's default channel unless the body names one (decision
 * 046). Refusals in the contract's order (RULES.md 6): 404 (not a channel the caller may see) → 403 (admins read
 * only) → 400 (content, attachment, channel) → 409 (cancelled). The server works out the recipient (none in the joint
 * channel); a `senderId` or `recipientId` in the body has no effect. The message, the other members' notifications
 * and the realtime event (to the channel's members only) are written together: a text message in a one-sided case in
 * one statement (`sendByStatement`), anything else, or a send that statement refuses, in one transaction
 * (`sendInTransaction`). Either way the request's row is locked and its head gives the message the thread's next time,
 * so a thread's times strictly increase in commit order (decision 057, migration 0023).
 */
export async function sendMessage(ctx: AppContext, caller: Caller, rawBody: unknown): Promise<MessageDto> {
  const { user } = caller;
  const parsed = SendMessageSchema.safeParse(rawBody ?? {});
  const body = (rawBody && typeof rawBody === 'object' ? rawBody : {}) as Record<string, unknown>;
  const named = typeof body.requestId === 'string' ? body.requestId.trim() : '';
  // The thread is checked before the body is judged (404 → 403 before 400) when the body is bad or brings a file to
  // verify; otherwise the transaction checks it under the lock anyway, and a send needs no extra read.
  if (named && (!parsed.success || parsed.data.attachmentUrl)) {
    const { access } = await findThread(ctx.db, caller, named, askedChannel(body));
    if (access === 'admin') throw forbidden(ADMIN_CANNOT_SEND);
  }
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.') || 'body'] ??= issue.message;
    throw badRequest(parsed.error.issues[0].message, fieldErrors);
  }
  const input = parsed.data;
  if (!input.attachmentUrl && (input.channel === undefined || input.channel === 'first') && user.role !== 'admin' && !caller.impersonatorId && isUuid(named)) {
    const sent = await sendByStatement(ctx, user, named, input.content);
    if (sent) return sent;
  }
  const attachment = input.attachmentUrl ? await checkMessageAttachment(ctx, user, input.attachmentUrl, named) : null;
  return sendInTransaction(ctx, caller, named, input, attachment);
}

/**
 * A text message in a one-sided case in one statement (decision 057, option A: three round trips with the realtime
 * statement and the session cache's barrier, where the transaction takes seven), or undefined when the statement
 * finds the send not allowed: the transaction then gives the exact refusal (404, 409, 403 `agreement_required`).
 * It writes what `sendInTransaction` writes for the same send; messages.api.test.ts holds the two equal. @internal
 */
export async function sendByStatement(ctx: AppContext, user: SessionUser, requestId: string, content: string): Promise<MessageDto | undefined> {
  const sent = await repo.sendInOneStatement(ctx.db, {
    requestId,
    senderId: user.id,
    content,
    at: ctx.clock.now(),
    senderFirstName: user.firstName,
    preview: messagePreview(content, null),
  });
  if (!sent) return undefined;
  const { message, lawyerId, mediatorId } = sent;
  await afterCommit(
    ctx,
    [
      { type: 'notification', userIds: [message.recipientId!] },
      { type: 'new_message', requestId: message.requestId, userIds: [lawyerId, mediatorId] },
    ],
    sent.queuedJob,
  );
  return presentMessage({ message, senderFirstName: user.firstName, senderLastName: user.lastName, attachmentName: null });
}

/**
 * Any message, in one transaction under the request's lock: the checks in the contract's order, the message, the
 * other members' notifications and the realtime event (to the channel's members only). @internal
 */
export async function sendInTransaction(
  ctx: AppContext,
  caller: Caller,
  named: string,
  input: SendMessageInput,
  attachment: CheckedUpload | null,
): Promise<MessageDto> {
  const { user } = caller;
  const now = ctx.clock.now();
  return transaction(ctx, async (tx) => {
    const { request } = await lockInOrder(tx, { requestId: named });
    const view = request ? resolveChannel(request, user, caller.impersonatorId, input.channel) : null;
    if (!request || !view) throw notFound(THREAD_NOT_FOUND);
    if (view.reader === 'admin') throw forbidden(ADMIN_CANNOT_SEND);
    await requireAgreementSigned(tx, request, user.id);
    if (request.status === 'cancelled') throw conflict(THREAD_CLOSED);
    const { channel } = view;
    const recipientId = recipientOf(request, channel, user.id);
    // Already verified above, so this only links the upload to the request (no storage call): both participants may
    // then download it through GET /api/files/objects/{id}, which lets a request's participants read its files.
    if (attachment) await linkAttachment(tx, attachment, request.id, 'attachmentUrl');
    const message = await repo.insertMessage(
      tx,
      {
        requestId: request.id,
        senderId: user.id,
        recipientId,
        channel,
        content: input.content,
        attachmentUrl: attachment?.objectPath ?? null,
        isRead: false,
      },
      now,
    );
    const members = channelMembers(request, channel);
    const preview = messagePreview(input.content, attachment?.fileName ?? null);
    const where = view.twoSided ? ` (${channel === 'joint' ? 'joint channel' : 'private channel'})` : '';
    await notify(
      tx,
      members
        .filter((id) => id !== user.id)
        .map((userId) => ({
          userId,
          type: 'new_message' as const,
          title: 'New message',
          message: `${user.firstName} on ${request.caseName}${where}: ${preview}`,
          linkUrl: channelLink(request, channel),
          at: now,
        })),
    );
    await publishEvents(tx, [{ type: 'new_message', requestId: request.id, userIds: members }]);
    return presentMessage({ message, senderFirstName: user.firstName, senderLastName: user.lastName, attachmentName: attachment?.fileName ?? null });
  });
}

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { enqueueJob, enqueueJobs, enqueueMails } from '../../outbox/messages';
import { noteOutboxWritten } from '../../outbox/outbox.repo';
import { publishEvents } from '../../realtime/events.repo';
import { transaction } from '../../unit-of-work';
import { getSettings } from '../settings/settings.repo';
import { buildNotificationEmail, channelOf, emailKindOf, requestIdOf } from './notification-emails';
import {
  AT_ONCE,
  claimMessageEmail,
  claimNewRequestEmails,
  claimNotificationEmails,
  countUnreadThreadMessages,
  findCaseNames,
  findEmailRecipients,
  insertBroadcastNotifications,
  insertNotificationsWithEmailJob,
  markAllRead,
  markRead,
  markReadByLink,
  messageEmailJob,
  plainNotificationsCtes,
  upsertMessageNotifications,
  type BroadcastAudience,
  type MessageNotification,
  type NamedCte,
  type NewNotification,
  type NotificationRow,
} from './notifications.repo';

/** New-message notifications of one call for the same user and thread become one (the last text, the total count). */
function mergeMessages(items: NewNotification[]): MessageNotification[] {
  const byThread = new Map<string, MessageNotification>();
  for (const item of items) {
    const key = `${item.userId} ${item.linkUrl}`;
    const seen = byThread.get(key);
    const count = (seen?.count ?? 0) + 1;
    byThread.set(key, { ...item, linkUrl: item.linkUrl!, count, title: count > 1 ? `${count} new messages` : item.title });
  }
  return [...byThread.values()];
}

/**
 * Stores notifications for the bell, with the transaction of the change that causes them (DESIGN 4): they exist if
 * and only if that change commits. Also, in the same transaction:
 * - new-message notifications are coalesced per user and thread while unread (one row, the latest text, a count);
 * - a realtime `notification` event tells the users' open tabs (delivered on commit);
 * - the kinds that also go to the inbox get a durable e-mail job (each user's per-kind setting is read when it runs;
 *   new messages are e-mailed only if still unread 10 minutes later).
 */
export async function notify(tx: DbOrTx, items: NewNotification[]): Promise<void> {
  if (!items.length) return;
  const coalesce = (n: NewNotification) => n.type === 'new_message' && !!n.linkUrl;
  const plain = items.filter((n) => !coalesce(n));
  await insertNotificationsWithEmailJob(tx, plain, emailedTypes(plain));
  const merged = mergeMessages(items.filter(coalesce));
  const sentAt = new Map(merged.map((m) => [`${m.userId} ${m.linkUrl}`, m.at]));
  if ([...sentAt.values()].includes(undefined)) throw new Error('notify(): a new-message notification needs its time (`at`)');
  const messages = await upsertMessageNotifications(tx, merged);
  await publishEvents(tx, [{ type: 'notification', userIds: items.map((n) => n.userId) }]);

  // Only a fresh new-message notification starts the "while away" wait; one brought up to date already has it.
  const fresh = messages.filter((m) => m.inserted);
  if (fresh.length)
    await enqueueJobs(
      tx,
      fresh.map((m) => messageEmailJob(m.id, sentAt.get(`${m.userId} ${m.linkUrl}`)!)),
    );
}

/** The types of `items` that also go to the inbox. */
const emailedTypes = (items: NewNotification[]) => [...new Set(items.map((n) => n.type).filter((type) => emailKindOf(type)))];

/**
 * notify() for plain notifications (not new messages) written by the caller's own statement: `ctes` go into its WITH,
 * and `written` must be awaited once that statement has run, in the same transaction (the realtime event, the relay's
 * nudge). A write holding a busy lock saves the round trip of a statement of their own (decision 066). `shape` names
 * what the CTEs' text depends on (how many notifications, whether a job), for a statement prepared once per shape.
 */
export function notifyInStatement(tx: DbOrTx, items: NewNotification[]): { ctes: NamedCte[]; shape: string; written: () => Promise<void> } {
  if (items.some((n) => n.type === 'new_message')) throw new Error('notifyInStatement(): new-message notifications are coalesced by notify()');
  if (!items.length) return { ctes: [], shape: '', written: async () => undefined };
  const { ctes, writesJob } = plainNotificationsCtes(items, emailedTypes(items));
  return {
    ctes,
    shape: `_notified_${items.length}${writesJob ? '_emailed' : ''}`,
    written: async () => {
      if (writesJob) noteOutboxWritten();
      await publishEvents(tx, [{ type: 'notification', userIds: items.map((n) => n.userId) }]);
    },
  };
}

/**
 * After a fan-out that inserted `new_request` notifications in one statement (request-notices.repo): one realtime
 * statement for all of them, and one job that e-mails the whole fan-out (no round trip per mediator).
 */
export async function announceFanOut(tx: DbOrTx, userIds: string[], linkUrl: string): Promise<void> {
  if (!userIds.length) return;
  await publishEvents(tx, [{ type: 'notification', userIds }]);
  // Each mediator is told once per request, so any one of them names this fan-out.
  await enqueueJob(tx, 'notification.email-fan-out', { linkUrl }, AT_ONCE, `new-request-email:${linkUrl}:${userIds[0]}`);
}

/**
 * An admin's broadcast (spec 7, RULES.md 7 `broadcast`): one INSERT … SELECT for the whole audience and one realtime
 * statement for their live unread counts, in the caller's transaction. Broadcasts stay in the app (no e-mail kind).
 * Returns who was told.
 */
export async function broadcast(tx: DbOrTx, note: Omit<NewNotification, 'userId'>, audience: BroadcastAudience): Promise<string[]> {
  const told = await insertBroadcastNotifications(tx, note, audience);
  await publishEvents(tx, [{ type: 'notification', userIds: told }]);
  return told;
}

/**
 * Job `notification.email`: the e-mails of one notify() call. A job written before notify() scheduled the new-message
 * wait itself (2026-11-29) may still name a fresh new-message notification: its wait is scheduled here, as then.
 */
export async function emailNotifications(ctx: AppContext, ids: string[]): Promise<void> {
  await transaction(ctx, async (tx) => {
    const claimed = await claimNotificationEmails(tx, ids);
    const messages = claimed.filter((n) => n.type === 'new_message');
    if (messages.length)
      await enqueueJobs(
        tx,
        messages.map((m) => messageEmailJob(m.id, ctx.clock.now())),
      );
    const others = claimed.filter((n) => n.type !== 'new_message');
    if (!others.length) return;
    const recipients = new Map(
      (
        await findEmailRecipients(
          tx,
          others.map((n) => n.userId),
        )
      ).map((r) => [r.id, r]),
    );
    const caseNames = await findCaseNames(
      tx,
      others.map((n) => requestIdOf(n.linkUrl) ?? ''),
    );
    const { emailTemplates } = await getSettings(tx);
    const mails = others.flatMap((n) => {
      const kind = emailKindOf(n.type);
      const to = recipients.get(n.userId);
      if (!kind || !to || to.optedOut.includes(kind)) return [];
      return [buildNotificationEmail(ctx, emailTemplates, { kind, to, caseName: caseNames.get(requestIdOf(n.linkUrl) ?? ''), linkUrl: n.linkUrl })];
    });
    await enqueueMails(tx, mails);
  });
}

/** Job `notification.email-fan-out`: e-mails every mediator of a new-request fan-out not e-mailed yet, in one pass. */
export async function emailFanOut(ctx: AppContext, linkUrl: string): Promise<void> {
  await transaction(ctx, async (tx) => {
    const claimed = (await claimNewRequestEmails(tx, linkUrl)).filter((r) => r.wantsEmail);
    if (!claimed.length) return;
    const caseName = (await findCaseNames(tx, [requestIdOf(linkUrl) ?? ''])).values().next().value;
    const { emailTemplates } = await getSettings(tx);
    await enqueueMails(
      tx,
      claimed.map((r) => buildNotificationEmail(ctx, emailTemplates, { kind: 'new_request', to: { ...r, id: r.userId }, caseName, linkUrl })),
    );
  });
}

/**
 * Job `message.email-if-unread`, 10 minutes after a fresh new-message notification: e-mails the user only if the
 * notification and the thread's messages are still unread then, and they have not turned these e-mails off. Once per
 * notification: until they read it, further messages of the thread coalesce into it and send nothing more.
 */
export async function emailUnreadMessages(ctx: AppContext, notificationId: string): Promise<void> {
  await transaction(ctx, async (tx) => {
    const note = await claimMessageEmail(tx, notificationId);
    if (!note || note.isRead) return;
    const requestId = requestIdOf(note.linkUrl);
    // A two-sided case's notification names its channel: only that channel's unread messages count (decision 046).
    const unread = requestId ? await countUnreadThreadMessages(tx, note.userId, requestId, channelOf(note.linkUrl)) : note.coalescedCount;
    if (unread === 0) return;
    const [to] = await findEmailRecipients(tx, [note.userId]);
    if (!to || to.optedOut.includes('new_message')) return;
    const caseName = requestId ? (await findCaseNames(tx, [requestId])).get(requestId) : null;
    const { emailTemplates } = await getSettings(tx);
    await enqueueMails(tx, [buildNotificationEmail(ctx, emailTemplates, { kind: 'new_message', to, caseName, linkUrl: note.linkUrl, count: unread })]);
  });
}

/** PATCH …/{id}/read: the user's other tabs hear of it too. */
export async function markNotificationRead(ctx: AppContext, userId: string, id: string): Promise<NotificationRow> {
  const row = await transaction(ctx, async (tx) => {
    const updated = await markRead(tx, userId, id);
    if (updated) await publishEvents(tx, [{ type: 'notification', userIds: [userId] }]);
    return updated;
  });
  if (!row) throw notFound('Notification not found');
  return row;
}

export async function markAllNotificationsRead(ctx: AppContext, userId: string): Promise<number> {
  return transaction(ctx, async (tx) => {
    const updated = await markAllRead(tx, userId);
    if (updated) await publishEvents(tx, [{ type: 'notification', userIds: [userId] }]);
    return updated;
  });
}

/**
 * The user read a thread: its new-message notification is read too (else the bell keeps counting a conversation
 * they are in, and the next message would coalesce into it instead of starting afresh). In the caller's transaction,
 * which marked `messagesRead` of the thread's messages read: the user's bell hears one event if either changed
 * (`POST /api/messages/{requestId}/read`; coalesce.race.test.ts races it against new messages).
 */
export async function markThreadNotificationsRead(
  tx: DbOrTx,
  userId: string,
  requestId: string,
  messagesRead: number,
  linkUrls: string[] = [`/messages/${requestId}`],
): Promise<void> {
  // A two-sided case's channels each have their own links (decision 046); the spec's thread has the one.
  let notices = 0;
  for (const linkUrl of linkUrls) notices += await markReadByLink(tx, userId, 'new_message', linkUrl);
  if (notices || messagesRead) await publishEvents(tx, [{ type: 'notification', userIds: [userId] }]);
}

/**
 * A payment for the request went through after a failed attempt: its 'Payment Failed' notifications are settled
 * (read), so the bell does not keep counting a problem that is solved.
 */
export async function settleFailedPaymentNotices(ctx: AppContext, userId: string, requestId: string): Promise<void> {
  await transaction(ctx, async (tx) => {
    const settled = await markReadByLink(tx, userId, 'payment_failed', `/requests/${requestId}`);
    if (settled) await publishEvents(tx, [{ type: 'notification', userIds: [userId] }]);
  });
}

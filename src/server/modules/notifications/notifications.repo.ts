import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { MessageChannel, NotificationType } from '../../../common/enums';
import { isUuid } from '../../../common/ids';
import type { DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared-once';
import { insertJobsSql, noteOutboxWritten } from '../../outbox/outbox.repo';
import { MESSAGE_EMAIL_DELAY_MS } from './notification-emails';
import { emailOptOuts, mediationRequests, messages, notifications, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  linkUrl?: string | null;
  /**
   * When it happened. Required for a new message: a fresh new-message notification's e-mail waits 10 minutes from it
   * (`messageEmailJob`).
   */
  at?: Date;
}

/** Plain rows, for tests' set-up; production writes notifications through `notify()`. @internal */
export async function insertNotifications(db: DbOrTx, items: NewNotification[]): Promise<void> {
  if (items.length) await db.insert(notifications).values(items);
}

/** Who a broadcast reaches: the named users, or every active user (verified, not suspended, not deleted) but the sender. */
export type BroadcastAudience = { userIds: string[] } | { allActiveExcept: string };

/**
 * One notification for each user of the audience in a single INSERT … SELECT (no statement per user, however many);
 * returns who got one.
 */
export async function insertBroadcastNotifications(db: DbOrTx, note: Omit<NewNotification, 'userId'>, audience: BroadcastAudience): Promise<string[]> {
  const who =
    'userIds' in audience
      ? sql`u.id = ANY(${`{${audience.userIds.join(',')}}`}::uuid[])`
      : sql`u.email_verified AND u.status <> 'suspended' AND u.anonymized_at IS NULL AND u.id <> ${audience.allActiveExcept}::uuid`;
  const result = (await db.execute(sql`
    INSERT INTO notifications (user_id, type, title, message, link_url)
    SELECT u.id, ${note.type}::notification_type, ${note.title}::text, ${note.message}::text, ${note.linkUrl ?? null}::text FROM users u WHERE ${who}
    RETURNING user_id AS "userId"`)) as unknown as { rows: { userId: string }[] };
  return result.rows.map((r) => r.userId);
}

/** Which of these ids name a live (not deleted) account. */
export async function findLiveUserIds(db: DbOrTx, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.anonymizedAt)));
  return rows.map((r) => r.id);
}

/** Two CTEs of a statement: their names and bodies (`WITH name AS (body), …`). */
export interface NamedCte {
  name: string;
  body: SQL;
}

/**
 * Plain notifications as CTEs any statement can carry: `n`, their INSERT, and, when some are of the types in
 * `emailed`, `job`, the one `notification.email` job that e-mails them (due at once, named after one of them). Returns
 * also whether the job is written: exactly when an item is of an e-mailed type. For notify()'s own statement and for a
 * write that carries its notices in its own statement (decision 066).
 */
export function plainNotificationsCtes(items: NewNotification[], emailed: NotificationType[]): { ctes: NamedCte[]; writesJob: boolean } {
  const values = sql.join(
    items.map((n) => sql`(${n.userId}::uuid, ${n.type}::notification_type, ${n.title}::text, ${n.message}::text, ${n.linkUrl ?? null}::text)`),
    sql`, `,
  );
  const notes: NamedCte = {
    name: 'n',
    body: sql`INSERT INTO notifications (user_id, type, title, message, link_url)
      SELECT * FROM (VALUES ${values}) v(user_id, type, title, message, link_url)
      RETURNING id, type`,
  };
  const writesJob = items.some((n) => emailed.includes(n.type));
  if (!writesJob) return { ctes: [notes], writesJob };
  const job = insertJobsSql(
    NOTIFICATION_EMAIL_JOB,
    sql`jsonb_build_object('ids', jsonb_agg(n.id))`,
    sql`${AT_ONCE.toISOString()}::text`,
    sql`'notification-email:' || min(n.id::text)`,
    sql`FROM n WHERE n.type = ANY(${`{${emailed.join(',')}}`}::notification_type[]) HAVING count(*) > 0`,
  );
  return { ctes: [notes, { name: 'job', body: job }], writesJob };
}

/** `WITH a AS (…), b AS (…)` of `ctes`. */
export const withCtes = (ctes: NamedCte[]): SQL =>
  sql`WITH ${sql.join(
    ctes.map((c) => sql`${sql.identifier(c.name)} AS (${c.body})`),
    sql`, `,
  )}`;

/** Inserts plain notifications and their e-mail job (`plainNotificationsCtes`) in one statement. */
export async function insertNotificationsWithEmailJob(db: DbOrTx, items: NewNotification[], emailed: NotificationType[]): Promise<void> {
  if (!items.length) return;
  const { ctes, writesJob } = plainNotificationsCtes(items, emailed);
  await db.execute(sql`${withCtes(ctes)} SELECT count(*) FROM n`);
  if (writesJob) noteOutboxWritten();
}

/**
 * The notifications of one notify() call that still await their e-mail decision. Every type but new_message is
 * claimed here (once: a rerun claims none); a new-message notification is only listed, its own job claims it later.
 */
export async function claimNotificationEmails(db: DbOrTx, ids: string[]) {
  const valid = ids.filter(isUuid);
  if (!valid.length) return [];
  const fields = { id: notifications.id, userId: notifications.userId, type: notifications.type, linkUrl: notifications.linkUrl };
  const claimed = await db
    .update(notifications)
    .set({ emailHandledAt: sql`now()` })
    .where(and(inArray(notifications.id, valid), sql`${notifications.type} <> 'new_message'`, isNull(notifications.emailHandledAt)))
    .returning(fields);
  const waiting = await db
    .select(fields)
    .from(notifications)
    .where(and(inArray(notifications.id, valid), eq(notifications.type, 'new_message'), isNull(notifications.emailHandledAt)));
  return [...claimed, ...waiting];
}

/** A new-message notification to store, standing for `count` messages of one thread. */
export interface MessageNotification extends NewNotification {
  linkUrl: string;
  count: number;
}

/**
 * Stores new-message notifications, coalesced per user and thread: while the user has an unread one for the thread
 * (the partial unique index `notifications_unread_message_uq`), it is brought up to date instead — the latest
 * message's text, the time now, the count of messages it stands for. Returns each row and whether it is new.
 */
export async function upsertMessageNotifications(db: DbOrTx, items: MessageNotification[]) {
  if (!items.length) return [];
  const values = sql.join(
    items.map((n) => sql`(${n.userId}::uuid, ${n.title}::text, ${n.message}::text, ${n.linkUrl}::text, ${n.count}::int)`),
    sql`, `,
  );
  const result = (await db.execute(
    upsertMessageNotificationsSql(sql`SELECT * FROM (VALUES ${values}) v(user_id, title, message, link_url, coalesced_count)`),
  )) as unknown as { rows: { id: string; userId: string; linkUrl: string; coalescedCount: number; inserted: boolean }[] };
  return result.rows;
}

/**
 * The statement behind `upsertMessageNotifications`, from `source`: a SELECT of (user_id, title, message, link_url,
 * coalesced_count). Also for a statement that writes a message and its notification at once (decision 057's
 * one-statement send) as a CTE: it returns each row's id, user, link, count and whether it is new (`inserted`).
 */
export function upsertMessageNotificationsSql(source: SQL): SQL {
  return sql`INSERT INTO notifications AS n (user_id, type, title, message, link_url, coalesced_count)
    SELECT s.user_id, 'new_message', s.title, s.message, s.link_url, s.coalesced_count FROM (${source}) s
    ON CONFLICT (user_id, link_url) WHERE type = 'new_message' AND is_read = false
    DO UPDATE SET title = (n.coalesced_count + excluded.coalesced_count)::text || ' new messages', message = excluded.message,
      created_at = now(), coalesced_count = n.coalesced_count + excluded.coalesced_count
    -- A row the statement inserted has no deleting transaction; one it updated carries ours.
    RETURNING n.id, n.user_id AS "userId", n.link_url AS "linkUrl", n.coalesced_count AS "coalescedCount", (n.xmax = 0) AS inserted`;
}

/** The e-mail job of a notify() call that started notifications of the inbox kinds (`ids`; not new messages). */
const NOTIFICATION_EMAIL_JOB = 'notification.email';

/** The job that e-mails a fresh new-message notification still unread after the wait. */
const MESSAGE_EMAIL_JOB = 'message.email-if-unread' as const;

/**
 * The job that e-mails a fresh new-message notification if it is still unread `MESSAGE_EMAIL_DELAY_MS` after the
 * message that started it (decision 014): scheduled by notify() itself, in the message's transaction.
 */
export function messageEmailJob(notificationId: string, sentAt: Date) {
  return {
    name: MESSAGE_EMAIL_JOB,
    data: { notificationId },
    runAt: messageEmailDueAt(sentAt),
    key: `message-email:${notificationId}`,
  };
}

/** When the e-mail about a fresh new-message notification is due: the wait after the message that started it. */
export const messageEmailDueAt = (sentAt: Date) => new Date(sentAt.getTime() + MESSAGE_EMAIL_DELAY_MS);

/**
 * `messageEmailJob` for each notification of `upserted` (a CTE of `upsertMessageNotificationsSql`) that is new, for a
 * one-statement send; `runAt` is the job's time as ISO text (the message's time plus the wait).
 */
export function freshMessageEmailJobsSql(upserted: string, runAt: SQL): SQL {
  const u = sql.identifier(upserted);
  return insertJobsSql(
    MESSAGE_EMAIL_JOB,
    sql`jsonb_build_object('notificationId', ${u}.id)`,
    runAt,
    sql`'message-email:' || ${u}.id`,
    sql`FROM ${u} WHERE ${u}.inserted`,
  );
}

/** Due at once: a job's `runAt` in the past (the e-mail jobs read the time themselves when they need it). */
export const AT_ONCE = new Date(0);

export interface EmailRecipient {
  id: string;
  email: string;
  firstName: string;
  /** The e-mail kinds this user turned off. */
  optedOut: string[];
}

/** Who of `userIds` can be e-mailed (not deleted, not suspended), with the kinds each turned off. */
export async function findEmailRecipients(db: DbOrTx, userIds: string[]): Promise<EmailRecipient[]> {
  if (!userIds.length) return [];
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      optedOut: sql<string[]>`coalesce((SELECT array_agg(o.kind) FROM ${emailOptOuts} o WHERE o.user_id = ${users.id}), '{}')`,
    })
    .from(users)
    .where(and(inArray(users.id, [...new Set(userIds)]), isNull(users.anonymizedAt), sql`${users.status} <> 'suspended'`));
  return rows.map((r) => ({ ...r, optedOut: r.optedOut ?? [] }));
}

/** Case names by request id, for the e-mails' {{caseName}}. */
export async function findCaseNames(db: DbOrTx, requestIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(requestIds.filter(isUuid))];
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: mediationRequests.id, caseName: mediationRequests.caseName })
    .from(mediationRequests)
    .where(inArray(mediationRequests.id, ids));
  return new Map(rows.map((r) => [r.id, r.caseName]));
}

/**
 * Claims the new-request notifications of one fan-out that are not e-mailed yet (each once: a rerun claims none) with
 * what the e-mail needs. Suspended or deleted mediators and those who turned the kind off are claimed but not mailed.
 */
export async function claimNewRequestEmails(db: DbOrTx, linkUrl: string) {
  const result = (await db.execute(sql`
    UPDATE notifications AS n SET email_handled_at = now()
    FROM users AS u
    WHERE n.user_id = u.id AND n.type = 'new_request' AND n.link_url = ${linkUrl} AND n.email_handled_at IS NULL
    RETURNING u.id AS "userId", u.email, u.first_name AS "firstName",
      (u.anonymized_at IS NULL AND u.status <> 'suspended'
        AND NOT EXISTS (SELECT 1 FROM email_opt_outs o WHERE o.user_id = u.id AND o.kind = 'new_request')) AS "wantsEmail"`)) as unknown as {
    rows: { userId: string; email: string; firstName: string; wantsEmail: boolean }[];
  };
  return result.rows;
}

/** Claims a new-message notification for its "while away" e-mail (once: a rerun claims nothing). */
export async function claimMessageEmail(db: DbOrTx, notificationId: string) {
  if (!isUuid(notificationId)) return undefined;
  const [row] = await db
    .update(notifications)
    .set({ emailHandledAt: sql`now()` })
    .where(and(eq(notifications.id, notificationId), eq(notifications.type, 'new_message'), isNull(notifications.emailHandledAt)))
    .returning();
  return row;
}

/**
 * How many messages of a thread the user has not read; of one channel when given (decision 046: the joint channel's
 * are others' messages after the user's read mark in channel_reads).
 */
export async function countUnreadThreadMessages(db: DbOrTx, userId: string, requestId: string, channel?: MessageChannel | null): Promise<number> {
  if (!isUuid(requestId)) return 0;
  if (channel) {
    const unread =
      channel === 'joint'
        ? sql`m.sender_id <> ${userId} AND m.created_at > coalesce((SELECT cr.read_at FROM channel_reads cr
            WHERE cr.request_id = ${requestId} AND cr.channel = 'joint' AND cr.user_id = ${userId}), '-infinity'::timestamptz)`
        : sql`m.recipient_id = ${userId} AND NOT m.is_read`;
    const result = (await db.execute(
      sql`SELECT count(*)::int AS n FROM messages m WHERE m.request_id = ${requestId} AND m.channel = ${channel} AND ${unread}`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  }
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.requestId, requestId), eq(messages.recipientId, userId), eq(messages.isRead, false)));
  return Number(row?.n ?? 0);
}

/** Marks read the user's unread notifications of one type with one link (a failed payment once a retry succeeded). */
export async function markReadByLink(db: DbOrTx, userId: string, type: NotificationType, linkUrl: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type), eq(notifications.linkUrl, linkUrl), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function listNotifications(db: DbOrTx, userId: string, limit: number, after: { createdAt: Date; id: string } | null) {
  // The cursor carries a JS Date (milliseconds) while PostgreSQL keeps microseconds: order and compare at millisecond
  // precision, or rows created within the cursor row's millisecond would be skipped.
  const createdMs = sql`date_trunc('milliseconds', ${notifications.createdAt})`;
  const cursorCondition = after ? sql`(${createdMs}, ${notifications.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined;
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), cursorCondition))
    .orderBy(desc(createdMs), desc(notifications.id))
    .limit(limit + 1);
}

function prepareCountUnread(db: DbOrTx) {
  return db
    .select({ n: count() })
    .from(notifications)
    .where(and(sql`${notifications.userId} = ${sql.placeholder('userId')}::uuid`, eq(notifications.isRead, false)))
    .prepare('count_unread_notifications');
}
const preparedCountUnread = preparedOnce(prepareCountUnread);

/**
 * The bell's count (a hot read: every page asks it): a prepared statement, built once per database or transaction and
 * planned once per connection, instead of Drizzle building the same SQL at every call (≈ 6 % of the server's CPU on
 * this read, decision 032).
 */
export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await preparedCountUnread(db).execute({ userId });
  return Number(row?.n ?? 0);
}

/** Marks one notification read; false when it is not this user's (→ 404). */
export async function markRead(db: DbOrTx, userId: string, id: string): Promise<NotificationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function markAllRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

import { and, desc, eq, getTableColumns, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared-once';
import { withCompiledRows } from '../../db/compiled-rows';
import type { MessageChannel } from '../../../common/enums';
import { mediationRequests, messages, uploads, users } from '../../db/schema';
import { freshMessageEmailJobsSql, messageEmailDueAt, upsertMessageNotificationsSql } from '../notifications/notifications.repo';

export type MessageRow = typeof messages.$inferSelect;
export type Cursor = { createdAt: Date; id: string } | null;

/** A message with what the thread shows beside it: the sender's name and the attached file's name. */
export interface ThreadMessageRow {
  message: MessageRow;
  senderFirstName: string;
  senderLastName: string;
  attachmentName: string | null;
}

/** The statuses in which a request has a thread (RULES.md 6: from matched on; a cancelled one stays readable). */
export const THREAD_STATUSES = ['matched', 'in_progress', 'completed', 'cancelled'] as const;

/**
 * Takes the thread's next time (the head, migration 0023, decision 057): `at`, or 1 ms after the request's newest
 * message if that is as late. The UPDATE waits for the request's row lock and then reads the row's newest committed
 * version, so the time is strictly later than every message committed before, whatever the statement's snapshot saw;
 * the messages' own newest time (the (request_id, created_at) index) covers rows written without the head (seeds,
 * tests). `conditions` (on `r`) are checked on that newest version too: no row back when they fail. Returns the
 * request's id, case name, lawyer, mediator and the new time.
 */
function takeHeadSql(requestId: SQL, at: SQL, conditions: SQL): SQL {
  return sql`UPDATE ${mediationRequests} r SET last_message_at = greatest(${at}, r.last_message_at + interval '1 millisecond',
      (SELECT max(m.created_at) + interval '1 millisecond' FROM ${messages} m WHERE m.request_id = r.id))
    WHERE r.id = ${requestId} AND ${conditions}
    RETURNING r.id, r.case_name, r.lawyer_id, r.selected_mediator_id, r.last_message_at AS at`;
}

/**
 * Inserts a message at the thread's next time (`takeHeadSql`): within a thread times strictly increase in the order
 * messages are committed, so the thread's order and its cursor are exact even for messages written within one
 * millisecond. One statement; the caller's transaction already holds the request's lock.
 */
export async function insertMessage(tx: DbOrTx, values: Omit<typeof messages.$inferInsert, 'createdAt'>, at: Date): Promise<MessageRow> {
  const head = tx
    .$with('head', { at: sql<Date>`at`.as('at') })
    .as(takeHeadSql(sql`${values.requestId}::uuid`, sql`${at.toISOString()}::timestamptz`, sql`true`));
  const [row] = await tx
    .with(head)
    .insert(messages)
    .values({ ...values, createdAt: sql`(SELECT at FROM head)` })
    .returning();
  return row;
}

/** What a one-statement send needs besides the request: who sends what, when, and the notification's text. */
export interface StatementSend {
  requestId: string;
  senderId: string;
  content: string;
  at: Date;
  /** The notification's text is `${senderFirstName} on ${case name}: ${preview}`, as notify() is given it. */
  senderFirstName: string;
  preview: string;
}

/** A one-statement send's answer: the message, who takes part in its thread, and whether it queued an e-mail job. */
export interface StatementSent {
  message: MessageRow;
  lawyerId: string;
  mediatorId: string;
  queuedJob: boolean;
}

/**
 * A one-sided case's message, written with everything its transaction would write, in one autocommit statement
 * (decision 057, option A): the head takes the thread's next time under the request's lock and checks the send is
 * allowed (a thread, not cancelled, no agreement out, the sender one of its two participants), the message, the
 * recipient's coalesced new-message notification (notifications.repo's SQL) and, when that notification is fresh, its
 * e-mail job (the outbox's SQL). Undefined when the checks fail: the caller then sends through the transaction, which
 * says why. The realtime events follow the statement, as a unit of work's follow its commit.
 */
export async function sendInOneStatement(db: DbOrTx, send: StatementSend): Promise<StatementSent | undefined> {
  const [row] = await preparedSend(db).execute({ ...send, at: send.at.toISOString(), emailAt: messageEmailDueAt(send.at).toISOString() });
  return row;
}

const preparedSend = preparedOnce(sendStatement);

function sendStatement(db: DbOrTx) {
  const sender = sql`${sql.placeholder('senderId')}::uuid`;
  const allowed = sql`r.status IN ('matched', 'in_progress', 'completed') AND r.selected_mediator_id IS NOT NULL
    AND r.opposing_lawyer_id IS NULL AND NOT r.agreement_pending AND ${sender} IN (r.lawyer_id, r.selected_mediator_id)`;
  const head = db
    .$with('head', { lawyerId: sql<string>`lawyer_id`.as('lawyer_id'), mediatorId: sql<string>`selected_mediator_id`.as('selected_mediator_id') })
    .as(takeHeadSql(sql`${sql.placeholder('requestId')}::uuid`, sql`${sql.placeholder('at')}::timestamptz`, allowed));
  const sent = db.$with('sent', getTableColumns(messages)).as(sql`INSERT INTO ${messages}
      (request_id, sender_id, recipient_id, channel, content, attachment_url, is_read, created_at)
    SELECT h.id, ${sender}, CASE WHEN h.lawyer_id = ${sender} THEN h.selected_mediator_id ELSE h.lawyer_id END, 'first',
      ${sql.placeholder('content')}::text, NULL, false, h.at
      FROM head h
    RETURNING *`);
  const note = db.$with('note', { id: sql<string>`id`.as('id') }).as(
    upsertMessageNotificationsSql(sql`SELECT s.recipient_id AS user_id, 'New message'::text AS title,
        ${sql.placeholder('senderFirstName')}::text || ' on ' || h.case_name || ': ' || ${sql.placeholder('preview')}::text AS message,
        '/messages/' || h.id AS link_url, 1 AS coalesced_count
      FROM sent s, head h`),
  );
  const job = db.$with('job', { id: sql<number>`id`.as('id') }).as(freshMessageEmailJobsSql('note', sql`${sql.placeholder('emailAt')}::text`));
  return db
    .with(head, sent, note, job)
    .select({
      message: {
        id: sent.id,
        requestId: sent.requestId,
        senderId: sent.senderId,
        recipientId: sent.recipientId,
        channel: sent.channel,
        content: sent.content,
        attachmentUrl: sent.attachmentUrl,
        isRead: sent.isRead,
        createdAt: sent.createdAt,
      },
      lawyerId: head.lawyerId,
      mediatorId: head.mediatorId,
      queuedJob: sql<boolean>`EXISTS (SELECT 1 FROM job)`,
    })
    .from(sent)
    .innerJoin(head, sql`true`)
    .prepare('send_message');
}

/**
 * Marks every message of the thread sent to `userId` read (of one private channel, when given), in one statement;
 * returns how many changed.
 */
export async function markThreadRead(db: DbOrTx, requestId: string, userId: string, channel?: MessageChannel): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ isRead: true })
    .where(
      and(eq(messages.requestId, requestId), channel ? eq(messages.channel, channel) : undefined, eq(messages.recipientId, userId), eq(messages.isRead, false)),
    )
    .returning({ id: messages.id });
  return rows.length;
}

/**
 * One page of a thread, newest first (like every list of the API), `limit + 1` rows so the caller knows whether an
 * earlier page exists. Messages' times are set by the service at millisecond precision and strictly increase within
 * a thread, so (createdAt, id) is an exact cursor and the index on (request_id, created_at) serves the order.
 */
export async function listThreadMessages(db: DbOrTx, requestId: string, limit: number, cursor: Cursor): Promise<ThreadMessageRow[]> {
  return threadPageFor(db, requestId, null, limit, cursor);
}

/**
 * A page of the thread as `listThreadMessages` reads it, but only if `participantId` is one of its two participants
 * (RULES.md 6, as `threadAccess` decides it) and the case is one-sided (decision 046): the page's own statement checks the request's row, so a participant's
 * read is one round trip (docs/decisions/034). An empty answer means an empty page or no access: the caller tells
 * which apart.
 */
export async function listThreadMessagesAsParticipant(
  db: DbOrTx,
  requestId: string,
  participantId: string,
  limit: number,
  cursor: Cursor,
): Promise<ThreadMessageRow[]> {
  return threadPageFor(db, requestId, participantId, limit, cursor);
}

const preparedFirstPage = preparedOnce((db, reader: 'any' | 'participant') => {
  const requestParam = sql`${sql.placeholder('requestId')}::uuid`;
  const take = sql.placeholder('take');
  return reader === 'any'
    ? withCompiledRows(threadPage(db, requestParam, null, undefined, take).prepare('thread_first_page'))
    : withCompiledRows(threadPage(db, requestParam, sql`${sql.placeholder('participantId')}::uuid`, undefined, take).prepare('thread_first_page_participant'));
});

async function threadPageFor(db: DbOrTx, requestId: string, participantId: string | null, limit: number, cursor: Cursor): Promise<ThreadMessageRow[]> {
  // The first page (what the thread opens with) is a prepared statement: built once, planned once per connection.
  if (!cursor) {
    if (participantId === null) return preparedFirstPage(db, 'any').execute({ requestId, take: limit + 1 });
    return preparedFirstPage(db, 'participant').execute({ requestId, participantId, take: limit + 1 });
  }
  const before: SQL | undefined = cursor
    ? or(lt(messages.createdAt, cursor.createdAt), and(eq(messages.createdAt, cursor.createdAt), lt(messages.id, cursor.id)))
    : undefined;
  return threadPage(db, requestId, participantId === null ? null : sql`${participantId}::uuid`, before, limit + 1);
}

function threadPage(db: DbOrTx, requestId: string | SQL, participant: SQL | null, before: SQL | undefined, take: number | Placeholder) {
  // The thread exists once a mediator is selected, in THREAD_STATUSES, between the lawyer and that mediator; this one
  // statement serves one-sided cases only (a two-sided case's channels are read by listChannelMessages). The check
  // names the request itself, not each message's, so PostgreSQL runs it once, before reading the thread (a one-time
  // filter): someone who is not a participant costs one probe of the request's key, not a walk of the thread. While an
  // agreement to mediate is out (decision 055) it answers nothing, and findThread decides who may read.
  const isParticipant = participant
    ? sql`EXISTS (SELECT 1 FROM ${mediationRequests} r WHERE r.id = ${requestId} AND r.selected_mediator_id IS NOT NULL
        AND r.opposing_lawyer_id IS NULL AND NOT r.agreement_pending AND r.status IN (${sql.join(
          THREAD_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )}) AND (r.lawyer_id = ${participant} OR r.selected_mediator_id = ${participant}))`
    : undefined;
  return db
    .select({ message: messages, senderFirstName: users.firstName, senderLastName: users.lastName, attachmentName: uploads.fileName })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .leftJoin(uploads, eq(uploads.objectPath, messages.attachmentUrl))
    .where(and(sql`${messages.requestId} = ${requestId}`, before, isParticipant))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(take);
}

export interface ThreadSummaryRow {
  requestId: string;
  caseName: string;
  caseNumber: string;
  status: (typeof THREAD_STATUSES)[number];
  lawyerId: string;
  counterpartId: string;
  counterpartFirstName: string;
  counterpartLastName: string;
  counterpartImageUrl: string | null;
  lastId: string | null;
  lastSenderId: string | null;
  lastContent: string | null;
  lastHasAttachment: boolean | null;
  lastCreatedAt: Date | null;
  unreadCount: number;
  activityAt: Date;
  /** A two-sided case's channels the caller may read, joint first (decision 046); null in a one-sided case. */
  channels: ChannelSummaryRow[] | null;
}

export interface ChannelSummaryRow {
  channel: MessageChannel;
  unreadCount: number;
  last: { id: string; senderId: string; content: string; hasAttachment: boolean; createdAt: Date } | null;
}

const PREVIEW_CHARS = 160;

/**
 * The caller's threads in one query (no query per row): every request they own, joined as the second side or were
 * selected for, from matched on, with the other participant (the mediator for counsel, the first side's counsel for
 * the mediator), the newest message they may read (content cut to a preview) and the number unread, ordered by the
 * latest activity (newest message, or the request's last change before any), newest first; `limit + 1` rows. A
 * two-sided case also lists its channels the caller may read (decision 046); an admin viewing as a user
 * (`privateChannels` false) sees only their joint channels' messages there.
 */
export async function listThreads(db: DbOrTx, userId: string, limit: number, cursor: Cursor, privateChannels = true): Promise<ThreadSummaryRow[]> {
  const after = cursor ? sql`WHERE (t.activity_at, t.request_id) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)` : sql``;
  const statuses = sql.join(
    THREAD_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  // Which of a two-sided case's channels the caller reads: the joint one, and their side's (every one, the mediator).
  const ownChannel = sql`CASE WHEN r.lawyer_id = ${userId} THEN 'first'::message_channel ELSE 'second'::message_channel END`;
  const readable = (channel: SQL) =>
    sql`(${channel} = 'joint' OR (${privateChannels}::boolean AND (r.selected_mediator_id = ${userId} OR ${channel} = ${ownChannel})))`;
  const result = (await db.execute(sql`
    SELECT * FROM (
      SELECT r.id AS request_id, r.case_name, r.case_number, r.status, r.lawyer_id,
        c.id AS counterpart_id, c.first_name AS counterpart_first_name, c.last_name AS counterpart_last_name,
        c.profile_image_url AS counterpart_image_url,
        lm.id AS last_id, lm.sender_id AS last_sender_id, left(lm.content, ${PREVIEW_CHARS}) AS last_content,
        (lm.attachment_url IS NOT NULL) AS last_has_attachment, lm.created_at AS last_created_at,
        CASE WHEN r.opposing_lawyer_id IS NULL THEN
          (SELECT count(*)::int FROM messages u WHERE u.request_id = r.id AND u.recipient_id = ${userId} AND NOT u.is_read)
        END AS unread_count,
        CASE WHEN r.opposing_lawyer_id IS NOT NULL THEN (
          SELECT json_agg(json_build_object(
            'channel', ch.c,
            'unread', (SELECT count(*)::int FROM messages u WHERE u.request_id = r.id AND u.channel = ch.c AND u.sender_id <> ${userId}
              AND CASE WHEN ch.c = 'joint' THEN u.created_at > coalesce(jr.read_at, '-infinity'::timestamptz)
                       ELSE u.recipient_id = ${userId} AND NOT u.is_read END),
            'last', (SELECT json_build_object('id', m.id, 'senderId', m.sender_id, 'content', left(m.content, ${PREVIEW_CHARS}),
                       'hasAttachment', m.attachment_url IS NOT NULL, 'createdAt', m.created_at)
              FROM messages m WHERE m.request_id = r.id AND m.channel = ch.c ORDER BY m.created_at DESC, m.id DESC LIMIT 1)
          ) ORDER BY ch.ord)
          FROM (VALUES ('joint'::message_channel, 0), ('first'::message_channel, 1), ('second'::message_channel, 2)) ch(c, ord)
          WHERE ${readable(sql`ch.c`)}
        ) END AS channels,
        date_trunc('milliseconds', coalesce(lm.created_at, r.updated_at)) AS activity_at
      FROM mediation_requests r
      JOIN users c ON c.id = CASE WHEN r.lawyer_id = ${userId} OR r.opposing_lawyer_id = ${userId} THEN r.selected_mediator_id ELSE r.lawyer_id END
      LEFT JOIN channel_reads jr ON jr.request_id = r.id AND jr.channel = 'joint' AND jr.user_id = ${userId}
      LEFT JOIN LATERAL (
        SELECT m.id, m.sender_id, m.content, m.attachment_url, m.created_at FROM messages m
        WHERE m.request_id = r.id AND (r.opposing_lawyer_id IS NULL OR ${readable(sql`m.channel`)})
        ORDER BY m.created_at DESC, m.id DESC LIMIT 1
      ) lm ON true
      WHERE (r.lawyer_id = ${userId} OR r.opposing_lawyer_id = ${userId} OR r.selected_mediator_id = ${userId})
        AND r.selected_mediator_id IS NOT NULL
        AND r.status IN (${statuses})
    ) t
    ${after}
    ORDER BY t.activity_at DESC, t.request_id DESC
    LIMIT ${limit + 1}`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => {
    const channels = row.channels ? (toJson(row.channels) as RawChannel[]).map(toChannelSummary) : null;
    return {
      requestId: String(row.request_id),
      caseName: String(row.case_name),
      caseNumber: String(row.case_number),
      status: row.status as ThreadSummaryRow['status'],
      lawyerId: String(row.lawyer_id),
      counterpartId: String(row.counterpart_id),
      counterpartFirstName: String(row.counterpart_first_name),
      counterpartLastName: String(row.counterpart_last_name),
      counterpartImageUrl: (row.counterpart_image_url as string | null) ?? null,
      lastId: (row.last_id as string | null) ?? null,
      lastSenderId: (row.last_sender_id as string | null) ?? null,
      lastContent: (row.last_content as string | null) ?? null,
      lastHasAttachment: (row.last_has_attachment as boolean | null) ?? null,
      lastCreatedAt: row.last_created_at ? new Date(row.last_created_at as string | Date) : null,
      unreadCount: channels ? channels.reduce((sum, c) => sum + c.unreadCount, 0) : Number(row.unread_count ?? 0),
      activityAt: new Date(row.activity_at as string | Date),
      channels,
    };
  });
}

interface RawChannel {
  channel: MessageChannel;
  unread: number;
  last: { id: string; senderId: string; content: string; hasAttachment: boolean; createdAt: string } | null;
}

/** A json column: parsed by the driver, or text (drivers differ). */
const toJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

function toChannelSummary(raw: RawChannel): ChannelSummaryRow {
  return {
    channel: raw.channel,
    unreadCount: Number(raw.unread ?? 0),
    last: raw.last ? { ...raw.last, createdAt: new Date(raw.last.createdAt) } : null,
  };
}

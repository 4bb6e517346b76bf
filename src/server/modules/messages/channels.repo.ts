// The channels of a two-sided case (decision 046): a channel's page, and the joint channel's read state. The private
// channels keep the spec's recipient and `is_read`; the joint channel has no single recipient, so each member's read
// mark is a row of channel_reads (request, channel, user, read_at): unread = others' joint messages after it.
import { and, desc, eq, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { MessageChannel } from '../../../common/enums';
import type { DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared-once';
import { withCompiledRows } from '../../db/compiled-rows';
import { channelReads, mediationRequests, messages, uploads, users } from '../../db/schema';
import { THREAD_STATUSES, type Cursor, type ThreadMessageRow } from './messages.repo';

/**
 * One page of a channel, newest first, `limit + 1` rows (the caller checked access). In the joint channel `isRead` is
 * the viewer's: their own messages, and those up to their read mark. Served by the (request_id, channel, created_at)
 * index.
 */
export async function listChannelMessages(
  db: DbOrTx,
  requestId: string,
  channel: MessageChannel,
  viewerId: string,
  limit: number,
  cursor: Cursor,
): Promise<ThreadMessageRow[]> {
  const before: SQL | undefined = cursor
    ? or(lt(messages.createdAt, cursor.createdAt), and(eq(messages.createdAt, cursor.createdAt), lt(messages.id, cursor.id)))
    : undefined;
  const rows = await channelPage(db, sql`${requestId}::uuid`, sql`${channel}::message_channel`, channel, sql`${viewerId}::uuid`, null, before, limit + 1);
  return rows.map(withViewerRead);
}

/**
 * A page of the joint channel as `listChannelMessages` reads it, but only if `memberId` is a member of the two-sided
 * case (a counsel or the selected mediator), from matched on, and no agreement to mediate is out (decision 055): the
 * page's own statement checks the request's row, as the one-sided thread's does (docs/decisions/034), so a member's
 * read is one round trip; the first page is a prepared statement. An empty answer means an empty page or no access:
 * the caller tells which apart (findThread).
 */
export async function listJointMessagesAsMember(db: DbOrTx, requestId: string, memberId: string, limit: number, cursor: Cursor): Promise<ThreadMessageRow[]> {
  if (cursor) {
    const before = or(lt(messages.createdAt, cursor.createdAt), and(eq(messages.createdAt, cursor.createdAt), lt(messages.id, cursor.id)));
    const member = sql`${memberId}::uuid`;
    return (await channelPage(db, sql`${requestId}::uuid`, sql`'joint'::message_channel`, 'joint', member, member, before, limit + 1)).map(withViewerRead);
  }
  return (await preparedJointFirstPage(db).execute({ requestId, memberId, take: limit + 1 })).map(withViewerRead);
}

const preparedJointFirstPage = preparedOnce((db) => {
  const member = sql`${sql.placeholder('memberId')}::uuid`;
  return withCompiledRows(
    channelPage(
      db,
      sql`${sql.placeholder('requestId')}::uuid`,
      sql`'joint'::message_channel`,
      'joint',
      member,
      member,
      undefined,
      sql.placeholder('take'),
    ).prepare('joint_first_page_member'),
  );
});

function channelPage(
  db: DbOrTx,
  requestId: SQL,
  channelParam: SQL,
  channel: MessageChannel,
  viewer: SQL,
  member: SQL | null,
  before: SQL | undefined,
  take: number | Placeholder,
) {
  const readByViewer =
    channel === 'joint'
      ? sql<boolean>`(${messages.senderId} = ${viewer} OR ${messages.createdAt} <= ${channelReads.readAt}) IS TRUE`
      : sql<boolean>`${messages.isRead}`;
  // The member's check names the request itself, not each message's, so PostgreSQL runs it once, before reading the
  // channel (a one-time filter), as the one-sided thread's does (messages.repo threadPage). The rule is resolveChannel's
  // for a member reading the joint channel (channels.ts): a two-sided case with a selected mediator in a thread status,
  // the reader one of its three seats; while an agreement to mediate is out it answers nothing (findThread decides).
  const isMember = member
    ? sql`EXISTS (SELECT 1 FROM ${mediationRequests} r WHERE r.id = ${requestId} AND r.selected_mediator_id IS NOT NULL
        AND r.opposing_lawyer_id IS NOT NULL AND NOT r.agreement_pending AND r.status IN (${sql.join(
          THREAD_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )}) AND (r.lawyer_id = ${member} OR r.opposing_lawyer_id = ${member} OR r.selected_mediator_id = ${member}))`
    : undefined;
  return db
    .select({ message: messages, senderFirstName: users.firstName, senderLastName: users.lastName, attachmentName: uploads.fileName, readByViewer })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .leftJoin(uploads, eq(uploads.objectPath, messages.attachmentUrl))
    .leftJoin(
      channelReads,
      and(eq(channelReads.requestId, messages.requestId), eq(channelReads.channel, messages.channel), sql`${channelReads.userId} = ${viewer}`),
    )
    .where(and(sql`${messages.requestId} = ${requestId}`, sql`${messages.channel} = ${channelParam}`, before, isMember))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(take);
}

function withViewerRead({ readByViewer: isRead, ...row }: ThreadMessageRow & { readByViewer: boolean }): ThreadMessageRow {
  return { ...row, message: { ...row.message, isRead: !!isRead } };
}

/**
 * The user read the joint channel: their read mark moves to the newest message of others (never back: two reads at
 * once keep the later mark). One statement; returns how many of others' messages were unread.
 */
export async function markJointRead(db: DbOrTx, requestId: string, userId: string): Promise<number> {
  const result = (await db.execute(sql`
    WITH unread AS (
      SELECT count(*)::int AS n, max(m.created_at) AS newest FROM messages m
      WHERE m.request_id = ${requestId} AND m.channel = 'joint' AND m.sender_id <> ${userId}
        AND m.created_at > coalesce(
          (SELECT cr.read_at FROM channel_reads cr WHERE cr.request_id = ${requestId} AND cr.channel = 'joint' AND cr.user_id = ${userId}),
          '-infinity'::timestamptz)
    ), mark AS (
      INSERT INTO channel_reads (request_id, channel, user_id, read_at)
      SELECT ${requestId}, 'joint', ${userId}, newest FROM unread WHERE newest IS NOT NULL
      ON CONFLICT (request_id, channel, user_id) DO UPDATE SET read_at = greatest(channel_reads.read_at, excluded.read_at)
    )
    SELECT n FROM unread`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The user's unread messages in every channel they take part in (the dashboard's count): those sent to them in the
 * spec's thread and the private channels, plus others' joint messages after their read mark. One statement.
 */
export async function countUnreadInAllChannels(db: DbOrTx, userId: string): Promise<number> {
  const result = (await db.execute(sql`
    SELECT (SELECT count(*) FROM messages WHERE recipient_id = ${userId} AND NOT is_read)::int
      + (SELECT count(*) FROM mediation_requests r
          JOIN messages m ON m.request_id = r.id AND m.channel = 'joint'
          LEFT JOIN channel_reads cr ON cr.request_id = r.id AND cr.channel = 'joint' AND cr.user_id = ${userId}
          WHERE r.opposing_lawyer_id IS NOT NULL AND r.selected_mediator_id IS NOT NULL
            AND (r.lawyer_id = ${userId} OR r.opposing_lawyer_id = ${userId} OR r.selected_mediator_id = ${userId})
            AND m.sender_id <> ${userId} AND m.created_at > coalesce(cr.read_at, '-infinity'::timestamptz))::int AS n`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/** The channel of the message an attachment was sent with, or null when no message carries it. */
export async function findAttachmentChannel(db: DbOrTx, requestId: string, objectPath: string): Promise<MessageChannel | null> {
  const [row] = await db
    .select({ channel: messages.channel })
    .from(messages)
    .where(and(eq(messages.requestId, requestId), eq(messages.attachmentUrl, objectPath)))
    .limit(1);
  return row?.channel ?? null;
}

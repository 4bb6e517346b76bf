import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { auditLog, contactMessages, disputes, mediationRequests, users } from '../../db/schema';

const actor = alias(users, 'audit_actor');
const targetUser = alias(users, 'audit_target_user');

export interface AuditFilter {
  actorId?: string;
  targetId?: string;
  action?: string;
}

/**
 * The audit log (RULES.md 6), newest first, a page at a time (cursor as in pagination.ts, millisecond precision), with
 * the acting admin and, when the target is a user, that user. The order is the millisecond time in UTC and the id:
 * that expression is immutable, so the indexes of migration 0005 hold it (alone, and after the actor, the target or
 * the action the list filters by) and a page is read off one of them in order, without sorting the log.
 */
export async function listAuditLog(db: DbOrTx, filter: AuditFilter, limit: number, after: { createdAt: Date; id: string } | null) {
  // Written exactly as in the indexes (schema/platform.ts): literals, not parameters, so the planner matches them.
  const createdMs = sql`date_trunc('milliseconds', (${auditLog.createdAt} AT TIME ZONE 'UTC'))`;
  const conditions: (SQL | undefined)[] = [
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    after ? sql`(${createdMs}, ${auditLog.id}) < ((${after.createdAt.toISOString()}::timestamptz AT TIME ZONE 'UTC'), ${after.id}::uuid)` : undefined,
  ];
  return (
    db
      .select({
        entry: auditLog,
        actor: { id: actor.id, firstName: actor.firstName, lastName: actor.lastName, email: actor.email, anonymizedAt: actor.anonymizedAt },
        targetUser: { id: targetUser.id, firstName: targetUser.firstName, lastName: targetUser.lastName, email: targetUser.email },
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      // The target's id as a uuid, so the user is found through its primary key (comparing as text would test every user
      // for each entry); only for a user target, and only when it reads as a uuid, so no entry can make the cast fail.
      .leftJoin(
        targetUser,
        sql`${targetUser.id} = CASE WHEN ${auditLog.targetType} = 'user' AND ${auditLog.targetId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        THEN ${auditLog.targetId}::uuid END`,
      )
      .where(and(...conditions))
      .orderBy(desc(createdMs), desc(auditLog.id))
      .limit(limit + 1)
  );
}
export type AuditLogRow = Awaited<ReturnType<typeof listAuditLog>>[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const caseLabel = (r: { caseName: string; caseNumber: string }) => `${r.caseName} (Case #${r.caseNumber})`;
const messageLabel = (m: { subject: string; name: string; email: string }) => `“${m.subject}” from ${m.name} (${m.email})`;
/** A broadcast to chosen users names the first few; the rest are counted (describeAuditEntry). */
const NAMED_RECIPIENTS = 3;

/**
 * The user ids an entry's details hold: a reassignment's two mediators, the first few users a broadcast chose, the user
 * viewed as during a joint channel read.
 */
function mentionedUserIds(row: AuditLogRow): string[] {
  const { action, details } = row.entry;
  const ids =
    action === 'request.reassign'
      ? [details.from, details.to, details.opposingCounsel]
      : action === 'request.cancel'
        ? [details.opposingCounsel]
        : action === 'notification.broadcast' && Array.isArray(details.userIds)
          ? details.userIds.slice(0, NAMED_RECIPIENTS)
          : action === 'messages.read_joint'
            ? [details.viewingAs] // the user an impersonating admin was viewing as (decision 046)
            : [];
  return ids.filter((v): v is string => typeof v === 'string' && UUID.test(v)).map((id) => id.toLowerCase());
}

/**
 * What a page of entries names by id, in words: the case of each request or dispute target, the subject and sender of
 * each support message, and the users the details name (mediators of a reassignment, a broadcast's chosen users).
 * Four lookups by primary key for the whole page, whatever its size.
 */
export async function describeAuditSubjects(db: DbOrTx, rows: AuditLogRow[]) {
  const ids = (type: string) => [
    ...new Set(rows.filter((r) => r.entry.targetType === type && UUID.test(r.entry.targetId ?? '')).map((r) => r.entry.targetId!)),
  ];
  const requestIds = ids('request');
  const disputeIds = ids('dispute');
  const messageIds = ids('contact_message');
  const userIds = [...new Set(rows.flatMap(mentionedUserIds))];
  const [requestRows, disputeRows, messageRows, userRows] = await Promise.all([
    requestIds.length
      ? db
          .select({ id: mediationRequests.id, caseName: mediationRequests.caseName, caseNumber: mediationRequests.caseNumber })
          .from(mediationRequests)
          .where(inArray(mediationRequests.id, requestIds))
      : [],
    disputeIds.length
      ? db
          .select({ id: disputes.id, caseName: mediationRequests.caseName, caseNumber: mediationRequests.caseNumber })
          .from(disputes)
          .innerJoin(mediationRequests, eq(mediationRequests.id, disputes.requestId))
          .where(inArray(disputes.id, disputeIds))
      : [],
    messageIds.length
      ? db
          .select({ id: contactMessages.id, subject: contactMessages.subject, name: contactMessages.name, email: contactMessages.email })
          .from(contactMessages)
          .where(inArray(contactMessages.id, messageIds))
      : [],
    userIds.length
      ? db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, userIds))
      : [],
  ]);
  return {
    targets: new Map<string, string>([
      ...[...requestRows, ...disputeRows].map((r) => [r.id, caseLabel(r)] as const),
      ...messageRows.map((m) => [m.id, messageLabel(m)] as const),
    ]),
    people: new Map<string, string>(userRows.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email])),
  };
}
export type AuditSubjects = Awaited<ReturnType<typeof describeAuditSubjects>>;

/** The user ids of `row` that `subjects` has names for. */
export const namedUserIds = (row: AuditLogRow, subjects: AuditSubjects) => mentionedUserIds(row).filter((id) => subjects.people.has(id));

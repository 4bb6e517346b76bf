import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { auditLog, users } from '../../db/schema';

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
        actor: { id: actor.id, firstName: actor.firstName, lastName: actor.lastName, email: actor.email },
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

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
 * the acting admin and, when the target is a user, that user.
 */
export async function listAuditLog(db: DbOrTx, filter: AuditFilter, limit: number, after: { createdAt: Date; id: string } | null) {
  const createdMs = sql`date_trunc('milliseconds', ${auditLog.createdAt})`;
  const conditions: (SQL | undefined)[] = [
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    after ? sql`(${createdMs}, ${auditLog.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
  ];
  return db
    .select({
      entry: auditLog,
      actor: { id: actor.id, firstName: actor.firstName, lastName: actor.lastName, email: actor.email },
      targetUser: { id: targetUser.id, firstName: targetUser.firstName, lastName: targetUser.lastName, email: targetUser.email },
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(targetUser, and(eq(auditLog.targetType, 'user'), sql`${targetUser.id}::text = ${auditLog.targetId}`))
    .where(and(...conditions))
    .orderBy(desc(createdMs), desc(auditLog.id))
    .limit(limit + 1);
}
export type AuditLogRow = Awaited<ReturnType<typeof listAuditLog>>[number];

import { describeAuditEntry } from '../../../common/audit-description';
import type { AuditEntryDto } from '../../../common/schemas/admin-audit';
import { namedUserIds, type AuditLogRow, type AuditSubjects } from './admin-audit.repo';

/**
 * One audit entry for GET /api/admin/audit-log: as stored (`details`, for machines) and in words (`description`, what
 * the Audit log tab shows), with the names the page's lookups found for the ids it holds.
 */
export function presentAuditEntry({ entry, actor, targetUser }: AuditLogRow, subjects: AuditSubjects): AuditEntryDto {
  const person = actor && { id: actor.id, firstName: actor.firstName, lastName: actor.lastName, email: actor.email };
  const targetLabel = (entry.targetId && subjects.targets.get(entry.targetId.toLowerCase())) ?? null;
  const people = Object.fromEntries(namedUserIds({ entry, actor, targetUser }, subjects).map((id) => [id, subjects.people.get(id)!]));
  return {
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    action: entry.action,
    actor: person,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetUser,
    details: entry.details,
    description: describeAuditEntry(
      { action: entry.action, targetType: entry.targetType, details: entry.details },
      // An anonymised admin's placeholder address would carry their id: they read as a deleted admin instead.
      { actor: actor?.anonymizedAt ? null : person, targetUser, targetLabel, people },
    ),
  };
}

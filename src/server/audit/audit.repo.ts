import type { AuditAction } from '../../common/audit-description';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

/**
 * One line of the audit log (RULES.md 6: who did what with admin power), in the caller's transaction. The action is one
 * that common/audit-description.ts describes in words, so a new kind of entry cannot reach the log undescribed.
 * Written by the admin module and by the modules whose actions an admin may take (cancellation, disputes), so it lives
 * below the modules (decision 039); the admin module reads the log (admin-audit.repo.ts).
 */
export async function appendAudit(
  tx: DbOrTx,
  entry: { actorId: string; action: AuditAction; targetType?: string; targetId?: string; details: Record<string, unknown>; at: Date },
) {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details,
    createdAt: entry.at,
  });
}

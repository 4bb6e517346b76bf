import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

/** One line of the audit log (RULES.md 6: who did what with admin power), in the caller's transaction. */
export async function appendAudit(
  tx: DbOrTx,
  entry: { actorId: string; action: string; targetType?: string; targetId?: string; details: Record<string, unknown>; at: Date },
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

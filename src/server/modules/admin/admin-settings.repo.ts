import type { DbOrTx } from '../../db/client';
import { auditLog, platformSettings } from '../../db/schema';
import { getSettings, type SettingsRow } from '../settings/settings.repo';

export async function updateSettings(tx: DbOrTx, values: Partial<typeof platformSettings.$inferInsert>): Promise<SettingsRow> {
  await getSettings(tx); // the row exists from here on
  const [row] = await tx.update(platformSettings).set(values).returning();
  return row;
}

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

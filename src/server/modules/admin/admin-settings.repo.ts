import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { getSettings, type SettingsRow } from '../settings/settings.repo';

/**
 * The settings row, locked until the transaction ends: two admins saving at once apply one after the other, so neither
 * loses the other's e-mail templates (a read-merge-write of the jsonb) and each audit entry's "from" is what it replaced.
 */
export async function lockSettings(tx: DbOrTx): Promise<SettingsRow> {
  await getSettings(tx); // the row exists from here on
  const [row] = await tx.select().from(platformSettings).where(eq(platformSettings.id, 1)).for('update');
  return row;
}

export async function updateSettings(tx: DbOrTx, values: Partial<typeof platformSettings.$inferInsert>): Promise<SettingsRow> {
  await getSettings(tx); // the row exists from here on
  const [row] = await tx.update(platformSettings).set(values).returning();
  return row;
}

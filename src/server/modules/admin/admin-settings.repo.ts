import type { DbOrTx } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { getSettings, type SettingsRow } from '../settings/settings.repo';

export async function updateSettings(tx: DbOrTx, values: Partial<typeof platformSettings.$inferInsert>): Promise<SettingsRow> {
  await getSettings(tx); // the row exists from here on
  const [row] = await tx.update(platformSettings).set(values).returning();
  return row;
}

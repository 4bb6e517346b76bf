import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { platformSettings } from '../../db/schema';

export type SettingsRow = typeof platformSettings.$inferSelect;

/** The one settings row; created with the defaults of RULES.md 1 on first use. */
export async function getSettings(db: DbOrTx): Promise<SettingsRow> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1)).limit(1);
  if (row) return row;
  await db.insert(platformSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1)).limit(1);
  return created;
}

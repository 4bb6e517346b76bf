import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema';

/** Stores a /contact submission for the admins' Support tab. */
export async function insertContactMessage(db: DbOrTx, values: typeof contactMessages.$inferInsert): Promise<{ id: string }> {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row;
}

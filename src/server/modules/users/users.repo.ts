import { eq } from 'drizzle-orm';
import { isUuid } from '../../../common/ids';
import type { DbOrTx } from '../../db/client';
import { lawyerProfiles, mediatorProfiles, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type LawyerProfileRow = typeof lawyerProfiles.$inferSelect;
export type MediatorProfileRow = typeof mediatorProfiles.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined; // never hand PostgreSQL a uuid it cannot parse
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findProfiles(db: DbOrTx, userId: string) {
  const [lawyer] = await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.userId, userId)).limit(1);
  const [mediator] = await db.select().from(mediatorProfiles).where(eq(mediatorProfiles.userId, userId)).limit(1);
  return { lawyerProfile: lawyer ?? null, mediatorProfile: mediator ?? null };
}

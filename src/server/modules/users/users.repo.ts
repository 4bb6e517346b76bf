import { eq, inArray } from 'drizzle-orm';
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

/** Makes an existing account a verified, approved admin with this password (ADMIN_EMAIL, create-admin, demo seed). */
export async function promoteToAdmin(db: DbOrTx, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ role: 'admin', password: passwordHash, emailVerified: true, status: 'approved', profileCompleted: true, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Which of these addresses have an account. */
export async function findExistingEmails(db: DbOrTx, emails: string[]): Promise<string[]> {
  if (!emails.length) return [];
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return rows.map((r) => r.email);
}

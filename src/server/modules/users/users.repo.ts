import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { SelfChosenRole } from '../../../common/enums';
import { isUuid } from '../../../common/ids';
import type { DbOrTx } from '../../db/client';
import { lawyerProfiles, mediatorProfiles, users } from '../../db/schema';
import { monthlyAcceptancesSql } from '../requests/requests.repo';

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

/** A mediator's profile with spec 3's `monthlyMediationCount`: derived on read, never stored (schema/accounts.ts). */
export type MediatorProfileWithCount = MediatorProfileRow & { monthlyMediationCount: number };

/**
 * Both profiles of a user (null when absent); the mediator's with this month's mediations as the cap counts them
 * (RULES.md 5; `monthStart` from `monthStartUtc` of the app's clock), read in the same statement.
 */
export async function findProfiles(db: DbOrTx, userId: string, monthStart: Date) {
  const [lawyer] = await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.userId, userId)).limit(1);
  const [mediator] = await db
    .select({ profile: mediatorProfiles, monthlyMediationCount: monthlyAcceptancesSql(mediatorProfiles.userId, monthStart) })
    .from(mediatorProfiles)
    .where(eq(mediatorProfiles.userId, userId))
    .limit(1);
  const mediatorProfile: MediatorProfileWithCount | null = mediator ? { ...mediator.profile, monthlyMediationCount: mediator.monthlyMediationCount } : null;
  return { lawyerProfile: lawyer ?? null, mediatorProfile };
}

export type NewUser = Pick<
  typeof users.$inferInsert,
  'email' | 'password' | 'firstName' | 'lastName' | 'verificationToken' | 'verificationTokenExpiresAt' | 'createdAt' | 'updatedAt'
>;

/** The new row, or undefined when the e-mail is taken (the unique index decides, so a race cannot make two). */
export async function insertUserUnlessEmailTaken(db: DbOrTx, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

/** Verifies the address whose live verification token has this hash; true when one did. */
export async function verifyEmailByTokenHash(db: DbOrTx, tokenHash: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ emailVerified: true, verificationToken: null, verificationTokenExpiresAt: null, updatedAt: now })
    .where(and(eq(users.verificationToken, tokenHash), gt(users.verificationTokenExpiresAt, now)))
    .returning({ id: users.id });
  return updated.length === 1;
}

export async function setVerificationToken(db: DbOrTx, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.update(users).set({ verificationToken: tokenHash, verificationTokenExpiresAt: expiresAt }).where(eq(users.id, userId));
}

/** Stores a new password hash; `verifyEmail` also marks the address verified (a followed reset link proves it). */
export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string, now: Date, options: { verifyEmail?: boolean } = {}): Promise<void> {
  await db
    .update(users)
    .set({ password: passwordHash, updatedAt: now, ...(options.verifyEmail ? { emailVerified: true } : {}) })
    .where(eq(users.id, userId));
}

/** Sets the role only while none is set: undefined when a role was already chosen (RULES.md 7: once). */
export async function setRoleOnce(db: DbOrTx, userId: string, role: SelfChosenRole, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.role)))
    .returning();
  return row;
}

/** Names, photo or the onboarding flag of one user. */
export async function updateUser(
  db: DbOrTx,
  userId: string,
  changes: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'profileImageUrl' | 'profileCompleted'>>,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId));
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

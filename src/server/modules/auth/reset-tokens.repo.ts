import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import type { UserRow } from '../users/users.repo';

/**
 * Stores a reset token for `userId` if that is a live (not anonymised) account, in one statement that runs the same
 * way whether or not it is: the forgot-password request does the same work for a known and an unknown address.
 * True when a row was stored.
 */
export async function insertResetTokenForLiveUser(db: DbOrTx, userId: string, tokenHash: string, expiresAt: Date): Promise<boolean> {
  const result = (await db.execute(sql`
    INSERT INTO password_reset_tokens (user_id, token_hash, expires_at)
    SELECT u.id, ${tokenHash}, ${expiresAt.toISOString()}::timestamptz
    FROM users u
    WHERE u.id = ${userId}::uuid AND u.anonymized_at IS NULL
    RETURNING id`)) as unknown as { rows: unknown[] };
  return result.rows.length === 1;
}

/** Uses up a live token (single use: a replay or a race finds it used); the owner's id, or undefined. */
export async function claimResetToken(db: DbOrTx, tokenHash: string, now: Date): Promise<string | undefined> {
  const [claimed] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  return claimed?.userId;
}

/** Ends every outstanding reset link of a user (after a password change or a completed reset). */
export async function revokeResetTokens(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** The user a reset token (live or not) belongs to. */
export async function findResetTokenOwner(db: DbOrTx, tokenHash: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  return row?.user;
}

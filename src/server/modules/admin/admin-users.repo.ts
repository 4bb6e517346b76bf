import { and, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { UserRole, UserStatus } from '../../../common/enums';
import { isUuid } from '../../../common/ids';
import type { DbOrTx, Tx } from '../../db/client';
import { lawyerProfiles, mediatorProfiles, passwordResetTokens, subscriptions, uploads, users } from '../../db/schema';

/** `%`, `_` and `\` match themselves in a LIKE pattern (backslash is PostgreSQL's default escape). */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function selectAdminUsers(db: DbOrTx) {
  return db
    .select({
      user: users,
      lawyer: {
        firmName: lawyerProfiles.firmName,
        jurisdiction: lawyerProfiles.jurisdiction,
        rating: lawyerProfiles.rating,
        reviewCount: lawyerProfiles.reviewCount,
      },
      mediator: {
        subscriptionTier: mediatorProfiles.subscriptionTier,
        jurisdiction: mediatorProfiles.jurisdiction,
        rating: mediatorProfiles.rating,
        reviewCount: mediatorProfiles.reviewCount,
      },
    })
    .from(users)
    .leftJoin(lawyerProfiles, eq(lawyerProfiles.userId, users.id))
    .leftJoin(mediatorProfiles, eq(mediatorProfiles.userId, users.id));
}
export type AdminUserRow = Awaited<ReturnType<ReturnType<typeof selectAdminUsers>['limit']>>[number];

export interface AdminUsersFilter {
  search?: string;
  role?: UserRole;
  status?: UserStatus;
}

/**
 * Accounts for the admins' Users tab, newest first, a page at a time (cursor as in pagination.ts, compared at
 * millisecond precision). Deleted (anonymised) accounts are left out: they are nobody any more.
 */
export async function listAdminUsers(db: DbOrTx, filter: AdminUsersFilter, limit: number, after: { createdAt: Date; id: string } | null) {
  const createdMs = sql`date_trunc('milliseconds', ${users.createdAt})`;
  const conditions: (SQL | undefined)[] = [isNull(users.anonymizedAt)];
  if (filter.search) {
    // Both tests are read through the trigram indexes of migration 0005; the name is written as the indexed expression.
    const pattern = likeContains(filter.search);
    conditions.push(or(sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${pattern}`, sql`${users.email} ILIKE ${pattern}`));
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.status) conditions.push(eq(users.status, filter.status));
  if (after) conditions.push(sql`(${createdMs}, ${users.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`);
  return selectAdminUsers(db)
    .where(and(...conditions))
    .orderBy(desc(createdMs), desc(users.id))
    .limit(limit + 1);
}

/** One account as the list shows it; undefined for an unknown id or a deleted (anonymised) account. */
export async function findAdminUser(db: DbOrTx, id: string): Promise<AdminUserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await selectAdminUsers(db)
    .where(and(eq(users.id, id), isNull(users.anonymizedAt)))
    .limit(1);
  return row;
}

/** The live (not anonymised) account, locked for the rest of the transaction. */
export async function lockLiveUser(tx: DbOrTx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.anonymizedAt)))
    .for('update');
  return row;
}

/**
 * Every admin who can act (approved or pending, not deleted), locked in id order: a transaction that could leave no
 * admin takes these first, so two admins suspending or deleting each other at once are serialised, and the second
 * sees the first's change.
 */
export async function lockActiveAdminIds(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.status, 'suspended'), isNull(users.anonymizedAt)))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}

export async function setUserStatus(tx: DbOrTx, id: string, status: UserStatus, now: Date): Promise<void> {
  await tx.update(users).set({ status, updatedAt: now }).where(eq(users.id, id));
}

/**
 * Whether the user has money or case history (docs/decisions/020): requests, acceptances, payments, subscription
 * charges, messages, reviews, disputes, or admin actions in the audit log. Such a user is anonymised, never removed.
 */
export async function hasHistory(db: DbOrTx, userId: string): Promise<boolean> {
  const result = (await db.execute(sql`
    SELECT EXISTS (SELECT 1 FROM mediation_requests WHERE lawyer_id = ${userId} OR selected_mediator_id = ${userId})
      OR EXISTS (SELECT 1 FROM mediator_acceptances WHERE mediator_id = ${userId})
      OR EXISTS (SELECT 1 FROM payments WHERE lawyer_id = ${userId} OR mediator_id = ${userId} OR pending_selection_mediator_id = ${userId})
      OR EXISTS (SELECT 1 FROM subscription_charges WHERE mediator_id = ${userId})
      OR EXISTS (SELECT 1 FROM messages WHERE sender_id = ${userId} OR recipient_id = ${userId})
      OR EXISTS (SELECT 1 FROM reviews WHERE reviewer_id = ${userId} OR reviewee_id = ${userId})
      OR EXISTS (SELECT 1 FROM disputes WHERE raised_by_id = ${userId} OR resolved_by_id = ${userId})
      OR EXISTS (SELECT 1 FROM audit_log WHERE actor_id = ${userId}) AS "history"`)) as unknown as { rows: { history: boolean }[] };
  return result.rows[0]?.history === true;
}

/**
 * The mediations still under way (live, awaiting selection, matched, in progress) that the user is a party to — as
 * the requesting counsel, opposing counsel who joined, or the selected mediator — or on which they have a pending
 * acceptance a lawyer could still select: deleting them would strand the other side. Oldest first, at most `limit`.
 * The one rule of both deletions, the admins' and the user's own (docs/decisions/020 and 061).
 */
export async function findOpenCases(db: DbOrTx, userId: string, limit = 10): Promise<{ id: string; caseName: string }[]> {
  const open = sql`('pending_mediators', 'awaiting_selection', 'matched', 'in_progress')`;
  const result = (await db.execute(sql`
    SELECT r.id, r.case_name AS "caseName" FROM mediation_requests r
    WHERE r.status IN ${open}
      AND (r.lawyer_id = ${userId} OR r.selected_mediator_id = ${userId} OR r.opposing_lawyer_id = ${userId}
        OR EXISTS (SELECT 1 FROM mediator_acceptances a WHERE a.request_id = r.id AND a.mediator_id = ${userId} AND a.status = 'pending'))
    ORDER BY r.created_at, r.id
    LIMIT ${limit}`)) as unknown as { rows: { id: string; caseName: string }[] };
  return result.rows;
}

/** Placeholder name and a unique address under the reserved `.invalid` domain, which no mail server delivers to. */
export const anonymousEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * Anonymises an account with history: the row stays (requests, payments and the ledger keep pointing at it), the
 * person is gone — name, address, password, tokens, photo and the profiles' personal fields. Returns the ids of the
 * profile photos whose stored objects the caller removes after commit.
 */
export async function anonymizeUser(tx: DbOrTx, userId: string, now: Date): Promise<string[]> {
  await tx
    .update(users)
    .set({
      firstName: 'Deleted',
      lastName: 'user',
      email: anonymousEmail(userId),
      // Not an argon2 hash: no password verifies against it (and sign-in refuses anonymised accounts first).
      password: '!deleted',
      profileImageUrl: null,
      verificationToken: null,
      verificationTokenExpiresAt: null,
      anonymizedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await tx
    .update(lawyerProfiles)
    .set({ firmName: null, barNumber: null, practiceArea: null, phoneNumber: null, bio: null })
    .where(eq(lawyerProfiles.userId, userId));
  await tx
    .update(mediatorProfiles)
    .set({ certifications: [], mediationTraining: [], languagesSpoken: [], bio: null, phoneNumber: null, websiteUrl: null, photoUrl: null })
    .where(eq(mediatorProfiles.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  // A paid plan ends with its period instead of renewing on a departed person's card.
  await tx.update(subscriptions).set({ cancelAtPeriodEnd: true, updatedAt: now }).where(eq(subscriptions.mediatorId, userId));
  const photos = await tx
    .delete(uploads)
    .where(and(eq(uploads.ownerId, userId), eq(uploads.purpose, 'photo')))
    .returning({ id: uploads.id });
  return photos.map((p) => p.id);
}

/** Whether PostgreSQL refused a change because another row still references this one (23503), wrapped or not. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * Removes an account without history and its own rows (profiles, notifications, uploads, preferences, tokens go with
 * it by their foreign keys). Returns the upload ids whose stored objects the caller removes after commit, or null
 * when some row the history check does not know of still references the account: the savepoint is rolled back and
 * the caller anonymises instead (never a 5xx, never a dangling reference).
 */
export async function removeUser(tx: Tx, userId: string): Promise<string[] | null> {
  try {
    return await tx.transaction(async (savepoint) => {
      const removed = await savepoint.delete(uploads).where(eq(uploads.ownerId, userId)).returning({ id: uploads.id });
      await savepoint.delete(users).where(eq(users.id, userId));
      return removed.map((u) => u.id);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return null;
    throw error;
  }
}

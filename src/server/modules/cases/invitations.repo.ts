import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { caseInvitations, lawyerProfiles, mediationRequests, users } from '../../db/schema';

export type InvitationRow = typeof caseInvitations.$inferSelect;

export async function insertInvitation(tx: DbOrTx, values: typeof caseInvitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await tx.insert(caseInvitations).values(values).returning();
  return row;
}

/** The request's latest invitation (the live one, if any: a new one is made only once the last is closed). */
export async function latestInvitation(db: DbOrTx, requestId: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(caseInvitations).where(eq(caseInvitations.requestId, requestId)).orderBy(desc(caseInvitations.seq)).limit(1);
  return row;
}

export async function findInvitationByTokenHash(db: DbOrTx, tokenHash: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(caseInvitations).where(eq(caseInvitations.tokenHash, tokenHash)).limit(1);
  return row;
}

/** A new token and time on a live invitation (re-send); false when it is no longer live. */
export async function renewInvitation(tx: DbOrTx, id: string, tokenHash: string, now: Date, expiresAt: Date): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(caseInvitations)
    .set({ tokenHash, sentAt: now, expiresAt, sendCount: sql`${caseInvitations.sendCount} + 1` })
    .where(and(eq(caseInvitations.id, id), inArray(caseInvitations.status, ['sent', 'opened'])))
    .returning();
  return row;
}

/** sent → opened, once: the first time the link's page is shown. */
export async function markOpened(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(caseInvitations)
    .set({ status: 'opened', openedAt: now })
    .where(and(eq(caseInvitations.id, id), eq(caseInvitations.status, 'sent')));
}

/**
 * A live invitation's end (joined, declined, revoked), as a conditional update: of two answers at once only one
 * finds it live. The time limit is part of the condition, so an expired link cannot be used in the last instant.
 */
export async function closeInvitation(
  tx: DbOrTx,
  id: string,
  now: Date,
  values: { status: 'joined' | 'declined' | 'revoked'; joinedUserId?: string; declineReason?: string | null },
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(caseInvitations)
    .set({ ...values, respondedAt: now })
    .where(
      and(
        eq(caseInvitations.id, id),
        inArray(caseInvitations.status, ['sent', 'opened']),
        values.status === 'revoked' ? undefined : sql`${caseInvitations.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row;
}

/** Takes the second seat if it is free (a conditional update: two joins at once, one seat). */
export async function takeSecondSeat(tx: DbOrTx, requestId: string, userId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(mediationRequests)
    .set({ opposingLawyerId: userId, updatedAt: now })
    .where(and(eq(mediationRequests.id, requestId), isNull(mediationRequests.opposingLawyerId), sql`${mediationRequests.lawyerId} <> ${userId}::uuid`))
    .returning({ id: mediationRequests.id });
  return rows.length === 1;
}

/** The counsel of a case (the two lawyers' names, firms and e-mails). */
export async function counselOf(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, firmName: lawyerProfiles.firmName })
    .from(users)
    .leftJoin(lawyerProfiles, eq(lawyerProfiles.userId, users.id))
    .where(inArray(users.id, ids));
}

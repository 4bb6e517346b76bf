import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mediatorAcceptances, mediatorProfiles, users } from '../../db/schema';

/** Who a reassignment names: the user, and whether they have a mediator profile. */
export async function findReassignCandidate(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      status: users.status,
      profileCompleted: users.profileCompleted,
      anonymizedAt: users.anonymizedAt,
      profileId: mediatorProfiles.id,
    })
    .from(users)
    .leftJoin(mediatorProfiles, eq(mediatorProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * The acceptances follow the selection (docs/decisions/021): the new mediator's acceptance becomes `selected` (one is
 * created for them, dated now, when they never accepted: an admin's assignment, so no conflict confirmation is
 * recorded), and every other selected acceptance of the request becomes `rejected`, so exactly one acceptance is
 * selected and it is the selected mediator's. Runs under the request's lock, like every change to its acceptances.
 */
export async function moveSelectedAcceptance(tx: DbOrTx, requestId: string, mediatorId: string, at: Date): Promise<void> {
  await tx
    .update(mediatorAcceptances)
    .set({ status: 'rejected' })
    .where(and(eq(mediatorAcceptances.requestId, requestId), eq(mediatorAcceptances.status, 'selected'), ne(mediatorAcceptances.mediatorId, mediatorId)));
  await tx
    .insert(mediatorAcceptances)
    .values({ requestId, mediatorId, status: 'selected', noConflictConfirmed: false, acceptedAt: at })
    .onConflictDoUpdate({ target: [mediatorAcceptances.requestId, mediatorAcceptances.mediatorId], set: { status: 'selected' } });
}

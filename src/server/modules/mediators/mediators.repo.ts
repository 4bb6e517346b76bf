import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mediationRequests, mediatorAcceptances, mediatorProfiles, users } from '../../db/schema';

export async function findMediatorWithProfile(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ user: users, profile: mediatorProfiles })
    .from(users)
    .innerJoin(mediatorProfiles, eq(mediatorProfiles.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'mediator')))
    .limit(1);
  return row;
}

export async function listAcceptancesWithRequests(db: DbOrTx, mediatorId: string) {
  return db
    .select({ acceptance: mediatorAcceptances, request: mediationRequests })
    .from(mediatorAcceptances)
    .innerJoin(mediationRequests, eq(mediationRequests.id, mediatorAcceptances.requestId))
    .where(eq(mediatorAcceptances.mediatorId, mediatorId))
    .orderBy(desc(mediatorAcceptances.acceptedAt))
    .limit(200);
}

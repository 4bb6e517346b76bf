import { eq } from 'drizzle-orm';
import type { LawyerProfile, MediatorProfile } from '../../../common/schemas/profile';
import type { DbOrTx } from '../../db/client';
import { lawyerProfiles, mediatorProfiles, subscriptions } from '../../db/schema';

/** Onboarding again updates the profile (RULES.md 7). */
export async function upsertLawyerProfile(db: DbOrTx, userId: string, input: LawyerProfile): Promise<void> {
  await db
    .insert(lawyerProfiles)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: lawyerProfiles.userId, set: input });
}

/** The mediator's profile (the photo is copied from the user on first onboarding) and their Free subscription row. */
export async function upsertMediatorProfile(db: DbOrTx, userId: string, input: MediatorProfile, photoUrl: string | null, now: Date): Promise<void> {
  await db
    .insert(mediatorProfiles)
    .values({ userId, ...input, photoUrl, subscriptionStartDate: now })
    .onConflictDoUpdate({ target: mediatorProfiles.userId, set: input });
  // Every mediator starts on the Free tier (spec 3: subscriptions.tier defaults to free).
  await db.insert(subscriptions).values({ mediatorId: userId, tier: 'free', currentPeriodStart: now }).onConflictDoNothing();
}

export async function updateLawyerProfile(db: DbOrTx, userId: string, changes: Partial<LawyerProfile>): Promise<void> {
  await db.update(lawyerProfiles).set(changes).where(eq(lawyerProfiles.userId, userId));
}

export async function updateMediatorProfile(db: DbOrTx, userId: string, changes: Partial<MediatorProfile> & { photoUrl?: string | null }): Promise<void> {
  await db.update(mediatorProfiles).set(changes).where(eq(mediatorProfiles.userId, userId));
}

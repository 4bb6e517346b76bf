import { eq } from 'drizzle-orm';
import type { LawyerProfile, MediatorProfile } from '../../../common/schemas/profile';
import type { ProfileUpdate } from '../../../common/schemas/profile';
import { ProfileUpdateSchema } from '../../../common/schemas/profile';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { lawyerProfiles, mediatorProfiles, subscriptions, users } from '../../db/schema';
import { badRequest, forbidden } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { downloadUrlFor } from '../files/file-rules';
import { verifyAttachment } from '../files/files.service';
import { findProfiles } from '../users/users.repo';

/** Onboarding (spec 2); doing it again updates the profile (RULES.md 7). */
export async function saveLawyerProfile(ctx: AppContext, user: SessionUser, input: LawyerProfile): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(lawyerProfiles)
      .values({ userId: user.id, ...input })
      .onConflictDoUpdate({ target: lawyerProfiles.userId, set: input });
    await tx.update(users).set({ profileCompleted: true, updatedAt: ctx.clock.now() }).where(eq(users.id, user.id));
  });
}

export async function saveMediatorProfile(ctx: AppContext, user: SessionUser, input: MediatorProfile): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(mediatorProfiles)
      .values({ userId: user.id, ...input, photoUrl: user.profileImageUrl, subscriptionStartDate: now })
      .onConflictDoUpdate({ target: mediatorProfiles.userId, set: input });
    // Every mediator starts on the Free tier (spec 3: subscriptions.tier defaults to free).
    await tx.insert(subscriptions).values({ mediatorId: user.id, tier: 'free', currentPeriodStart: now }).onConflictDoNothing();
    await tx.update(users).set({ profileCompleted: true, updatedAt: now }).where(eq(users.id, user.id));
  });
}

type ParsedUpdate = z.output<typeof ProfileUpdateSchema>;

/** PATCH /api/profile: any subset of the onboarding fields, the names and the photo (RULES.md 7). */
export async function updateProfile(ctx: AppContext, user: SessionUser, input: ParsedUpdate): Promise<void> {
  const profiles = await findProfiles(ctx.db, user.id);
  if (input.lawyerProfile && Object.keys(input.lawyerProfile).length && !profiles.lawyerProfile) {
    throw forbidden(user.role === 'lawyer' ? 'Complete your lawyer profile first' : 'Only lawyers have a lawyer profile');
  }
  if (input.mediatorProfile && Object.keys(input.mediatorProfile).length && !profiles.mediatorProfile) {
    throw forbidden(user.role === 'mediator' ? 'Complete your mediator profile first' : 'Only mediators have a mediator profile');
  }
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    let photo: string | null | undefined;
    if (input.profileImageUrl === null || input.profileImageUrl === '') photo = null;
    else if (input.profileImageUrl !== undefined && input.profileImageUrl !== user.profileImageUrl) {
      const upload = await verifyAttachment(ctx, tx, user.id, input.profileImageUrl, ['photo'], 'profileImageUrl');
      photo = downloadUrlFor(upload.id);
    }
    const userChanges = {
      ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
      ...(photo !== undefined ? { profileImageUrl: photo } : {}),
    };
    if (Object.keys(userChanges).length) {
      await tx.update(users).set({ ...userChanges, updatedAt: now }).where(eq(users.id, user.id));
    }
    if (input.lawyerProfile && Object.keys(input.lawyerProfile).length) {
      await tx.update(lawyerProfiles).set(input.lawyerProfile).where(eq(lawyerProfiles.userId, user.id));
    }
    const mediatorChanges = { ...(input.mediatorProfile ?? {}), ...(photo !== undefined ? { photoUrl: photo } : {}) };
    if (profiles.mediatorProfile && Object.keys(mediatorChanges).length) {
      await tx.update(mediatorProfiles).set(mediatorChanges).where(eq(mediatorProfiles.userId, user.id));
    }
  });
}

export function assertNotEmpty(update: ProfileUpdate): void {
  if (!update || Object.keys(update).length === 0) throw badRequest('Nothing to update');
}

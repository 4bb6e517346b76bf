import { monthStartUtc } from '../../../common/domain/tiers';
import type { LawyerProfile, MediatorProfile } from '../../../common/schemas/profile';
import type { ProfileUpdate } from '../../../common/schemas/profile';
import { ProfileUpdateSchema } from '../../../common/schemas/profile';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, forbidden } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { downloadUrlFor } from '../files/file-rules';
import { checkAttachment } from '../files/files.service';
import { findProfiles, updateUser } from '../users/users.repo';
import { updateLawyerProfile, updateMediatorProfile, upsertLawyerProfile, upsertMediatorProfile } from './profile.repo';

/** Onboarding (spec 2); doing it again updates the profile (RULES.md 7). */
export async function saveLawyerProfile(ctx: AppContext, user: SessionUser, input: LawyerProfile): Promise<void> {
  const now = ctx.clock.now();
  await transaction(ctx, async (tx) => {
    // The user row before the profile: the order a request or an acceptance takes them in (lock-order.ts, decision 061).
    await updateUser(tx, user.id, { profileCompleted: true }, now);
    await upsertLawyerProfile(tx, user.id, input);
  });
}

export async function saveMediatorProfile(ctx: AppContext, user: SessionUser, input: MediatorProfile): Promise<void> {
  const now = ctx.clock.now();
  await transaction(ctx, async (tx) => {
    // The user row before the profile: the order a request or an acceptance takes them in (lock-order.ts, decision 061).
    await updateUser(tx, user.id, { profileCompleted: true }, now);
    await upsertMediatorProfile(tx, user.id, input, user.profileImageUrl, now);
  });
}

type ParsedUpdate = z.output<typeof ProfileUpdateSchema>;

/** PATCH /api/profile: any subset of the onboarding fields, the names and the photo (RULES.md 7). */
export async function updateProfile(ctx: AppContext, user: SessionUser, input: ParsedUpdate): Promise<void> {
  const profiles = await findProfiles(ctx.db, user.id, monthStartUtc(ctx.clock.now()));
  if (input.lawyerProfile && Object.keys(input.lawyerProfile).length && !profiles.lawyerProfile) {
    throw forbidden(user.role === 'lawyer' ? 'Complete your lawyer profile first' : 'Only lawyers have a lawyer profile');
  }
  if (input.mediatorProfile && Object.keys(input.mediatorProfile).length && !profiles.mediatorProfile) {
    throw forbidden(user.role === 'mediator' ? 'Complete your mediator profile first' : 'Only mediators have a mediator profile');
  }
  // The photo is checked before the transaction: the check reads the stored object, and no storage call may run while
  // a transaction is open (DESIGN 4). A bad object path is a 400 on profileImageUrl.
  let photo: string | null | undefined;
  if (input.profileImageUrl === null || input.profileImageUrl === '') photo = null;
  else if (input.profileImageUrl !== undefined && input.profileImageUrl !== user.profileImageUrl) {
    const upload = await checkAttachment(ctx, user.id, input.profileImageUrl, ['photo'], 'profileImageUrl');
    photo = downloadUrlFor(upload.id);
  }
  const now = ctx.clock.now();
  await transaction(ctx, async (tx) => {
    const userChanges = {
      ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
      ...(photo !== undefined ? { profileImageUrl: photo } : {}),
    };
    if (Object.keys(userChanges).length) await updateUser(tx, user.id, userChanges, now);
    if (input.lawyerProfile && Object.keys(input.lawyerProfile).length) {
      await updateLawyerProfile(tx, user.id, input.lawyerProfile);
    }
    const mediatorChanges = { ...(input.mediatorProfile ?? {}), ...(photo !== undefined ? { photoUrl: photo } : {}) };
    if (profiles.mediatorProfile && Object.keys(mediatorChanges).length) {
      await updateMediatorProfile(tx, user.id, mediatorChanges);
    }
  });
}

export function assertNotEmpty(update: ProfileUpdate): void {
  if (!update || Object.keys(update).length === 0) throw badRequest('Nothing to update');
}

import type { UserStatus } from '../../../common/enums';
import { ADMIN_USER_TEXTS, type AdminUserDeleted } from '../../../common/schemas/admin-users';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { conflict, forbidden, notFound } from '../../errors';
import { endUserSessionsIn, type SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { appendAudit } from '../../audit/audit.repo';
import { deleteUserExports } from '../account-data/data-export.repo';
import {
  anonymizeUser,
  findAdminUser,
  findOpenCases,
  hasHistory,
  lockActiveAdminIds,
  lockLiveUser,
  removeUser,
  setUserStatus,
  type AdminUserRow,
} from './admin-users.repo';

/**
 * Takes an admin out of action (suspension or deletion) only if another admin remains who can act, and only while
 * the acting admin still is one: both read under the admins' row locks, so two admins removing each other at once
 * cannot leave the marketplace without one (the second finds itself gone: 403).
 */
async function keepAnAdmin(tx: Tx, actorId: string, targetId: string): Promise<void> {
  const admins = await lockActiveAdminIds(tx);
  if (!admins.includes(actorId)) throw forbidden('Only admins can do this');
  if (!admins.some((id) => id !== targetId)) throw conflict(ADMIN_USER_TEXTS.lastAdmin);
}

/**
 * Locks the target account (404 when unknown or deleted). When it is an admin's and `takesOut` (suspension,
 * deletion), the admins' rows are locked first, the target among them, so that two admins acting on each other take
 * their locks in one order and wait instead of deadlocking. A role never changes once set, so the unlocked peek is
 * safe to decide on.
 */
async function lockTarget(tx: Tx, actorId: string, userId: string, takesOut: boolean) {
  const peek = await findAdminUser(tx, userId);
  if (!peek) throw notFound(ADMIN_USER_TEXTS.notFound);
  if (takesOut && peek.user.role === 'admin' && peek.user.id !== actorId) await keepAnAdmin(tx, actorId, peek.user.id);
  const target = await lockLiveUser(tx, userId);
  if (!target) throw notFound(ADMIN_USER_TEXTS.notFound);
  return target;
}

/**
 * PATCH /api/admin/users/{userId}/status (spec 7, RULES.md 6). Suspension ends every session of the user in the same
 * transaction (their next call is 401, their sockets close on commit). An admin cannot suspend themselves (403).
 * Audited when the status changes.
 */
export async function changeUserStatus(ctx: AppContext, admin: SessionUser, userId: string, status: UserStatus): Promise<AdminUserRow> {
  const now = ctx.clock.now();
  await transaction(ctx, async (tx) => {
    const target = await lockTarget(tx, admin.id, userId, status === 'suspended');
    if (status === 'suspended' && target.id === admin.id) throw forbidden(ADMIN_USER_TEXTS.selfSuspend);
    if (target.status === status) return;
    await setUserStatus(tx, target.id, status, now);
    if (status === 'suspended') await endUserSessionsIn(tx, target.id);
    await appendAudit(tx, {
      actorId: admin.id,
      action: 'user.status',
      targetType: 'user',
      targetId: target.id,
      details: { from: target.status, to: status },
      at: now,
    });
  });
  const row = await findAdminUser(ctx.db, userId);
  if (!row) throw notFound(ADMIN_USER_TEXTS.notFound);
  return row;
}

/** How a deletion ended, and the stored objects (photos, or every upload) to remove once it has committed. */
export interface ErasedAccount {
  outcome: 'removed' | 'anonymized';
  objects: string[];
}

/**
 * The deletion itself, shared by the admins' and the user's own (docs/decisions/020 and 061). The caller holds the
 * account's row lock (lockLiveUser) and has checked `findOpenCases`: the account is then removed with its own rows
 * when it has no money or case history, anonymised otherwise, and every session of it ends in the same transaction.
 */
export async function eraseLockedAccount(tx: Tx, userId: string, now: Date): Promise<ErasedAccount> {
  await endUserSessionsIn(tx, userId);
  // Their "Download my data" archives hold everything about them: gone in both cases (decision 061).
  const archives = await deleteUserExports(tx, userId);
  const removed = (await hasHistory(tx, userId)) ? null : await removeUser(tx, userId);
  const objects = removed ?? (await anonymizeUser(tx, userId, now));
  return { outcome: removed ? 'removed' : 'anonymized', objects: [...objects, ...archives] };
}

/** After the deletion's commit (no storage call inside a transaction): its stored objects go; a failure is logged. */
export async function removeErasedObjects(ctx: AppContext, objects: string[]): Promise<void> {
  for (const id of objects) {
    await ctx.storage.remove(id).catch((error) => ctx.log.warn({ err: error, uploadId: id }, "removing a deleted user's file failed"));
  }
}

/**
 * DELETE /api/admin/users/{userId} (spec 7, RULES.md 6; docs/decisions/020). A user with money or case history is
 * anonymised (the rows stay, the ledger stays whole); one without is removed with their own rows. Never yourself
 * (403), never the last admin (409), never a party to a mediation still under way (409). Sessions end in the same
 * transaction; the stored photos (or, for a removal, every upload) are removed after commit.
 */
export async function deleteUser(ctx: AppContext, admin: SessionUser, userId: string): Promise<AdminUserDeleted> {
  const now = ctx.clock.now();
  const { outcome, objects } = await transaction(ctx, async (tx) => {
    const target = await lockTarget(tx, admin.id, userId, true);
    if (target.id === admin.id) throw forbidden(ADMIN_USER_TEXTS.selfDelete);
    if ((await findOpenCases(tx, target.id, 1)).length) throw conflict(ADMIN_USER_TEXTS.inProgress);
    const erased = await eraseLockedAccount(tx, target.id, now);
    // Nothing personal in the log: the id, the role and what happened (the name would outlive the deletion).
    await appendAudit(tx, {
      actorId: admin.id,
      action: 'user.delete',
      targetType: 'user',
      targetId: target.id,
      details: { outcome: erased.outcome, role: target.role },
      at: now,
    });
    return erased;
  });
  await removeErasedObjects(ctx, objects);
  return { id: userId, outcome };
}

import { ACCOUNT_DATA_TEXTS, type DeleteAccountResult } from '../../../common/schemas/account-data';
import type { AppContext } from '../../context';
import { conflict, fieldError, forbidden, unauthorized } from '../../errors';
import { hitRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { eraseLockedAccount, removeErasedObjects } from '../admin/admin-users.service';
import { findOpenCases, lockLiveUser } from '../admin/admin-users.repo';
import { verifyPassword } from '../auth/passwords';

/**
 * "Delete my account" (issue 28, decision 061): the admins' deletion, asked for by the account itself with its
 * password. Refused while the user takes part in an open case (409 naming them, the admins' rule), for an admin
 * (another admin removes them, so that the last one cannot leave) and while an admin acts as the user. The account's
 * row is locked first: a request or an acceptance of theirs racing this one holds it shared (db/lock-order
 * holdLiveAccount), so either it is in and blocks or anonymises, or it is refused.
 */
export async function deleteOwnAccount(ctx: AppContext, user: SessionUser, impersonatorId: string | null, password: string): Promise<DeleteAccountResult> {
  if (impersonatorId) throw forbidden(ACCOUNT_DATA_TEXTS.impersonating);
  if (user.role === 'admin') throw forbidden(ACCOUNT_DATA_TEXTS.adminAccount);
  // Password guesses from a stolen session are limited as sign-in's are (decision 056: a shared limit).
  await hitRateLimit(ctx, `delete-account:${user.id}`, RATE_LIMITS.loginPerEmail);
  // The same check as sign-in's (auth/passwords), on the hash as it is now.
  if (!(await verifyPassword(user.password, password))) throw fieldError('password', ACCOUNT_DATA_TEXTS.passwordWrong);
  const now = ctx.clock.now();
  const { outcome, objects } = await transaction(ctx, async (tx) => {
    const target = await lockLiveUser(tx, user.id);
    if (!target) throw unauthorized();
    const open = await findOpenCases(tx, target.id);
    if (open.length) throw conflict(ACCOUNT_DATA_TEXTS.openCases(open.map((c) => c.caseName)));
    return eraseLockedAccount(tx, target.id, now);
  });
  await removeErasedObjects(ctx, objects);
  // Not in the audit log, which records admin power (RULES.md 6): the service log keeps that it happened.
  ctx.log.info({ userId: user.id, outcome }, 'an account deleted itself');
  return { outcome };
}

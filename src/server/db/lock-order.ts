import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../common/ids';
import type { Tx } from './client';
import { lawyerProfiles, mediationRequests, mediatorProfiles, payments, users } from './schema';

/**
 * The one lock order of every transaction (DESIGN 4). This comment is where it is written; ARCHITECTURE and the
 * decision records refer to it (docs/decisions/041):
 *
 *   1. the request (`mediation_requests`, by id);
 *   2. its payment (`payments`, by request id);
 *   3. one of its payment steps (`payment_steps`, by id: payments' `lockStep`, only after 1 and 2 through this function);
 *   4. mediator profiles, by user id ascending;
 *   5. lawyer profiles, by user id ascending (one, or both counsel of a two-sided case at its reviews' reveal).
 *
 * Before all of these, a write that gives its caller a new case (creating a request, accepting one) holds the caller's
 * own `users` row, shared (`account` below, or `holdLiveAccount`); the account's deletion locks that row for
 * update and then takes only profiles (4, 5), so the two are serialised without a cycle (docs/decisions/061).
 *
 * A transaction takes what it needs of 1, 2, 4 and 5 through `lockInOrder` (one mediator's profile also through
 * `lockMediatorProfileWith`, after it) and nothing else locks those rows, so two
 * transactions never wait on each other in a cycle: a deadlock would need one of them to take a later row first.
 * Acceptances are never locked themselves: every change to a request's acceptances holds the request's lock. The
 * activity rollup's locks (a user's advisory lock and their `user_activity_days` rows, migration 0008,
 * docs/decisions/031) are taken by deferred triggers at commit, after all of these: a transaction holding one waits for
 * nothing else.
 */
export async function lockInOrder(
  tx: Tx,
  what: { account?: string; requestId: string; payment?: boolean; profiles?: string[]; lawyerProfile?: string; lawyerProfiles?: string[] },
) {
  // The account's share lock rides on the request's statement: its check names no column of the request, so PostgreSQL
  // runs it once, before reading the request's row (a one-time filter), and the account is held before the request is
  // locked, as if it were a statement of its own. A deleted account returns no request; only then does a second
  // statement tell a missing request from a deleted account.
  const account = what.account;
  const live =
    account === undefined
      ? undefined
      : isUuid(account)
        ? sql`EXISTS (SELECT 1 FROM ${users} u WHERE u.id = ${account}::uuid AND u.anonymized_at IS NULL FOR SHARE OF u)`
        : sql`false`;
  const request = isUuid(what.requestId)
    ? (
        await tx
          .select()
          .from(mediationRequests)
          .where(and(eq(mediationRequests.id, what.requestId), live))
          .for('update')
      )[0]
    : undefined;
  const accountLive = account === undefined || request !== undefined || (await holdLiveAccount(tx, account));
  if (!accountLive) return { accountLive, request: undefined, payment: undefined, profiles: [], lawyerProfile: undefined, lawyerProfiles: [] };
  const payment = request && what.payment ? (await tx.select().from(payments).where(eq(payments.requestId, request.id)).for('update'))[0] : undefined;
  const ids = [...new Set(what.profiles ?? [])].sort();
  const profiles = ids.length
    ? await tx.select().from(mediatorProfiles).where(inArray(mediatorProfiles.userId, ids)).orderBy(asc(mediatorProfiles.userId)).for('update')
    : [];
  const lawyerProfile = what.lawyerProfile
    ? (await tx.select().from(lawyerProfiles).where(eq(lawyerProfiles.userId, what.lawyerProfile)).for('update'))[0]
    : undefined;
  const lawyerIds = [...new Set(what.lawyerProfiles ?? [])].sort();
  const lawyers = lawyerIds.length
    ? await tx.select().from(lawyerProfiles).where(inArray(lawyerProfiles.userId, lawyerIds)).orderBy(asc(lawyerProfiles.userId)).for('update')
    : [];
  return { accountLive, request, payment, profiles, lawyerProfile, lawyerProfiles: lawyers };
}

/**
 * Step 4 for one mediator, after `lockInOrder` took the request (1): their profile, locked for update, with `reads`
 * (scalar SQL) answered by the same statement, one round trip for both. The statement's snapshot is taken before it
 * waits for the profile, so `reads` may only look at rows the request's lock, already held, keeps still; what the
 * profile's lock guards must be read after this returns (accepting's monthly count).
 */
export async function lockMediatorProfileWith<T extends Record<string, SQL>>(tx: Tx, userId: string, reads: T) {
  if (!isUuid(userId)) return undefined;
  const [row] = await tx
    .select({ profile: mediatorProfiles, ...reads })
    .from(mediatorProfiles)
    .where(eq(mediatorProfiles.userId, userId))
    .for('update', { of: mediatorProfiles });
  return row;
}

/**
 * Holds the acting user's own row, shared, for the rest of the transaction; false when the account was deleted (or is
 * being deleted and that commits first). Taken first by a write that gives the user a new case: creating a request
 * calls it itself; accepting one has it ride on the request's statement (`lockInOrder`'s `account`) and calls it only
 * when that statement found no request. The account's deletion locks the row for update before it looks for open
 * cases, so the two are serialised: the deletion sees the new case, or the write sees the account gone
 * (docs/decisions/061).
 */
export async function holdLiveAccount(tx: Tx, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.anonymizedAt)))
    .for('share');
  return rows.length > 0;
}

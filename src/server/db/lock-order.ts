import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
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
 * own `users` row, shared (`holdLiveAccount`, or in accepting's first statement); the account's deletion locks that row for
 * update and then takes only profiles (4, 5), so the two are serialised without a cycle (docs/decisions/061).
 *
 * A transaction takes what it needs of 1, 2, 4 and 5 through `lockInOrder` (accepting takes 1 and 4 through
 * `lockRequestForAccepting`, in that order) and nothing else locks those rows, so two
 * transactions never wait on each other in a cycle: a deadlock would need one of them to take a later row first.
 * Acceptances are never locked themselves: every change to a request's acceptances holds the request's lock. The
 * activity rollup's locks (a user's advisory lock and their `user_activity_days` rows, migration 0008,
 * docs/decisions/031) are taken by deferred triggers at commit, after all of these: a transaction holding one waits for
 * nothing else.
 */
export async function lockInOrder(
  tx: Tx,
  what: { requestId: string; payment?: boolean; profiles?: string[]; lawyerProfile?: string; lawyerProfiles?: string[] },
) {
  const request = isUuid(what.requestId)
    ? (await tx.select().from(mediationRequests).where(eq(mediationRequests.id, what.requestId)).for('update'))[0]
    : undefined;
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
  return { request, payment, profiles, lawyerProfile, lawyerProfiles: lawyers };
}

/** What accepting reads of the mediator with their profile's lock (migration 0024's `accepting_mediator`). */
export interface AcceptingMediator {
  subscriptionTier: (typeof mediatorProfiles.$inferSelect)['subscriptionTier'];
  jurisdiction: string;
  specializations: string[];
  /** Whether they already accepted the request (any status). */
  mine: boolean;
  /** Whether the case lists parties (what makes the conflict check run without a second side). */
  listsParties: boolean;
}

/**
 * Accepting's locks, steps 1 and 4 in one statement (docs/decisions/066): the account shared (as `lockInOrder`'s
 * `account`), the request for update, then, once that lock is held, the mediator's profile for update with what
 * accepting reads under the two (`accepting_mediator`, migration 0024). The request is locked in a CTE that the
 * function's call reads, so the profile is always taken second; the function's own snapshot, taken then, sees what
 * committed while this statement waited for the request. One round trip where `lockInOrder` and
 * a profile statement of its own took two, both under the request's lock, which a busy request's other accepts queue on.
 */
export async function lockRequestForAccepting(tx: Tx, account: string, requestId: string) {
  if (!isUuid(requestId) || !isUuid(account)) return { accountLive: await holdLiveAccount(tx, account), request: undefined, mediator: undefined };
  const locked = tx.$with('locked').as(
    tx
      .select()
      .from(mediationRequests)
      .where(
        and(
          eq(mediationRequests.id, requestId),
          // The account's share lock rides on the request's statement: its check names no column of the request, so
          // PostgreSQL runs it once, before reading the request's row (a one-time filter), and the account is held
          // before the request is locked, as if it were a statement of its own. A deleted account returns no request;
          // only then does a second statement tell a missing request from a deleted account.
          sql`EXISTS (SELECT 1 FROM ${users} u WHERE u.id = ${account}::uuid AND u.anonymized_at IS NULL FOR SHARE OF u)`,
        ),
      )
      .for('update'),
  );
  const [row] = await tx
    .with(locked)
    .select({ request: locked._.selectedFields, mediator: sql<AcceptingMediator | null>`accepting_mediator(${locked.id}, ${account}::uuid)` })
    .from(locked)
    // Named: its text never changes (the ids are parameters), so each connection parses and plans it once.
    .prepare('lock_request_for_accepting')
    .execute();
  if (!row) return { accountLive: await holdLiveAccount(tx, account), request: undefined, mediator: undefined };
  return { accountLive: true, request: row.request, mediator: row.mediator ?? undefined };
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

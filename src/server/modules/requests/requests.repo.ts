import { and, asc, desc, eq, inArray, lt, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { withCompiledRows } from '../../db/compiled-rows';
import { preparedOnce } from '../../db/prepared-once';
import { alias } from 'drizzle-orm/pg-core';
import { lawyerProfiles, mediationRequests, mediatorAcceptances, mediatorProfiles, payments, users } from '../../db/schema';
import { ledgerSumsOf, type LedgerSumsRow } from './ledger-sums.repo';
import { availableToMediator } from './visibility';

export type RequestRow = typeof mediationRequests.$inferSelect;
export type AcceptanceRow = typeof mediatorAcceptances.$inferSelect;

import { isUuid } from '../../../common/ids';

const preparedFind = preparedOnce(prepareFind);

function prepareFind(db: DbOrTx) {
  return withCompiledRows(
    db
      .select()
      .from(mediationRequests)
      .where(sql`${mediationRequests.id} = ${sql.placeholder('id')}::uuid`)
      .limit(1)
      .prepare('find_request'),
  );
}

/** The request by id: a prepared statement (built once per database or transaction, planned once per connection). */
export async function findRequest(db: DbOrTx, id: string): Promise<RequestRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await preparedFind(db).execute({ id });
  return row;
}

const detail = alias(mediationRequests, 'r');
const mine = alias(mediatorAcceptances, 'my_acceptance');
const cp = alias(users, 'cp');
const cpLawyer = alias(lawyerProfiles, 'cp_lawyer');
const cpMediator = alias(mediatorProfiles, 'cp_mediator');
const payment = alias(payments, 'p');
const firstCounsel = alias(users, 'first_counsel');
const firstCounselProfile = alias(lawyerProfiles, 'first_counsel_profile');

/** One request with everything its detail view shows beside the row (GET /api/requests/{id}). */
export interface RequestDetailRow {
  request: RequestRow;
  /** The viewer's own acceptance of it, whatever its state (mediators). */
  myAcceptance: AcceptanceRow | null;
  /** RULES.md 5 for the viewer: in their Available list now (false unless asked for, see findRequestDetail). */
  available: boolean;
  paymentStatus: (typeof payments.$inferSelect)['status'] | null;
  refundReason: string | null;
  /** The payment's ledger summed (null without a payment). */
  ledger: LedgerSumsRow | null;
  hasDispute: boolean;
  /**
   * Whether the case has anything of the two-sided case beyond its first counsel (a second side, an invitation, listed
   * parties): only then does its detail read its sides with further queries (issue 23).
   */
  hasCaseExtras: boolean;
  /** The posting lawyer's name, e-mail and firm: the first side of `sides`. */
  firstCounsel: { id: string; firstName: string; lastName: string; email: string; firmName: string | null };
  counterpart: {
    id: string | null;
    role: (typeof users.$inferSelect)['role'] | null;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    lawyerPhone: string | null;
    firmName: string | null;
    mediatorPhone: string | null;
  };
}

/**
 * A request's detail in one statement, one round trip: the row, the viewer's acceptance (the (request, mediator)
 * unique index), whether it is in the viewer's Available list (only when `availableAt` is given: mediators), the
 * payment's status and its ledger summed (payments' request unique index, ledger entries by payment), whether it has a dispute,
 * and the counterpart's contact (RULES.md 6: the lawyer sees the selected mediator, the selected mediator the lawyer).
 * Every part is a probe of an index by key, so its cost does not grow with the data. The caller decides visibility.
 */
export async function findRequestDetail(db: DbOrTx, id: string, viewerId: string, availableAt: Date | null): Promise<RequestDetailRow | undefined> {
  if (!isUuid(id)) return undefined;
  // Prepared once per database (built once by drizzle, planned once per connection, not at every request): one
  // statement without the Available check (everyone but mediators), one with it, the time a parameter.
  const [row] = availableAt
    ? await preparedDetail(db, true).execute({ id, viewerId, now: availableAt.toISOString() })
    : await preparedDetail(db, false).execute({ id, viewerId });
  if (!row) return undefined;
  return {
    ...row,
    available: row.available === true,
    hasDispute: row.hasDispute === true,
    hasCaseExtras: row.hasCaseExtras === true,
    counterpart: row.counterpart ?? {
      id: null,
      role: null,
      firstName: null,
      lastName: null,
      email: null,
      lawyerPhone: null,
      firmName: null,
      mediatorPhone: null,
    },
  } as RequestDetailRow;
}

function detailQuery(db: DbOrTx, viewerId: string | Placeholder, available: SQL) {
  const viewer = sql`${viewerId}::uuid`;
  const counterpartId = sql`CASE WHEN ${detail.lawyerId} = ${viewer} THEN ${detail.selectedMediatorId}
    WHEN ${detail.selectedMediatorId} = ${viewer} THEN ${detail.lawyerId}
    WHEN ${detail.opposingLawyerId} = ${viewer} THEN ${detail.selectedMediatorId} END`;
  return db
    .select({
      request: detail,
      myAcceptance: mine,
      available: sql<boolean>`${available}`,
      paymentStatus: payment.status,
      refundReason: payment.refundReason,
      ledger: sql<LedgerSumsRow | null>`CASE WHEN ${payment.id} IS NULL THEN NULL ELSE ${ledgerSumsOf(payment.id)} END`,
      hasDispute: sql<boolean>`EXISTS (SELECT 1 FROM disputes d WHERE d.request_id = ${detail.id})`,
      hasCaseExtras: sql<boolean>`(${detail.opposingLawyerId} IS NOT NULL
        OR EXISTS (SELECT 1 FROM case_invitations ci WHERE ci.request_id = ${detail.id})
        OR EXISTS (SELECT 1 FROM case_parties cpt WHERE cpt.request_id = ${detail.id}))`,
      firstCounsel: {
        id: firstCounsel.id,
        firstName: firstCounsel.firstName,
        lastName: firstCounsel.lastName,
        email: firstCounsel.email,
        firmName: firstCounselProfile.firmName,
      },
      counterpart: {
        id: cp.id,
        role: cp.role,
        firstName: cp.firstName,
        lastName: cp.lastName,
        email: cp.email,
        lawyerPhone: cpLawyer.phoneNumber,
        firmName: cpLawyer.firmName,
        mediatorPhone: cpMediator.phoneNumber,
      },
    })
    .from(detail)
    .leftJoin(mine, and(eq(mine.requestId, detail.id), sql`${mine.mediatorId} = ${viewer}`))
    .leftJoin(payment, eq(payment.requestId, detail.id))
    .leftJoin(cp, eq(cp.id, counterpartId))
    .leftJoin(cpLawyer, eq(cpLawyer.userId, cp.id))
    .leftJoin(cpMediator, eq(cpMediator.userId, cp.id))
    .innerJoin(firstCounsel, eq(firstCounsel.id, detail.lawyerId))
    .leftJoin(firstCounselProfile, eq(firstCounselProfile.userId, detail.lawyerId))
    .where(sql`${detail.id} = ${sql.placeholder('id')}::uuid`)
    .limit(1);
}

/** The detail statement, with (`mediator`) or without the viewer's Available check, prepared once per database. */
const preparedDetails = preparedOnce((db, viewer: 'mediator' | 'plain') => {
  const viewerId = sql.placeholder('viewerId');
  return viewer === 'mediator'
    ? withCompiledRows(detailQuery(db, viewerId, availableToMediator(viewerId, sql.placeholder('now'))).prepare('request_detail_mediator'))
    : withCompiledRows(detailQuery(db, viewerId, sql`false`).prepare('request_detail'));
});
const preparedDetail = (db: DbOrTx, mediator: boolean) => preparedDetails(db, mediator ? 'mediator' : 'plain');

export async function insertRequest(tx: DbOrTx, values: typeof mediationRequests.$inferInsert): Promise<RequestRow> {
  const [row] = await tx.insert(mediationRequests).values(values).returning();
  return row;
}

export async function updateRequest(tx: DbOrTx, id: string, values: Partial<typeof mediationRequests.$inferInsert>): Promise<RequestRow> {
  const [row] = await tx.update(mediationRequests).set(values).where(eq(mediationRequests.id, id)).returning();
  return row;
}

export type Cursor = { createdAt: Date; id: string } | null;

const before = (cursor: Cursor): SQL | undefined =>
  cursor
    ? or(lt(mediationRequests.createdAt, cursor.createdAt), and(eq(mediationRequests.createdAt, cursor.createdAt), lt(mediationRequests.id, cursor.id)))
    : undefined;

export async function listLawyerRequests(db: DbOrTx, lawyerId: string, limit: number, cursor: Cursor) {
  return (
    db
      .select()
      .from(mediationRequests)
      // The lawyer's own requests and the cases they joined as the second side (issue 23).
      .where(and(or(eq(mediationRequests.lawyerId, lawyerId), eq(mediationRequests.opposingLawyerId, lawyerId)), before(cursor)))
      .orderBy(desc(mediationRequests.createdAt), desc(mediationRequests.id))
      .limit(limit + 1)
  );
}

export async function findAcceptance(db: DbOrTx, requestId: string, mediatorId: string): Promise<AcceptanceRow | undefined> {
  const [row] = await db
    .select()
    .from(mediatorAcceptances)
    .where(and(eq(mediatorAcceptances.requestId, requestId), eq(mediatorAcceptances.mediatorId, mediatorId)))
    .limit(1);
  return row;
}

/** A mediator's acceptances this month that count against a cap (RULES.md 5); read after their profile's lock. */
export async function monthlyAcceptances(db: DbOrTx, mediatorId: string, monthStart: Date): Promise<number> {
  const result = (await db.execute(sql`SELECT ${monthlyAcceptancesSql(sql`${mediatorId}::uuid`, monthStart)} AS n`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

export async function liveAcceptances(db: DbOrTx, requestId: string): Promise<AcceptanceRow[]> {
  return db
    .select()
    .from(mediatorAcceptances)
    .where(and(eq(mediatorAcceptances.requestId, requestId), inArray(mediatorAcceptances.status, ['pending', 'selected'])))
    .orderBy(asc(mediatorAcceptances.acceptedAt), asc(mediatorAcceptances.id));
}

/** The selection list: at most the first three pending acceptances, each with the mediator the spec's card shows. */
export async function pendingAcceptancesWithMediators(db: DbOrTx, requestId: string) {
  return db
    .select({ acceptance: mediatorAcceptances, user: users, profile: mediatorProfiles })
    .from(mediatorAcceptances)
    .innerJoin(users, eq(users.id, mediatorAcceptances.mediatorId))
    .innerJoin(mediatorProfiles, eq(mediatorProfiles.userId, mediatorAcceptances.mediatorId))
    .where(and(eq(mediatorAcceptances.requestId, requestId), eq(mediatorAcceptances.status, 'pending')))
    .orderBy(asc(mediatorAcceptances.acceptedAt), asc(mediatorAcceptances.id))
    .limit(3);
}

/**
 * Acceptances a mediator made this month that still count against their cap (RULES.md 5), as a scalar subquery:
 * `mediatorId` a user id or a column holding one (the spec's `monthlyMediationCount` of a mediator's profile).
 */
export function monthlyAcceptancesSql(mediatorId: string | SQLWrapper, monthStart: Date): SQL<number> {
  return sql<number>`(SELECT count(*)::int FROM mediator_acceptances
      WHERE mediator_id = ${mediatorId} AND accepted_at >= ${monthStart.toISOString()}::timestamptz AND status IN ('pending', 'selected'))`.mapWith(Number);
}

/** Acceptances a mediator made this month that still count against their cap (RULES.md 5). */
export async function countMonthlyAcceptances(db: DbOrTx, mediatorId: string, monthStart: Date): Promise<number> {
  const result = (await db.execute(sql`SELECT ${monthlyAcceptancesSql(mediatorId, monthStart)} AS n`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

export async function lawyerStatusCounts(db: DbOrTx, lawyerId: string) {
  return db
    .select({ status: mediationRequests.status, n: sql<number>`count(*)::int` })
    .from(mediationRequests)
    .where(or(eq(mediationRequests.lawyerId, lawyerId), eq(mediationRequests.opposingLawyerId, lawyerId)))
    .groupBy(mediationRequests.status);
}

export async function listAllRequests(db: DbOrTx, limit: number, cursor: Cursor) {
  return db
    .select()
    .from(mediationRequests)
    .where(before(cursor))
    .orderBy(desc(mediationRequests.createdAt), desc(mediationRequests.id))
    .limit(limit + 1);
}

/** One mediator's acceptances among a page of requests. */
export async function acceptancesOf(db: DbOrTx, mediatorId: string, requestIds: string[]): Promise<AcceptanceRow[]> {
  if (!requestIds.length) return [];
  return db
    .select()
    .from(mediatorAcceptances)
    .where(and(eq(mediatorAcceptances.mediatorId, mediatorId), inArray(mediatorAcceptances.requestId, requestIds)));
}

/**
 * A new acceptance and its request's move to `awaiting_selection` (updated `at`), in one statement (issue 27), with
 * `alongside`: further CTEs the same statement writes (its notices, decision 066). The acceptance triggers of
 * migration 0006 run at the statement's end, after all of them, and keep the request's live count.
 */
export async function insertAcceptanceAwaitingSelection(
  tx: DbOrTx,
  values: typeof mediatorAcceptances.$inferInsert,
  at: Date,
  alongside: { ctes: { name: string; body: SQL }[]; shape: string } = { ctes: [], shape: '' },
): Promise<AcceptanceRow> {
  const awaiting = tx
    .$with('awaiting', { id: mediationRequests.id })
    .as(
      sql`UPDATE ${mediationRequests} SET status = 'awaiting_selection', updated_at = ${at.toISOString()}::timestamptz WHERE id = ${values.requestId}::uuid RETURNING id`,
    );
  const more = alongside.ctes.map((cte) => tx.$with(cte.name, {}).as(cte.body));
  const [row] = await tx
    .with(awaiting, ...more)
    .insert(mediatorAcceptances)
    .values(values)
    .returning()
    // Named by its shape (what is alongside): the values are parameters, so each connection plans each shape once.
    .prepare(`insert_acceptance${alongside.shape}`)
    .execute();
  return row;
}

/** Removes a pending acceptance (withdraw); false when it is no longer pending. */
export async function deletePendingAcceptance(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx
    .delete(mediatorAcceptances)
    .where(and(eq(mediatorAcceptances.id, id), eq(mediatorAcceptances.status, 'pending')))
    .returning({ id: mediatorAcceptances.id });
  return rows.length > 0;
}

export async function markAcceptanceSelected(tx: DbOrTx, id: string): Promise<void> {
  await tx.update(mediatorAcceptances).set({ status: 'selected' }).where(eq(mediatorAcceptances.id, id));
}

/** Rejects the request's pending acceptances (other than `except`); returns the mediators concerned. */
export async function rejectPendingAcceptances(tx: DbOrTx, requestId: string, except?: string): Promise<string[]> {
  const rows = await tx
    .update(mediatorAcceptances)
    .set({ status: 'rejected' })
    .where(
      and(
        eq(mediatorAcceptances.requestId, requestId),
        eq(mediatorAcceptances.status, 'pending'),
        except ? sql`${mediatorAcceptances.id} <> ${except}` : undefined,
      ),
    )
    .returning({ mediatorId: mediatorAcceptances.mediatorId });
  return rows.map((r) => r.mediatorId);
}

/** The mediator's completed count (spec 3 `totalMediationsCompleted`), with their profile row locked by the caller. */
export async function incrementCompletedMediations(tx: DbOrTx, mediatorId: string): Promise<void> {
  await tx
    .update(mediatorProfiles)
    .set({ totalMediationsCompleted: sql`${mediatorProfiles.totalMediationsCompleted} + 1` })
    .where(eq(mediatorProfiles.userId, mediatorId));
}

/** Contact details of users shown as a request's counterpart (RULES.md 6), with either profile, in one query. */
export async function counterpartsOf(db: DbOrTx, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({
      id: users.id,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      lawyerPhone: lawyerProfiles.phoneNumber,
      firmName: lawyerProfiles.firmName,
      mediatorPhone: mediatorProfiles.phoneNumber,
    })
    .from(users)
    .leftJoin(lawyerProfiles, eq(lawyerProfiles.userId, users.id))
    .leftJoin(mediatorProfiles, eq(mediatorProfiles.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
}

import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaymentStatus, RequestStatus } from '../../../common/enums';
import type { DbOrTx } from '../../db/client';
import { mediationRequests, mediatorProfiles, payments, users } from '../../db/schema';

const lawyer = alias(users, 'admin_list_lawyer');
const mediator = alias(users, 'admin_list_mediator');
const opposing = alias(users, 'admin_list_opposing');
// Written out per alias: drizzle types a nested selection's nullability by its table, which a shared helper would blur.
const lawyerColumns = { id: lawyer.id, firstName: lawyer.firstName, lastName: lawyer.lastName, email: lawyer.email };
const mediatorColumns = { id: mediator.id, firstName: mediator.firstName, lastName: mediator.lastName, email: mediator.email };
// The second side's counsel (issue 23), when someone joined from an invitation.
const opposingColumns = { id: opposing.id, firstName: opposing.firstName, lastName: opposing.lastName, email: opposing.email };

/**
 * Where a page of the mediations or payments ends: its last request's created_at to the microsecond (a JS Date would
 * drop the microseconds, and comparing at millisecond precision would keep the index out of the ORDER BY) and id.
 */
export interface TimeCursor {
  at: string;
  id: string;
}

// The request's creation time as exact, session-independent text, for the next page's cursor.
const requestCursorAt = sql<string>`to_char(${mediationRequests.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const olderThan = (after: TimeCursor | null) =>
  after ? sql`(${mediationRequests.createdAt}, ${mediationRequests.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined;

/** `text` as an ILIKE pattern matching it anywhere, with the pattern characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The requests whose case name or number, or either party's name or e-mail, contains the term: one IN over a union,
 * each part read through the trigram indexes of migration 0005 (the case's columns; the users' full name, written as
 * the indexed expression, and e-mail, then the requests by their lawyer or selected mediator), so the search does
 * not scan the requests. (An OR across the joined tables could only be tested row by row.)
 */
function searchedRequests(pattern: string) {
  const personMatches = sql`SELECT u.id FROM users u WHERE (u.first_name || ' ' || u.last_name) ILIKE ${pattern} OR u.email ILIKE ${pattern}`;
  return sql`${mediationRequests.id} IN (
    SELECT s.id FROM mediation_requests s WHERE s.case_name ILIKE ${pattern} OR s.case_number ILIKE ${pattern}
    UNION SELECT s.id FROM mediation_requests s WHERE s.lawyer_id IN (${personMatches})
    UNION SELECT s.id FROM mediation_requests s WHERE s.selected_mediator_id IN (${personMatches}))`;
}

/**
 * One page (limit + 1 rows) of every request, newest first, with the lawyer, the selected mediator and the escrow
 * status, in one query. `search` matches the case name or number, or either party's name or e-mail.
 */
export async function listAdminMediations(db: DbOrTx, filter: { status?: RequestStatus; search?: string }, limit: number, after: TimeCursor | null) {
  const searched = filter.search ? searchedRequests(containing(filter.search)) : undefined;
  return db
    .select({
      request: mediationRequests,
      lawyer: lawyerColumns,
      mediator: mediatorColumns,
      opposing: opposingColumns,
      paymentStatus: payments.status,
      cursorAt: requestCursorAt,
    })
    .from(mediationRequests)
    .innerJoin(lawyer, eq(lawyer.id, mediationRequests.lawyerId))
    .leftJoin(mediator, eq(mediator.id, mediationRequests.selectedMediatorId))
    .leftJoin(opposing, eq(opposing.id, mediationRequests.opposingLawyerId))
    .leftJoin(payments, eq(payments.requestId, mediationRequests.id))
    .where(and(filter.status ? eq(mediationRequests.status, filter.status) : undefined, searched, olderThan(after)))
    .orderBy(desc(mediationRequests.createdAt), desc(mediationRequests.id))
    .limit(limit + 1);
}
export type AdminMediationRow = Awaited<ReturnType<typeof listAdminMediations>>[number];

/** The same row for one request (the reassignment's answer). */
export async function findAdminMediation(db: DbOrTx, requestId: string): Promise<AdminMediationRow | undefined> {
  const [row] = await db
    .select({
      request: mediationRequests,
      lawyer: lawyerColumns,
      mediator: mediatorColumns,
      opposing: opposingColumns,
      paymentStatus: payments.status,
      cursorAt: requestCursorAt,
    })
    .from(mediationRequests)
    .innerJoin(lawyer, eq(lawyer.id, mediationRequests.lawyerId))
    .leftJoin(mediator, eq(mediator.id, mediationRequests.selectedMediatorId))
    .leftJoin(opposing, eq(opposing.id, mediationRequests.opposingLawyerId))
    .leftJoin(payments, eq(payments.requestId, mediationRequests.id))
    .where(eq(mediationRequests.id, requestId))
    .limit(1);
  return row;
}

/**
 * One page (limit + 1 rows) of every payment with its case and parties, in the order of their requests (newest
 * first: one payment per request, made when it is submitted), which the requests' creation index serves; ledgers come
 * in one more query.
 */
export async function listAdminPayments(db: DbOrTx, status: PaymentStatus | undefined, limit: number, after: TimeCursor | null) {
  return db
    .select({
      payment: payments,
      caseName: mediationRequests.caseName,
      caseNumber: mediationRequests.caseNumber,
      requestStatus: mediationRequests.status,
      lawyer: lawyerColumns,
      mediator: mediatorColumns,
      cursorAt: requestCursorAt,
    })
    .from(payments)
    .innerJoin(mediationRequests, eq(mediationRequests.id, payments.requestId))
    .innerJoin(lawyer, eq(lawyer.id, payments.lawyerId))
    .leftJoin(mediator, eq(mediator.id, payments.mediatorId))
    .where(and(status ? eq(payments.status, status) : undefined, olderThan(after)))
    .orderBy(desc(mediationRequests.createdAt), desc(mediationRequests.id))
    .limit(limit + 1);
}
export type AdminPaymentRow = Awaited<ReturnType<typeof listAdminPayments>>[number];

/** Where a ratings page ends: the last row's rating, review count and id (the list's order). */
export interface RatingCursor {
  rating: string;
  reviewCount: number;
  id: string;
}

/**
 * One page (limit + 1 rows) of mediators by rating, then number of reviews (both highest first), then id: the
 * averages and counts kept on their profiles (updated with each review under the profile's lock).
 */
export async function listMediatorRatings(db: DbOrTx, limit: number, after: RatingCursor | null) {
  const below = after
    ? sql`(${mediatorProfiles.rating} < ${after.rating}::numeric
        OR (${mediatorProfiles.rating} = ${after.rating}::numeric AND ${mediatorProfiles.reviewCount} < ${after.reviewCount})
        OR (${mediatorProfiles.rating} = ${after.rating}::numeric AND ${mediatorProfiles.reviewCount} = ${after.reviewCount} AND ${users.id} > ${after.id}::uuid))`
    : undefined;
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      rating: mediatorProfiles.rating,
      reviewCount: mediatorProfiles.reviewCount,
      totalMediationsCompleted: mediatorProfiles.totalMediationsCompleted,
    })
    .from(mediatorProfiles)
    .innerJoin(users, eq(users.id, mediatorProfiles.userId))
    .where(and(eq(users.role, 'mediator'), below))
    .orderBy(desc(mediatorProfiles.rating), desc(mediatorProfiles.reviewCount), asc(users.id))
    .limit(limit + 1);
}
export type MediatorRatingRow = Awaited<ReturnType<typeof listMediatorRatings>>[number];

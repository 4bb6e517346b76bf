import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lawyerProfiles, mediationRequests, mediatorProfiles, reviews, users } from '../../db/schema';

export type ReviewRow = typeof reviews.$inferSelect;

/** A review counts and shows once revealed: at once in a one-sided case, at the reveal in a two-sided one (decision 048). */
const revealed = isNotNull(reviews.revealedAt);

/** Inserts a review; undefined when this reviewer already reviewed this reviewee here (the unique index: RULES.md 6). */
export async function insertReview(tx: DbOrTx, values: typeof reviews.$inferInsert): Promise<ReviewRow | undefined> {
  const [row] = await tx.insert(reviews).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * The reviewee's rating and count on their profile (the mediator's or the lawyer's), recomputed from their reviews (two
 * decimals, half-up), in the caller's transaction with that profile row locked: exact, however many reviews arrive at
 * once (the statement runs after the lock, so it sees every review committed before it).
 */
export async function refreshRevieweeRating(tx: DbOrTx, revieweeId: string, role: 'mediator' | 'lawyer'): Promise<void> {
  const figures = {
    rating: sql`(SELECT coalesce(round(avg(${reviews.rating})::numeric, 2), 0) FROM ${reviews} WHERE ${reviews.revieweeId} = ${revieweeId} AND ${revealed})`,
    reviewCount: sql`(SELECT count(*)::int FROM ${reviews} WHERE ${reviews.revieweeId} = ${revieweeId} AND ${revealed})`,
  };
  if (role === 'mediator') await tx.update(mediatorProfiles).set(figures).where(eq(mediatorProfiles.userId, revieweeId));
  else await tx.update(lawyerProfiles).set(figures).where(eq(lawyerProfiles.userId, revieweeId));
}

const withNames = {
  review: reviews,
  reviewerFirstName: users.firstName,
  reviewerLastName: users.lastName,
  reviewerRole: users.role,
  caseName: mediationRequests.caseName,
};

function selectWithNames(db: DbOrTx) {
  return db
    .select(withNames)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .innerJoin(mediationRequests, eq(mediationRequests.id, reviews.requestId));
}

export type ReviewWithNames = Awaited<ReturnType<typeof listRequestReviews>>[number];

/** A request's revealed reviews, and those `authorId` wrote that wait for the reveal (an author sees their own). */
export async function listRequestReviews(db: DbOrTx, requestId: string, authorId: string | null) {
  const mine = authorId ? eq(reviews.reviewerId, authorId) : undefined;
  return selectWithNames(db)
    .where(and(eq(reviews.requestId, requestId), mine ? or(revealed, mine) : revealed))
    .orderBy(reviews.createdAt);
}

/** Who reviewed whom on a request so far, revealed or not: the reveal waits until every due pair is here. */
export async function reviewPairs(db: DbOrTx, requestId: string) {
  return db
    .select({ reviewerId: reviews.reviewerId, revieweeId: reviews.revieweeId, revealedAt: reviews.revealedAt })
    .from(reviews)
    .where(eq(reviews.requestId, requestId));
}

/**
 * The reveal (decision 048): every hidden review of the request becomes visible, as one conditional update (revealed_at
 * IS NULL), so the last review and the 14-day job never both reveal one review. Returns the reviews it revealed.
 */
export async function revealRequestReviews(tx: DbOrTx, requestId: string, at: Date): Promise<ReviewRow[]> {
  return tx
    .update(reviews)
    .set({ revealedAt: at })
    .where(and(eq(reviews.requestId, requestId), isNull(reviews.revealedAt)))
    .returning();
}

/** Revealed reviews about one user, newest first, a page at a time (cursor as in pagination.ts, millisecond precision). */
export async function listReviewsAbout(db: DbOrTx, revieweeId: string, limit: number, after: { createdAt: Date; id: string } | null) {
  const createdMs = sql`date_trunc('milliseconds', ${reviews.createdAt})`;
  const cursor = after ? sql`(${createdMs}, ${reviews.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined;
  return selectWithNames(db)
    .where(and(eq(reviews.revieweeId, revieweeId), revealed, cursor))
    .orderBy(desc(createdMs), desc(reviews.id))
    .limit(limit + 1);
}

/** Average (two decimals) and count of the revealed reviews about a user, whatever their role. */
export async function ratingSummary(db: DbOrTx, revieweeId: string): Promise<{ average: string; count: number }> {
  const [row] = await db
    .select({ average: sql<string>`coalesce(round(avg(${reviews.rating})::numeric, 2), 0)::text`, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.revieweeId, revieweeId), revealed));
  return { average: row?.average ?? '0', count: Number(row?.count ?? 0) };
}

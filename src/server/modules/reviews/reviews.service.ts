import { seatOf } from '../../../common/domain/case-access';
import { allDueReviewsIn, REVEAL_AFTER_DAYS, revealDueAt, revieweeFor, reviewsRevealedTogether } from '../../../common/domain/review-reveal';
import { isUuid } from '../../../common/ids';
import { twoDecimals } from '../../../common/money';
import { ReviewInputSchema, type ReviewDto } from '../../../common/schemas/after-match';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { lockInOrder } from '../../db/lock-order';
import { badRequest, conflict, forbidden, notFound, parseInput } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { publishEvents } from '../../realtime/events.repo';
import { transaction } from '../../unit-of-work';
import { notify } from '../notifications/notifications.service';
import { findVisibleRequest, REQUEST_NOT_FOUND } from '../requests/requests.service';
import { revealLocks, revealReviews } from './reveal.service';
import { insertReview, listRequestReviews, listReviewsAbout, ratingSummary, refreshRevieweeRating, reviewPairs, type ReviewWithNames } from './reviews.repo';

export function presentReview({ review, reviewerFirstName, reviewerLastName, reviewerRole, caseName }: ReviewWithNames): ReviewDto {
  return {
    id: review.id,
    requestId: review.requestId,
    reviewerId: review.reviewerId,
    revieweeId: review.revieweeId,
    rating: review.rating,
    comment: review.comment,
    createdAt: review.createdAt.toISOString(),
    reviewerName: `${reviewerFirstName} ${reviewerLastName}`.trim(),
    reviewerRole: reviewerRole === 'mediator' ? 'mediator' : 'lawyer',
    caseName,
    revealedAt: review.revealedAt?.toISOString() ?? null,
  };
}

const OTHER_PARTY = 'You can only review the other party of this mediation';
const CHOOSE_COUNSEL = 'Choose which counsel you are reviewing';

/**
 * A review (RULES.md 6): once the request is completed, the owning lawyer reviews the selected mediator and the
 * selected mediator the lawyer, once each. The server works out the reviewee; the reviewee's rating and count (on the
 * mediator's or the lawyer's profile) change in the same transaction, and the reviewee is told. Refusals: 404 (cannot see) → 403 (not a participant) → 400 →
 * 409 (not completed, already reviewed).
 * A two-sided case (decision 048): opposing counsel reviews the mediator too, and the mediator names the counsel
 * (`revieweeId`, else 400). Its reviews stay hidden until all due ones are in (revealed in the last one's transaction)
 * or 14 days after completion (the 'review.reveal' job); after that moment no review is taken (409).
 */
export async function createReview(ctx: AppContext, user: SessionUser, rawBody: unknown): Promise<ReviewDto> {
  const body = (rawBody && typeof rawBody === 'object' ? rawBody : {}) as Record<string, unknown>;
  const requestId = typeof body.requestId === 'string' ? body.requestId : '';
  if (!requestId) throw badRequest('Invalid request', { requestId: 'Invalid request' });
  const visible = await findVisibleRequest(ctx, user, requestId);
  if (!seatOf(visible, user.id)) throw forbidden('Only the lawyer and the selected mediator can review this mediation');
  const input = parseInput(ReviewInputSchema, body);
  const target = revieweeFor(visible, user.id, input.revieweeId);
  if ('problem' in target && target.problem === 'wrong') throw badRequest(OTHER_PARTY, { revieweeId: OTHER_PARTY });
  if ('problem' in target && target.problem === 'missing') throw badRequest(CHOOSE_COUNSEL, { revieweeId: CHOOSE_COUNSEL });
  const revieweeId = 'revieweeId' in target ? target.revieweeId : null;
  const together = reviewsRevealedTogether(visible);
  const reviewerIsCounsel = visible.selectedMediatorId !== user.id;
  const id = await transaction(ctx, async (tx) => {
    const { request } = await lockInOrder(
      tx,
      together
        ? revealLocks(visible)
        : {
            requestId: visible.id,
            profiles: reviewerIsCounsel && revieweeId ? [revieweeId] : [],
            lawyerProfile: !reviewerIsCounsel ? visible.lawyerId : undefined,
          },
    );
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    // Before selection there is nobody to review yet: the owner sees the request, so this is its state (409), not 404.
    if (request.status !== 'completed' || !revieweeId) throw conflict('You can review once the mediation is completed');
    // Opposing counsel joined between the read above and this lock (only possible before completion): start again.
    if (reviewsRevealedTogether(request) !== together) throw conflict('Opposing counsel just joined this case: please review again');
    // The time is read under the request's lock: the reveal job, which takes the same lock, has either run or not.
    const now = ctx.clock.now();
    if (together) await refuseAfterReveal(tx, request, now);
    const review = await insertReview(tx, {
      requestId: request.id,
      reviewerId: user.id,
      revieweeId,
      rating: input.rating,
      comment: input.comment,
      createdAt: now,
      revealedAt: together ? null : now,
    });
    if (!review) throw conflict('You have already reviewed this mediation');
    if (together) {
      if (allDueReviewsIn(request, await reviewPairs(tx, request.id))) await revealReviews(tx, request, now);
      else await publishEvents(tx, [{ type: 'request_updated', requestId: request.id, userIds: [user.id] }]);
      return review.id;
    }
    await refreshRevieweeRating(tx, revieweeId, reviewerIsCounsel ? 'mediator' : 'lawyer');
    await notify(tx, [
      {
        userId: revieweeId,
        type: 'review_received',
        title: 'New review',
        message: `${user.firstName} ${user.lastName} rated you ${input.rating} out of 5 for ${request.caseName}.`,
        linkUrl: reviewerIsCounsel ? '/reviews' : `/requests/${request.id}`,
      },
    ]);
    await publishEvents(tx, [{ type: 'request_updated', requestId: request.id, userIds: [request.lawyerId, revieweeId, user.id] }]);
    return review.id;
  });
  const rows = await listRequestReviews(ctx.db, visible.id, user.id);
  return presentReview(rows.find((r) => r.review.id === id)!);
}

/** A two-sided case takes reviews until its reveal: 14 days after completion, or earlier if the reveal already ran. */
async function refuseAfterReveal(tx: Tx, request: { id: string; completedAt: Date | null }, now: Date): Promise<void> {
  const closed = request.completedAt !== null && now >= revealDueAt(request.completedAt);
  if (closed || (await reviewPairs(tx, request.id)).some((p) => p.revealedAt !== null)) {
    throw conflict(`Reviews for this mediation closed ${REVEAL_AFTER_DAYS} days after completion and have been revealed`);
  }
}

/** A request's revealed reviews, for whoever may see the request, and the caller's own awaiting the reveal; none before it is completed. */
export async function requestReviews(ctx: AppContext, user: SessionUser, requestId: string): Promise<ReviewDto[]> {
  const request = await findVisibleRequest(ctx, user, requestId);
  if (request.status !== 'completed') return [];
  return (await listRequestReviews(ctx.db, request.id, user.id)).map(presentReview);
}

export async function reviewsAbout(ctx: AppContext, userId: string, limit: number, cursor: { createdAt: Date; id: string } | null) {
  return listReviewsAbout(ctx.db, userId, limit, cursor);
}

export async function summaryFor(ctx: AppContext, userId: string) {
  const summary = await ratingSummary(ctx.db, userId);
  return { averageRating: twoDecimals(summary.average)!, reviewCount: summary.count };
}

/** The latest reviews about a mediator, for their public profile. */
export async function latestReviewsOf(ctx: AppContext, mediatorId: string, n = 5): Promise<ReviewDto[]> {
  if (!isUuid(mediatorId)) return [];
  return (await listReviewsAbout(ctx.db, mediatorId, n, null)).slice(0, n).map(presentReview);
}

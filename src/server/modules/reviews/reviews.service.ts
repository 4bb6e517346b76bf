import { isUuid } from '../../../common/ids';
import { twoDecimals } from '../../../common/money';
import { ReviewInputSchema, type ReviewDto } from '../../../common/schemas/after-match';
import type { AppContext } from '../../context';
import { lockInOrder } from '../../db/lock-order';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { publishEvents } from '../../realtime/events.repo';
import { transaction } from '../../unit-of-work';
import { notify } from '../notifications/notifications.service';
import { findVisibleRequest, REQUEST_NOT_FOUND } from '../requests/requests.service';
import { insertReview, listRequestReviews, listReviewsAbout, ratingSummary, refreshRevieweeRating, type ReviewWithNames } from './reviews.repo';

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
  };
}

const fieldErrorsOf = (issues: { path: PropertyKey[]; message: string }[]) => Object.fromEntries(issues.map((i) => [i.path.join('.') || 'body', i.message]));

/**
 * A review (RULES.md 6): once the request is completed, the owning lawyer reviews the selected mediator and the
 * selected mediator the lawyer, once each. The server works out the reviewee; the reviewee's rating and count (on the
 * mediator's or the lawyer's profile) change in the same transaction, and the reviewee is told. Refusals: 404 (cannot see) → 403 (not a participant) → 400 →
 * 409 (not completed, already reviewed).
 */
export async function createReview(ctx: AppContext, user: SessionUser, rawBody: unknown): Promise<ReviewDto> {
  const body = (rawBody && typeof rawBody === 'object' ? rawBody : {}) as Record<string, unknown>;
  const requestId = typeof body.requestId === 'string' ? body.requestId : '';
  if (!requestId) throw badRequest('Invalid request', { requestId: 'Invalid request' });
  const visible = await findVisibleRequest(ctx, user, requestId);
  const isLawyer = visible.lawyerId === user.id;
  const isMediator = visible.selectedMediatorId !== null && visible.selectedMediatorId === user.id;
  if (!isLawyer && !isMediator) throw forbidden('Only the lawyer and the selected mediator can review this mediation');
  const parsed = ReviewInputSchema.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message, fieldErrorsOf(parsed.error.issues));
  const input = parsed.data;
  const revieweeId = isLawyer ? visible.selectedMediatorId : visible.lawyerId;
  if (input.revieweeId && input.revieweeId !== revieweeId) {
    throw badRequest('You can only review the other party of this mediation', { revieweeId: 'You can only review the other party of this mediation' });
  }

  const id = await transaction(ctx, async (tx) => {
    const { request } = await lockInOrder(tx, {
      requestId: visible.id,
      profiles: isLawyer && revieweeId ? [revieweeId] : [],
      lawyerProfile: isMediator ? visible.lawyerId : undefined,
    });
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    // Before selection there is nobody to review yet: the owner sees the request, so this is its state (409), not 404.
    if (request.status !== 'completed' || !revieweeId) throw conflict('You can review once the mediation is completed');
    const review = await insertReview(tx, {
      requestId: request.id,
      reviewerId: user.id,
      revieweeId,
      rating: input.rating,
      comment: input.comment,
      createdAt: ctx.clock.now(),
    });
    if (!review) throw conflict('You have already reviewed this mediation');
    await refreshRevieweeRating(tx, revieweeId, isLawyer ? 'mediator' : 'lawyer');
    await notify(tx, [
      {
        userId: revieweeId,
        type: 'review_received',
        title: 'New review',
        message: `${user.firstName} ${user.lastName} rated you ${input.rating} out of 5 for ${request.caseName}.`,
        linkUrl: isLawyer ? '/reviews' : `/requests/${request.id}`,
      },
    ]);
    await publishEvents(tx, [{ type: 'request_updated', requestId: request.id, userIds: [request.lawyerId, revieweeId, user.id] }]);
    return review.id;
  });
  const rows = await listRequestReviews(ctx.db, visible.id);
  return presentReview(rows.find((r) => r.review.id === id)!);
}

/** A request's reviews, for whoever may see the request; none before it is completed. */
export async function requestReviews(ctx: AppContext, user: SessionUser, requestId: string): Promise<ReviewDto[]> {
  const request = await findVisibleRequest(ctx, user, requestId);
  if (request.status !== 'completed') return [];
  return (await listRequestReviews(ctx.db, request.id)).map(presentReview);
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

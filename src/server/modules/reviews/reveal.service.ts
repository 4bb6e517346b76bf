// The reveal of a two-sided case's reviews (issue 23, docs/decisions/048): when the last due review comes in (in its
// transaction) or by the durable job 14 days after completion, whichever is first. Ratings and counts move here.
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { lockInOrder } from '../../db/lock-order';
import type { mediationRequests } from '../../db/schema';
import { publishEvents } from '../../realtime/events.repo';
import { transaction } from '../../unit-of-work';
import { notify } from '../notifications/notifications.service';
import { refreshRevieweeRating, revealRequestReviews } from './reviews.repo';

type RequestRow = typeof mediationRequests.$inferSelect;

/** The profile locks a reveal needs, in the lock order: the mediator's, then both counsel's (docs/decisions/041). */
export function revealLocks(request: Pick<RequestRow, 'id' | 'lawyerId' | 'opposingLawyerId' | 'selectedMediatorId'>) {
  return {
    requestId: request.id,
    profiles: request.selectedMediatorId ? [request.selectedMediatorId] : [],
    lawyerProfiles: [request.lawyerId, ...(request.opposingLawyerId ? [request.opposingLawyerId] : [])],
  };
}

/**
 * Reveals the request's hidden reviews at `at`, with the request and the profiles locked by the caller (revealLocks):
 * the reviewees' ratings and counts are recomputed and each reviewee is told. A second call finds nothing to reveal
 * and changes nothing (the conditional update), so the last review and the job can both try.
 */
export async function revealReviews(tx: Tx, request: RequestRow, at: Date): Promise<number> {
  const shown = await revealRequestReviews(tx, request.id, at);
  if (!shown.length) return 0;
  const received = new Map<string, number>();
  for (const review of shown) received.set(review.revieweeId, (received.get(review.revieweeId) ?? 0) + 1);
  for (const revieweeId of received.keys()) {
    await refreshRevieweeRating(tx, revieweeId, revieweeId === request.selectedMediatorId ? 'mediator' : 'lawyer');
  }
  await notify(
    tx,
    [...received].map(([userId, n]) => ({
      userId,
      type: 'reviews_revealed' as const,
      title: 'Reviews revealed',
      message: `The reviews of ${request.caseName} are now visible. You received ${n === 1 ? 'one review' : `${n} reviews`}.`,
      linkUrl: `/requests/${request.id}`,
    })),
  );
  const everyone = [request.lawyerId, request.opposingLawyerId, request.selectedMediatorId].filter((id): id is string => id !== null);
  await publishEvents(tx, [{ type: 'request_updated', requestId: request.id, userIds: everyone }]);
  return shown.length;
}

/** The 'review.reveal' job, due 14 days after a two-sided case's completion: reveals whatever is in (idempotent). */
export async function revealDueReviews(ctx: AppContext, requestId: string): Promise<void> {
  await transaction(ctx, async (tx) => {
    // The request first, to learn its seats; then the same lock again with the profiles after it (still in order).
    const { request } = await lockInOrder(tx, { requestId });
    if (!request || request.status !== 'completed') return;
    await lockInOrder(tx, revealLocks(request));
    await revealReviews(tx, request, ctx.clock.now());
  });
}

import { EyeOff } from 'lucide-react';
import { useState } from 'react';
import { REVEAL_NOTICE, revealDueAt } from '../../../common/domain/review-reveal';
import type { ReviewDto } from '../../../common/schemas/after-match';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useRequestReviews } from './api';
import { ReviewCard } from './review-card';
import { ReviewList } from './review-list';

/** True when `viewerId` has already reviewed (`revieweeId`, when given): a second review would be refused with 409. */
export const hasReviewed = (reviews: ReviewDto[] | undefined, viewerId: string, revieweeId?: string) =>
  !!reviews?.some((r) => r.reviewerId === viewerId && (!revieweeId || r.revieweeId === revieweeId));

/** A counsel of a two-sided case, whom its mediator reviews by name. */
export interface CounselToReview {
  id: string;
  name: string;
}

/**
 * A completed request's reviews: the participant's review card while they have not reviewed yet (spec 2), and the
 * reviews both sides have written. In a two-sided case (decision 048) the mediator gets one card per counsel, and until
 * the reveal everyone reads that reviews are revealed together instead of the reviews (an author sees their own,
 * marked hidden).
 */
export function RequestReviews({
  requestId,
  viewerId,
  reviewee,
  revieweeName,
  counsel,
  completedAt,
}: {
  requestId: string;
  viewerId: string;
  /** Whom the viewer reviews; null when the viewer reviews nobody here (an admin). */
  reviewee: 'mediator' | 'lawyer' | null;
  revieweeName: string;
  /** A two-sided case's counsel (both sides): its reviews are revealed together. Absent in a one-sided case. */
  counsel?: CounselToReview[];
  /** When the request was completed: a two-sided case takes reviews for 14 days from then. */
  completedAt?: string | null;
}) {
  const { data, isLoading, error, refetch, isRefetching } = useRequestReviews(requestId, true);
  // The time the page opened: whether a two-sided case still takes reviews (the server decides; this hides the card).
  const [openedAt] = useState(() => Date.now());
  if (isLoading) return <Skeleton className="h-32" />;
  if (error && !data) return <QueryError title="The reviews could not be loaded" error={error} onRetry={refetch} retrying={isRefetching} />;
  const reviews = data ?? [];
  const together = !!counsel;
  const revealed = reviews.some((r) => r.revealedAt !== null);
  // After the reveal (or its deadline) a two-sided case takes no more reviews: no card then.
  const closed = together && (revealed || (!!completedAt && openedAt >= revealDueAt(new Date(completedAt)).getTime()));
  const cards =
    reviewee === 'lawyer' && counsel
      ? counsel.map((c) => ({ key: c.id, revieweeId: c.id, name: c.name }))
      : reviewee
        ? [{ key: reviewee, revieweeId: undefined, name: revieweeName }]
        : [];
  return (
    <>
      {cards
        .filter((c) => !closed && !hasReviewed(reviews, viewerId, c.revieweeId))
        .map((c) => (
          <ReviewCard
            key={c.key}
            requestId={requestId}
            reviewee={reviewee!}
            revieweeName={c.name}
            revieweeId={c.revieweeId}
            revealedTogether={together && !revealed}
          />
        ))}
      {together && !closed ? (
        <Alert tone="info">
          <EyeOff aria-hidden="true" />
          <p>{REVEAL_NOTICE}</p>
        </Alert>
      ) : null}
      {reviews.length ? (
        <Card>
          <CardHeader>
            <CardTitle>{together && !revealed ? 'Your reviews' : 'Reviews'}</CardTitle>
          </CardHeader>
          <CardContent>
            <ReviewList
              reviews={reviews}
              showCase={false}
              // The mediator reviews each counsel of a two-sided case: say which.
              about={counsel ? Object.fromEntries(counsel.map((c) => [c.id, c.name])) : undefined}
            />
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

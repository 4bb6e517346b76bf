import type { ReviewDto } from '../../../common/schemas/after-match';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useRequestReviews } from './api';
import { ReviewCard } from './review-card';
import { ReviewList } from './review-list';

/** True when `viewerId` has already reviewed (a second review would be refused with 409). */
export const hasReviewed = (reviews: ReviewDto[] | undefined, viewerId: string) => !!reviews?.some((r) => r.reviewerId === viewerId);

/**
 * A completed request's reviews: the participant's review card while they have not reviewed yet (spec 2), and the
 * reviews both sides have written.
 */
export function RequestReviews({
  requestId,
  viewerId,
  reviewee,
  revieweeName,
}: {
  requestId: string;
  viewerId: string;
  /** Whom the viewer reviews; null when the viewer reviews nobody here (an admin). */
  reviewee: 'mediator' | 'lawyer' | null;
  revieweeName: string;
}) {
  const { data, isLoading, error, refetch, isRefetching } = useRequestReviews(requestId, true);
  if (isLoading) return <Skeleton className="h-32" />;
  if (error && !data) return <QueryError title="The reviews could not be loaded" error={error} onRetry={refetch} retrying={isRefetching} />;
  const reviews = data ?? [];
  return (
    <>
      {reviewee && !hasReviewed(reviews, viewerId) ? <ReviewCard requestId={requestId} reviewee={reviewee} revieweeName={revieweeName} /> : null}
      {reviews.length ? (
        <Card>
          <CardHeader>
            <CardTitle>Reviews</CardTitle>
          </CardHeader>
          <CardContent>
            <ReviewList reviews={reviews} showCase={false} />
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

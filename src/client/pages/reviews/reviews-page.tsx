import { useQuery } from '@tanstack/react-query';
import { MessageSquareQuote, Star } from 'lucide-react';
import type { UserDto } from '../../../common/api-types';
import { PagedListView } from '../../components/paged-list';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useMyReviews } from '../../features/reviews/api';
import { ReviewItem } from '../../features/reviews/review-list';
import { Stars } from '../../features/reviews/star-rating';
import { userQueryKey } from '../../lib/current-user';
import { formatRating } from '../../lib/format';
import { nullOn401 } from '../../lib/query-client';
import { usePageTitle } from '../../lib/use-page-title';
import { cn } from '../../lib/utils';

/** The signed-in user, fetched afresh on this page: the rating and count change whenever a review arrives. */
function useFreshUser() {
  return useQuery({ queryKey: userQueryKey, queryFn: nullOn401<UserDto>('/api/user'), staleTime: 0 });
}

function RatingSummary() {
  const { data: user, isLoading } = useFreshUser();
  const profile = user?.mediatorProfile ?? user?.lawyerProfile ?? null;
  const count = profile?.reviewCount ?? 0;
  const average = formatRating(profile?.rating ?? null, count);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Rating summary</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading && !user ? (
          <Skeleton className="h-14 w-48" />
        ) : (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <p className="flex items-center gap-2 font-serif text-4xl font-semibold tabular-nums">
              <Star className={cn('size-8', average === 'N/A' ? 'text-muted-foreground/50' : 'fill-amber-400 text-amber-500')} aria-hidden="true" />
              {average}
              {average !== 'N/A' ? <span className="sr-only"> average out of 5</span> : null}
            </p>
            <div className="grid gap-1">
              {average !== 'N/A' ? <Stars rating={Math.round(Number(average))} /> : null}
              <p className="text-sm text-muted-foreground">
                {count} review{count === 1 ? '' : 's'}
              </p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** /reviews (spec 2, mediators): the rating summary and every review received, newest first, page by page. */
export function ReviewsPage() {
  usePageTitle('Reviews');
  const list = useMyReviews();
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Reviews</h1>
        <p className="mt-1 text-muted-foreground">What the professionals you worked with said about you.</p>
      </div>
      <RatingSummary />
      <section aria-labelledby="all-reviews-heading" className="grid min-w-0 gap-4">
        <h2 id="all-reviews-heading" className="text-xl font-semibold">
          All reviews
        </h2>
        <PagedListView
          list={list}
          itemKey={(r) => r.id}
          loadingLabel="Loading reviews"
          skeletonClassName="h-28"
          className="grid gap-3"
          renderItem={(r) => <ReviewItem review={r} />}
          empty={
            <Card>
              <CardContent className="flex flex-col items-center gap-3 p-10 text-center text-muted-foreground">
                <MessageSquareQuote className="size-10" aria-hidden="true" />
                <p>No reviews yet. Reviews appear here after the mediations you complete.</p>
              </CardContent>
            </Card>
          }
        />
      </section>
    </div>
  );
}

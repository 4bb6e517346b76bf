import { Star } from 'lucide-react';
import type { MediatorRating } from '../../../common/schemas/admin-lists';
import { PagedListView } from '../../components/paged-list';
import { Card, CardContent } from '../../components/ui/card';
import { formatRating } from '../../lib/format';
import { useMediatorRatings } from './api';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function RatingCard({ mediator }: { mediator: MediatorRating }) {
  const rating = formatRating(mediator.averageRating, mediator.reviewCount);
  return (
    <Card>
      <CardContent className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center">
        <div className="min-w-0">
          <h2 className="truncate font-semibold">{mediator.mediatorName}</h2>
          <p className="truncate text-sm text-muted-foreground">{mediator.email}</p>
        </div>
        <dl className="grid grid-cols-3 gap-4 text-sm sm:flex sm:gap-6">
          <div>
            <dt className="text-muted-foreground">Average</dt>
            <dd className="flex items-center gap-1 font-semibold tabular-nums">
              <Star className="size-4 fill-current text-amber-500" aria-hidden="true" />
              {rating}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Reviews</dt>
            <dd className="font-semibold tabular-nums">{mediator.reviewCount.toLocaleString()}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Completed</dt>
            <dd className="font-semibold tabular-nums" aria-label={plural(mediator.totalMediationsCompleted, 'completed mediation', 'completed mediations')}>
              {mediator.totalMediationsCompleted.toLocaleString()}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The Ratings tab (spec 2 /admin): every mediator's average rating, review count and completed mediations. */
export function RatingList() {
  const list = useMediatorRatings();
  return (
    <PagedListView
      list={list}
      itemKey={(m) => m.mediatorId}
      loadingLabel="Loading mediator ratings"
      skeletonClassName="h-20"
      className="grid gap-3"
      renderItem={(m) => <RatingCard mediator={m} />}
      empty={
        <Card>
          <CardContent className="p-8 text-center text-muted-foreground">No mediators yet. Their ratings appear here once they join.</CardContent>
        </Card>
      }
    />
  );
}

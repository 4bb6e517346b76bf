import { RatingList } from '../../features/admin-ratings/rating-list';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminTabs } from './admin-tabs';

/** /admin/ratings (admins): how lawyers rate each mediator. */
export function RatingsPage() {
  usePageTitle('Ratings');
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Ratings</h1>
        <p className="mt-1 text-muted-foreground">Mediators by average rating, then by number of reviews.</p>
      </div>
      <AdminTabs />
      <RatingList />
    </div>
  );
}

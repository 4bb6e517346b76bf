import { ComingNextPage } from '../app/coming-next-page';

/** Placeholder while issue 7's page is being built (replaced in this issue). */
export function ReviewsPage() {
  return <ComingNextPage feature="reviews" />;
}

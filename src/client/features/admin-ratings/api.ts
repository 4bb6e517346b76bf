import type { MediatorRating } from '../../../common/schemas/admin-lists';
import { usePagedList } from '../../lib/use-paged-list';

export const ratingKeys = { all: ['/api/admin/mediator-ratings'] as const };

/** Mediators by average rating, then number of reviews, page by page (X-Next-Cursor). */
export function useMediatorRatings() {
  return usePagedList<MediatorRating>({ queryKey: ratingKeys.all, url: '/api/admin/mediator-ratings' });
}

import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReviewDto } from '../../../common/schemas/after-match';
import { apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { usePagedList } from '../../lib/use-paged-list';

// Keys start with '/api/requests' or '/api/reviews', so a request_updated event (realtime) refetches a request's reviews.
export const reviewKeys = {
  forRequest: (requestId: string) => ['/api/requests', requestId, 'reviews'] as const,
  mine: ['/api/reviews'] as const,
};

/** A request's reviews (both sides', once completed; [] before). */
export function useRequestReviews(requestId: string, enabled: boolean) {
  return useQuery<ReviewDto[]>({ queryKey: reviewKeys.forRequest(requestId), enabled, staleTime: 0 });
}

/** The reviews about the signed-in user, newest first, page by page. */
export function useMyReviews() {
  return usePagedList<ReviewDto>({ queryKey: reviewKeys.mine, url: '/api/reviews' });
}

/**
 * POST /api/reviews: the server works out the reviewee (RULES.md 6); a second review is 409. The mediator of a
 * two-sided case names the counsel they review (`revieweeId`, decision 048).
 */
export function useSubmitReview(requestId: string, revieweeId?: string) {
  return useMutation({
    mutationFn: (input: { rating: number; comment?: string | null }) =>
      apiRequest<ReviewDto>('POST', '/api/reviews', { requestId, ...input, ...(revieweeId ? { revieweeId } : {}) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.forRequest(requestId) }),
        queryClient.invalidateQueries({ queryKey: ['/api/requests', requestId], exact: true }),
        queryClient.invalidateQueries({ queryKey: ['/api/notifications/unread'] }),
      ]),
  });
}

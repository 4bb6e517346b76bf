import { useMutation, useQuery } from '@tanstack/react-query';
import type { DisputeStatus } from '../../../common/enums';
import type { AdminDisputeDto, ResolveDisputeInput } from '../../../common/schemas/disputes';
import { apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { usePagedList } from '../../lib/use-paged-list';

export const disputeKeys = {
  all: ['/api/admin/disputes'] as const,
  list: (status: DisputeStatus) => ['/api/admin/disputes', 'list', status] as const,
  one: (id: string) => ['/api/admin/disputes', id] as const,
};

/** After a resolution: both lists, the dispute, and the request it concerns (its page shows the outcome). */
const refreshAfterResolution = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: disputeKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['/api/requests'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/notifications/unread'] }),
  ]);

/** Open or resolved disputes, newest first, page by page (X-Next-Cursor). */
export function useDisputes(status: DisputeStatus) {
  return usePagedList<AdminDisputeDto>({ queryKey: disputeKeys.list(status), url: `/api/admin/disputes?status=${status}` });
}

/** One dispute, fresh; the list's copy shows at once while it loads. */
export function useDispute(initial: AdminDisputeDto) {
  return useQuery<AdminDisputeDto>({ queryKey: disputeKeys.one(initial.id), placeholderData: initial, staleTime: 0 });
}

export function useResolveDispute(id: string) {
  return useMutation({
    mutationFn: (input: ResolveDisputeInput) => apiRequest<AdminDisputeDto>('POST', `/api/admin/disputes/${id}/resolve`, input),
    onSuccess: refreshAfterResolution,
  });
}

import { useMutation, useQuery } from '@tanstack/react-query';
import type { CancellationPreviewDto } from '../../../common/api-types';
import type { DepositRefundKind } from '../../../common/domain/refunds';
import type { RequestStatus } from '../../../common/enums';
import type { AdminCancelInput, AdminCancelResult } from '../../../common/schemas/admin-cancellation';
import type { AdminMediation, ReassignInput } from '../../../common/schemas/admin-lists';
import type { AdminUserDto } from '../../../common/schemas/admin-users';
import { apiGet, apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { usePagedList } from '../../lib/use-paged-list';

export const mediationKeys = {
  all: ['/api/admin/mediations'] as const,
  list: (status: RequestStatus | '', search: string) => ['/api/admin/mediations', 'list', status, search] as const,
};

export interface MediationFilters {
  status: RequestStatus | '';
  search: string;
}

/** The list URL: only the filters that are set. */
export function mediationsUrl({ status, search }: MediationFilters): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (search.trim()) params.set('search', search.trim());
  const query = params.toString();
  return query ? `/api/admin/mediations?${query}` : '/api/admin/mediations';
}

/** Every mediation, newest first, page by page (X-Next-Cursor). */
export function useAdminMediations(filters: MediationFilters) {
  return usePagedList<AdminMediation>({ queryKey: mediationKeys.list(filters.status, filters.search.trim()), url: mediationsUrl(filters) });
}

/** A cancellation preview (`['/api/requests', id, 'cancellation?refund=…']`): the server answers 409 once cancelled. */
const isCancellationPreview = (key: readonly unknown[]) => typeof key[2] === 'string' && key[2].startsWith('cancellation?');

/**
 * After a reassignment or a cancellation: the list, the request's page, the payments and the badges. Not the refund
 * preview still open in the closing dialog: asked again, it would only meet the 409 of a request already cancelled.
 */
const refreshAfterChange = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: mediationKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['/api/admin/payments'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/requests'], predicate: (query) => !isCancellationPreview(query.queryKey) }),
    queryClient.invalidateQueries({ queryKey: ['/api/notifications/unread'] }),
  ]);

/** Approved mediators matching `search` (the server refuses suspended ones; the first 20 are plenty to choose from). */
export function useMediatorChoices(search: string) {
  const params = new URLSearchParams({ role: 'mediator', status: 'approved', limit: '20' });
  if (search.trim()) params.set('search', search.trim());
  const url = `/api/admin/users?${params.toString()}`;
  return useQuery<AdminUserDto[]>({ queryKey: [url], queryFn: () => apiGet<AdminUserDto[]>(url) });
}

export function useReassignMediator(requestId: string) {
  return useMutation({
    mutationFn: (input: ReassignInput) => apiRequest<AdminMediation>('PATCH', `/api/admin/mediations/${requestId}/reassign`, input),
    onSuccess: refreshAfterChange,
  });
}

/** What cancelling with the admin's refund choice would give back (the server's rule); nothing until one is chosen. */
export function useCancellationPreview(requestId: string, refund: DepositRefundKind | undefined) {
  return useQuery<CancellationPreviewDto>({ queryKey: ['/api/requests', requestId, `cancellation?refund=${refund}`], staleTime: 0, enabled: !!refund });
}

export function useCancelMediation(requestId: string) {
  return useMutation({
    mutationFn: (input: AdminCancelInput) => apiRequest<AdminCancelResult>('POST', `/api/admin/mediations/${requestId}/cancel`, input),
    onSuccess: refreshAfterChange,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportMessageDto } from '../../../common/schemas/admin-support';
import { apiRequest } from '../../lib/api-client';
import { usePagedList } from '../../lib/use-paged-list';

export const SUPPORT_FILTERS = ['open', 'handled', 'all'] as const;
export type SupportFilter = (typeof SUPPORT_FILTERS)[number];

const HANDLED_PARAM: Record<SupportFilter, string | null> = { open: 'false', handled: 'true', all: null };

export const supportKeys = {
  all: ['/api/admin/support'] as const,
  list: (filter: SupportFilter) => ['/api/admin/support', 'list', filter] as const,
};

export function supportUrl(filter: SupportFilter): string {
  const handled = HANDLED_PARAM[filter];
  return handled ? `/api/admin/support?handled=${handled}` : '/api/admin/support';
}

/** Contact-form messages, newest first, page by page (X-Next-Cursor). */
export function useSupportMessages(filter: SupportFilter) {
  return usePagedList<SupportMessageDto>({ queryKey: supportKeys.list(filter), url: supportUrl(filter) });
}

/** Marks a message handled or open again; every filtered list refetches (it moves between them). */
export function useSetHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) => apiRequest<SupportMessageDto>('PATCH', `/api/admin/support/${id}`, { handled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

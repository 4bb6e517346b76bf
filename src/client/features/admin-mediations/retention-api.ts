import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RetentionDto, RetentionHoldInput } from '../../../common/schemas/account-data';
import { apiRequest } from '../../lib/api-client';

const retentionKey = (requestId: string) => [`/api/admin/mediations/${requestId}/retention`] as const;

/** A closed case's document retention (decision 061): when its documents go, the notice, an admin's hold. */
export function useRetention(requestId: string) {
  return useQuery<RetentionDto>({ queryKey: retentionKey(requestId), staleTime: 0 });
}

export function useSetRetentionHold(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RetentionHoldInput) => apiRequest<RetentionDto>('PUT', `/api/admin/mediations/${requestId}/retention-hold`, input),
    onSuccess: (retention) => queryClient.setQueryData(retentionKey(requestId), retention),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExportDto, DataExportState, DeleteAccount, DeleteAccountResult } from '../../../common/schemas/account-data';
import { apiGet, apiRequest } from '../../lib/api-client';

const exportKey = ['/api/profile/data-export'] as const;
/** While an archive is being built the card asks again now and then; the e-mail says so too. */
const PENDING_POLL_MS = 10_000;

export function useDataExport() {
  return useQuery({
    queryKey: exportKey,
    queryFn: () => apiGet<DataExportState>(exportKey[0]),
    refetchInterval: (query) => (query.state.data?.export?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<DataExportDto>('POST', exportKey[0]),
    onSuccess: (created) => queryClient.setQueryData<DataExportState>(exportKey, { export: created }),
    // A 409 means one is already being built: show it.
    onError: () => queryClient.invalidateQueries({ queryKey: exportKey }),
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (input: DeleteAccount) => apiRequest<DeleteAccountResult>('POST', '/api/profile/delete-account', input) });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import type { AdminSettings } from './settings-schema';

const settingsKey = ['/api/admin/settings'] as const;

export function useAdminSettings() {
  return useQuery<AdminSettings>({ queryKey: settingsKey, staleTime: 0 });
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: Record<string, unknown>) => apiRequest<AdminSettings>('PATCH', '/api/admin/settings', changes),
    onSuccess: (updated) => {
      client.setQueryData(settingsKey, updated);
      // The pages quoting the fees, the deposit and the legal texts read them afresh.
      return client.invalidateQueries({ queryKey: ['/api/settings/public'] });
    },
  });
}

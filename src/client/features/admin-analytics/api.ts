import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Analytics } from '../../../common/schemas/admin-analytics';
import { apiGet } from '../../lib/api-client';

export interface AnalyticsRange {
  startDate: string;
  endDate: string;
  timeZone: string;
}

export const analyticsKey = (range: AnalyticsRange) => ['/api/admin/analytics', range] as const;

/** The overview's figures for a range; the previous range's figures stay on screen while a new one loads. */
export function useAnalytics(range: AnalyticsRange | null) {
  return useQuery<Analytics>({
    queryKey: analyticsKey(range ?? { startDate: '', endDate: '', timeZone: '' }),
    queryFn: () => apiGet<Analytics>(`/api/admin/analytics?${new URLSearchParams({ ...range })}`),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

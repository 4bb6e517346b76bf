import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet, hasErrorCode } from './api-client';
import { noteSessionEnd } from './session-end';

/** The default query: GET the key's segments joined by slashes (spec 7). */
const defaultQueryFn: QueryFunction = ({ queryKey }) => apiGet(queryKey.filter((k) => k !== undefined && k !== null).join('/'));

/**
 * A query that answers null instead of failing on 401 (the current-user query, spec 7). The 401 may say why the
 * server ended the session; the sign-in page shows it (decision 038).
 */
export const nullOn401 =
  <T>(url: string) =>
  async (): Promise<T | null> => {
    try {
      return await apiGet<T>(url);
    } catch (error) {
      if (!hasErrorCode(error, 'unauthenticated')) throw error;
      noteSessionEnd(error.body);
      return null;
    }
  };

// Spec 7 cache defaults: no retry, no refetch on focus, no polling, data never stale.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { queryFn: defaultQueryFn, retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
    mutations: { retry: false },
  },
});

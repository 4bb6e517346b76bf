import { useQuery } from '@tanstack/react-query';
import type { UserDto } from '../../common/api-types';
import { nullOn401, queryClient } from './query-client';

// The signed-in user is read by the router's guards, the layouts and several features, so it lives here rather than
// in one feature (features must not import each other, DESIGN 3).

export const userQueryKey = ['/api/user'] as const;

/** The signed-in user, or null (a 401 means "not signed in", spec 6). `error` is any other failure to find out. */
const userQuery = { queryKey: userQueryKey, queryFn: nullOn401<UserDto>('/api/user') };

export function useCurrentUser() {
  const query = useQuery(userQuery);
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error, refetch: query.refetch, isRefetching: query.isRefetching };
}

/**
 * Asks for the user as the app starts, alongside the first page's code rather than after it: every page's guard
 * waits for this answer, so on a first load it would otherwise be one more round trip at the end of the chain.
 * The promise settles when the user is known (main.tsx waits for it before drawing over a page drawn at build time).
 */
export function prefetchCurrentUser(): Promise<void> {
  // Served without a session cookie, the document says so (decision 029): nobody is signed in, nothing to ask.
  if (document.documentElement.hasAttribute('data-signed-out')) {
    queryClient.setQueryData(userQueryKey, null);
    return Promise.resolve();
  }
  // Settles once the answer is in (a failure too: the query then holds the error the guards show).
  return queryClient.prefetchQuery(userQuery);
}

export const refreshUser = () => queryClient.invalidateQueries({ queryKey: userQueryKey });

/** Puts a fresh copy of the user (as a profile call returns it) in the cache. */
export const storeUser = (user: UserDto) => queryClient.setQueryData(userQueryKey, user);

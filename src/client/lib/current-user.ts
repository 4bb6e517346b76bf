import { useQuery } from '@tanstack/react-query';
import type { UserDto } from '../../common/api-types';
import { nullOn401, queryClient } from './query-client';

// The signed-in user is read by the router's guards, the layouts and several features, so it lives here rather than
// in one feature (features must not import each other, DESIGN 3).

export const userQueryKey = ['/api/user'] as const;

/** The signed-in user, or null (a 401 means "not signed in", spec 6). `error` is any other failure to find out. */
export function useCurrentUser() {
  const query = useQuery({ queryKey: userQueryKey, queryFn: nullOn401<UserDto>('/api/user') });
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error, refetch: query.refetch, isRefetching: query.isRefetching };
}

export const refreshUser = () => queryClient.invalidateQueries({ queryKey: userQueryKey });

/** Puts a fresh copy of the user (as a profile call returns it) in the cache. */
export const storeUser = (user: UserDto) => queryClient.setQueryData(userQueryKey, user);

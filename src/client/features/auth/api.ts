import { useMutation, useQuery } from '@tanstack/react-query';
import type { UserDto } from '../../../common/api-types';
import type { Login, Register } from '../../../common/schemas/auth';
import { apiRequest } from '../../lib/api-client';
import { nullOn401, queryClient } from '../../lib/query-client';

export const userQueryKey = ['/api/user'] as const;

/** The signed-in user, or null (a 401 means "not signed in", spec 6). */
export function useCurrentUser() {
  const query = useQuery({ queryKey: userQueryKey, queryFn: nullOn401<UserDto>('/api/user') });
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}

export const refreshUser = () => queryClient.invalidateQueries({ queryKey: userQueryKey });

export function useLogin() {
  return useMutation({ mutationFn: (input: Login) => apiRequest<UserDto>('POST', '/api/login', input) });
}

export function useRegister() {
  return useMutation({ mutationFn: (input: Register) => apiRequest<UserDto>('POST', '/api/register', input) });
}

/** Sign out: end the session, clear every cached answer, go home (spec 4). */
export async function logout(): Promise<void> {
  try {
    await apiRequest('POST', '/api/logout');
  } finally {
    queryClient.clear();
    window.location.assign('/');
  }
}

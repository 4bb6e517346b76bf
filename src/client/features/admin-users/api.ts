import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserDto } from '../../../common/api-types';
import type { UserRole, UserStatus } from '../../../common/enums';
import type { BroadcastInput } from '../../../common/schemas/admin-broadcast';
import type { AdminUserDeleted, AdminUserDto } from '../../../common/schemas/admin-users';
import { apiRequest } from '../../lib/api-client';
import { usePagedList } from '../../lib/use-paged-list';

export interface UserFilters {
  search: string;
  role: UserRole | '';
  status: UserStatus | '';
}

export const adminUserKeys = {
  all: ['/api/admin/users'] as const,
  list: ({ search, role, status }: UserFilters) => ['/api/admin/users', 'list', search, role, status] as const,
};

/** `/api/admin/users` with only the filters that are set. */
export function usersUrl({ search, role, status }: UserFilters): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (role) params.set('role', role);
  if (status) params.set('status', status);
  const query = params.toString();
  return query ? `/api/admin/users?${query}` : '/api/admin/users';
}

const refreshUsers = (client: QueryClient) => client.invalidateQueries({ queryKey: adminUserKeys.all });

/** Accounts, newest first, page by page (X-Next-Cursor), filtered by the search text, role and status. */
export function useAdminUsers(filters: UserFilters) {
  return usePagedList<AdminUserDto>({ queryKey: adminUserKeys.list(filters), url: usersUrl(filters) });
}

export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserStatus }) => apiRequest<AdminUserDto>('PATCH', `/api/admin/users/${id}/status`, { status }),
    // Refused too: the user may have been deleted or changed by another admin meanwhile, and the list should say so.
    onSettled: () => refreshUsers(queryClient),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<AdminUserDeleted>('DELETE', `/api/admin/users/${id}`),
    onSettled: () => refreshUsers(queryClient),
  });
}

/** The session now acts as the user; the page reloads as them (nothing cached as the admin may stay). */
export function useImpersonate() {
  return useMutation({ mutationFn: (id: string) => apiRequest<UserDto>('POST', `/api/admin/impersonate/${id}`) });
}

export function useBroadcast() {
  return useMutation({ mutationFn: (input: BroadcastInput) => apiRequest<{ sent: number }>('POST', '/api/admin/broadcast-notification', input) });
}

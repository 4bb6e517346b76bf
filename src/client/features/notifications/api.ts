import { useMutation, useQuery } from '@tanstack/react-query';
import type { NotificationDto } from '../../../common/api-types';
import { apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { usePagedList } from '../../lib/use-paged-list';

export const unreadKey = ['/api/notifications/unread'] as const;
export const notificationsKey = ['/api/notifications'] as const;

/** The unread count from the server (not from the pages loaded), or undefined until it arrives. */
export function useUnreadCount(): number | undefined {
  const { data } = useQuery<{ count: number }>({ queryKey: unreadKey, staleTime: 30_000 });
  return data?.count;
}

export function useNotifications() {
  return usePagedList<NotificationDto>({ queryKey: notificationsKey, url: '/api/notifications' });
}

const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: unreadKey }), queryClient.invalidateQueries({ queryKey: notificationsKey })]);

export function useMarkRead() {
  return useMutation({ mutationFn: (id: string) => apiRequest<NotificationDto>('PATCH', `/api/notifications/${id}/read`), onSuccess: refresh });
}

export function useMarkAllRead() {
  return useMutation({ mutationFn: () => apiRequest('PATCH', '/api/notifications/read-all'), onSuccess: refresh });
}

import { useMutation, useQuery } from '@tanstack/react-query';
import type { NotificationDto } from '../../../common/api-types';
import { apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

export const unreadKey = ['/api/notifications/unread'] as const;
export const notificationsKey = ['/api/notifications'] as const;

export function useUnreadCount(): number {
  const { data } = useQuery<{ count: number }>({ queryKey: unreadKey, staleTime: 30_000 });
  return data?.count ?? 0;
}

export function useNotifications() {
  return useQuery<NotificationDto[]>({ queryKey: notificationsKey, staleTime: 0 });
}

const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: unreadKey }), queryClient.invalidateQueries({ queryKey: notificationsKey })]);

export function useMarkRead() {
  return useMutation({ mutationFn: (id: string) => apiRequest<NotificationDto>('PATCH', `/api/notifications/${id}/read`), onSuccess: refresh });
}

export function useMarkAllRead() {
  return useMutation({ mutationFn: () => apiRequest('PATCH', '/api/notifications/read-all'), onSuccess: refresh });
}

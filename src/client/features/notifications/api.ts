import { useMutation, useQuery } from '@tanstack/react-query';
import type { NotificationDto } from '../../../common/api-types';
import type { EmailPreference, EmailPreferencesUpdate, UnsubscribeResult } from '../../../common/schemas/email-preferences';
import { apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { usePagedList } from '../../lib/use-paged-list';

// Query keys are the URL's path segments; the realtime socket refreshes these two on every `notification` event.
export const unreadKey = ['/api/notifications/unread'] as const;
export const notificationsKey = ['/api/notifications'] as const;
export const emailPreferencesKey = ['/api/profile/email-preferences'] as const;

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

export function useEmailPreferences() {
  return useQuery<EmailPreference[]>({ queryKey: emailPreferencesKey });
}

export function useUpdateEmailPreferences() {
  return useMutation({
    mutationFn: (update: EmailPreferencesUpdate) => apiRequest<EmailPreference[]>('PATCH', '/api/profile/email-preferences', update),
    onSuccess: (prefs) => queryClient.setQueryData(emailPreferencesKey, prefs),
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => apiRequest<UnsubscribeResult>('POST', '/api/email/unsubscribe', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailPreferencesKey }),
  });
}

import { useMutation, useQuery } from '@tanstack/react-query';
import type { AvailabilityDto, AvailabilityInput, SessionDto } from '../../../common/schemas/scheduling';
import { apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

// A member's scheduling settings (issue 25): the mediator's availability, the zone dates are shown in, the private
// calendar feed, and the sessions to come. Types only from the schemas: the dashboard loads this file, and its chunk
// stays free of zod.

const availabilityKey = ['/api/availability'] as const;
const feedKey = ['/api/calendar-feed'] as const;

export type UpcomingSession = Omit<SessionDto, 'history'>;
export interface CalendarFeed {
  active: boolean;
  createdAt: string | null;
  /** Only in the answer that made the feed: it is never shown again. */
  url: string | null;
}

export function useAvailability(enabled: boolean) {
  return useQuery<AvailabilityDto>({ queryKey: availabilityKey, enabled });
}

const keepAvailability = (dto: AvailabilityDto) => queryClient.setQueryData(availabilityKey, dto);

export function useSaveAvailability() {
  return useMutation({ mutationFn: (input: AvailabilityInput) => apiRequest<AvailabilityDto>('PUT', '/api/availability', input), onSuccess: keepAvailability });
}

export function useAddDaysOff() {
  return useMutation({
    mutationFn: (input: { startDate: string; endDate: string; note?: string }) => apiRequest<AvailabilityDto>('POST', '/api/availability/exceptions', input),
    onSuccess: keepAvailability,
  });
}

export function useRemoveDaysOff() {
  return useMutation({
    mutationFn: (exceptionId: string) => apiRequest<AvailabilityDto>('DELETE', `/api/availability/exceptions/${encodeURIComponent(exceptionId)}`),
    onSuccess: keepAvailability,
  });
}

export function useSaveTimeZone() {
  return useMutation({
    mutationFn: (timeZone: string) => apiRequest<{ timeZone: string }>('PUT', '/api/profile/time-zone', { timeZone }),
    // A request's Session card shows its times in the viewer's zone, and a mediator's unsaved hours default to it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/user'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/requests'] }),
        queryClient.invalidateQueries({ queryKey: availabilityKey }),
      ]),
  });
}

export function useCalendarFeed() {
  return useQuery<CalendarFeed>({ queryKey: feedKey });
}

/** Makes a feed URL (POST) or turns the feed off (DELETE); either answer is the feed's new state. */
export function useChangeCalendarFeed() {
  return useMutation({
    mutationFn: (method: 'POST' | 'DELETE') => apiRequest<CalendarFeed>(method, '/api/calendar-feed'),
    // The URL stays with the component that shows it once, never in the cache.
    onSuccess: (feed) => queryClient.setQueryData<CalendarFeed>(feedKey, { ...feed, url: null }),
  });
}

/**
 * The caller's scheduled sessions from now. Read again on each visit (a session confirmed on a request page is not
 * announced to this query), as the dashboard's own query is.
 */
export function useUpcomingSessions() {
  return useQuery<{ sessions: UpcomingSession[] }>({ queryKey: ['/api/sessions'], staleTime: 0 });
}

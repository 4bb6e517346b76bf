import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import type { PollAnswer } from '../../../common/domain/scheduling';
import type { AttendeeInputSchema, PollInputSchema, SchedulingDto } from '../../../common/schemas/scheduling';
import { apiGet, apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { browserTimeZone } from '../../lib/time-zone';

// The request page's Session card (issue 25, decision 054): the case's attendees, its date poll and its sessions.

/** Under '/api/requests', so the socket's request_updated event (lib/realtime.ts) refreshes it with the request. */
const schedulingKey = (requestId: string) => ['/api/requests', requestId, 'scheduling'] as const;

export function useScheduling(requestId: string) {
  return useQuery<SchedulingDto>({ queryKey: schedulingKey(requestId), staleTime: 0 });
}

/** The card and the upcoming-sessions lists elsewhere read the same sessions. */
const refresh = (requestId: string) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: schedulingKey(requestId) }), queryClient.invalidateQueries({ queryKey: ['/api/sessions'] })]);

/** The zone this browser shows times in: the one the viewer lives in until they say otherwise. */

let timeZoneSent = false;

/**
 * Sets the viewer's zone from the browser the first time scheduling shows they have none (null), once per page load:
 * e-mailed invites and reminders are then written in it. A failure changes nothing on screen (the card already reads
 * the browser's zone), so it is not shown; the next page load tries again.
 */
export function useEnsureTimeZone(viewerTimeZone: string | null | undefined): void {
  useEffect(() => {
    if (viewerTimeZone !== null || timeZoneSent) return;
    timeZoneSent = true;
    apiRequest('PUT', '/api/profile/time-zone', { timeZone: browserTimeZone() }).catch(() => undefined);
  }, [viewerTimeZone]);
}

export interface PollSlots {
  minutes: number;
  timeZone: string;
  slots: { startsAt: string; endsAt: string }[];
}

/** Candidate times drawn from the selected mediator's availability, asked for on demand. */
export function usePollSlots(requestId: string) {
  return useMutation({
    mutationFn: ({ fromDate, toDate, minutes }: { fromDate: string; toDate: string; minutes: number }) =>
      apiGet<PollSlots>(`/api/requests/${requestId}/poll-slots?${new URLSearchParams({ fromDate, toDate, minutes: String(minutes) })}`),
  });
}

export function useOpenPoll(requestId: string) {
  return useMutation({
    mutationFn: (input: z.input<typeof PollInputSchema>) => apiRequest('POST', `/api/requests/${requestId}/polls`, input),
    onSuccess: () => refresh(requestId),
  });
}

export type AnswerRow = { candidateId: string; attendeeId: string; answer: PollAnswer };

export function useAnswerPoll(requestId: string, pollId: string) {
  return useMutation({
    mutationFn: (answers: AnswerRow[]) => apiRequest('PUT', `/api/requests/${requestId}/polls/${pollId}/answers`, { answers }),
    onSuccess: () => refresh(requestId),
  });
}

export function useConfirmPoll(requestId: string, pollId: string) {
  return useMutation({
    mutationFn: (candidateId: string) => apiRequest('POST', `/api/requests/${requestId}/polls/${pollId}/confirm`, { candidateId }),
    onSuccess: () => refresh(requestId),
  });
}

export function useClosePoll(requestId: string, pollId: string) {
  return useMutation({ mutationFn: () => apiRequest('POST', `/api/requests/${requestId}/polls/${pollId}/close`), onSuccess: () => refresh(requestId) });
}

export function useAddAttendee(requestId: string) {
  return useMutation({
    mutationFn: (input: z.input<typeof AttendeeInputSchema>) => apiRequest('POST', `/api/requests/${requestId}/attendees`, input),
    onSuccess: () => refresh(requestId),
  });
}

export function useRemoveAttendee(requestId: string) {
  return useMutation({
    mutationFn: (attendeeId: string) => apiRequest('DELETE', `/api/requests/${requestId}/attendees/${attendeeId}`),
    onSuccess: () => refresh(requestId),
  });
}

export function useCancelSession(requestId: string) {
  return useMutation({
    mutationFn: ({ sessionId, reason }: { sessionId: string; reason: string }) =>
      apiRequest('POST', `/api/requests/${requestId}/sessions/${sessionId}/cancel`, { reason }),
    onSuccess: () => refresh(requestId),
  });
}

/** The session's calendar file (its invite, or its cancellation once cancelled): a plain download link. */
export const inviteUrl = (requestId: string, sessionId: string) => `/api/requests/${requestId}/sessions/${sessionId}/invite.ics`;

import { formatInstant, formatSessionTime, type PollAnswer } from '../../../common/domain/scheduling';
import { LIVE_POLL_STATUSES, type CaseSide, type PollStatus } from '../../../common/enums';
import type { SchedulingDto } from '../../../common/schemas/scheduling';

// What the Session card's parts share: who is looking, whether they may change anything, and how times read.

export type SchedulingSeat = CaseSide | 'mediator' | 'admin';

export interface SchedulingView {
  requestId: string;
  seat: SchedulingSeat;
  /** False for admins and once the case is completed or cancelled: everything is shown, nothing can change. */
  editable: boolean;
  /** The zone every time is shown in: the viewer's, or the browser's until they have one. */
  zone: string;
  scheduling: SchedulingDto;
  /** When the data was read (ms): what is still to come is judged against it, so a render stays pure. */
  now: number;
}

export const isCounsel = (seat: SchedulingSeat): seat is CaseSide => seat === 'first' || seat === 'second';

/** A session or candidate in the viewer's zone, the zone named: "Tue, Mar 10, 2026, 9:00 AM – 1:00 PM EDT". */
export const timeText = (span: { startsAt: string; endsAt: string }, zone: string) => formatSessionTime(new Date(span.startsAt), new Date(span.endsAt), zone);

export const instantText = (iso: string, zone: string) => formatInstant(new Date(iso), zone);

export const ANSWER_LABELS: Record<PollAnswer, string> = { yes: 'Yes', if_need_be: 'If need be', no: 'No' };

export const SIDE_LABELS: Record<CaseSide, string> = { first: 'Requesting side', second: 'Opposing side' };

/** Whether a poll still asks for answers (a confirmed or closed one leaves only the session it made). */
export const isLivePoll = (poll: SchedulingDto['poll']): poll is NonNullable<SchedulingDto['poll']> =>
  !!poll && (LIVE_POLL_STATUSES as readonly PollStatus[]).includes(poll.status);

/** "1 hour", "1.5 hours", "4 hours" (sessions last whole or half hours). */
export const durationText = (minutes: number) => (minutes === 60 ? '1 hour' : `${minutes / 60} hours`);

/** Candidates in time order (the server keeps them in the order they were offered). */
export const byStart = <T extends { startsAt: string }>(items: readonly T[]): T[] => [...items].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));

/** A side's attendees, its counsel first (the server lists them in the order they were added). */
export const sideAttendees = (all: SchedulingDto['attendees'], side: CaseSide) =>
  all.filter((a) => a.side === side).sort((a, b) => Number(b.isCounsel) - Number(a.isCounsel));

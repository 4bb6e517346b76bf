// A mediator's availability (issue 25, decision 054): weekly hours in their own zone, blocked dates, the session
// length they offer by default, their cancellation window and meeting link. Until they save it, the defaults stand
// (weekdays 9 to 5 in their profile's zone, half a day, 48 hours).
import { candidateSlots, DEFAULT_WEEKLY_HOURS } from '../../../common/domain/scheduling';
import type { AvailabilityDto, AvailabilityInput } from '../../../common/schemas/scheduling';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { requireSeat, SCHEDULING_TEXTS, seatIn } from './scheduling-access';
import * as repo from './scheduling.repo';

const MEDIATORS_ONLY = 'Only mediators keep availability';
const EXCEPTION_NOT_FOUND = 'Blocked dates not found';

/** How far ahead slots drawn from availability start: a poll needs a day for the answers. */
const SLOT_NOTICE_MS = 24 * 3600_000;
const MAX_SLOTS = 20;
/** Slots drawn before the booked ones are left out: 60 days of four periods a day at most. */
const MAX_DRAWN = 60 * 4 * 12;

/** The terms a mediator's sessions are made under: their zone, link, default length and late window. */
export async function mediatorTerms(db: DbOrTx, mediatorId: string) {
  const row = await repo.findAvailability(db, mediatorId);
  if (row) return row;
  const [user] = await repo.usersByIds(db, [mediatorId]);
  return {
    mediatorId,
    timeZone: user?.timeZone ?? 'UTC',
    weekly: DEFAULT_WEEKLY_HOURS,
    sessionMinutes: 240,
    cancellationWindowHours: 48,
    meetingLink: null as string | null,
    updatedAt: null as Date | null,
  };
}

export function requireMediator(user: SessionUser): void {
  if (user.role !== 'mediator') throw forbidden(MEDIATORS_ONLY);
}

/** Saves the zone a user reads dates in (already by its current name: the schema canonicalises it). */
export async function saveTimeZone(ctx: AppContext, user: SessionUser, timeZone: string): Promise<{ timeZone: string }> {
  await repo.setUserTimeZone(ctx.db, user.id, timeZone);
  return { timeZone };
}

export async function getAvailability(ctx: AppContext, user: SessionUser): Promise<AvailabilityDto> {
  requireMediator(user);
  const [terms, exceptions] = await Promise.all([mediatorTerms(ctx.db, user.id), repo.exceptionsOf(ctx.db, user.id)]);
  return {
    timeZone: terms.timeZone,
    weekly: terms.weekly,
    sessionMinutes: terms.sessionMinutes,
    cancellationWindowHours: terms.cancellationWindowHours,
    meetingLink: terms.meetingLink,
    exceptions: exceptions.map((e) => ({ id: e.id, startDate: e.startDate, endDate: e.endDate, note: e.note })),
    saved: terms.updatedAt !== null,
  };
}

export async function saveAvailability(ctx: AppContext, user: SessionUser, input: AvailabilityInput): Promise<AvailabilityDto> {
  requireMediator(user);
  await repo.saveAvailability(ctx.db, {
    mediatorId: user.id,
    timeZone: input.timeZone,
    weekly: input.weekly,
    sessionMinutes: input.sessionMinutes,
    cancellationWindowHours: input.cancellationWindowHours,
    meetingLink: input.meetingLink ?? null,
    updatedAt: ctx.clock.now(),
  });
  return getAvailability(ctx, user);
}

export async function addException(ctx: AppContext, user: SessionUser, input: { startDate: string; endDate: string; note?: string }): Promise<AvailabilityDto> {
  requireMediator(user);
  await repo.insertException(ctx.db, { mediatorId: user.id, startDate: input.startDate, endDate: input.endDate, note: input.note || null });
  return getAvailability(ctx, user);
}

export async function removeException(ctx: AppContext, user: SessionUser, id: string): Promise<AvailabilityDto> {
  requireMediator(user);
  if (!(await repo.deleteException(ctx.db, user.id, id))) throw notFound(EXCEPTION_NOT_FOUND);
  return getAvailability(ctx, user);
}

/**
 * Candidate times from the selected mediator's availability, for the poll the caller is about to open: none at a time
 * they are already booked (a scheduled session of any of their cases).
 */
export async function pollSlots(ctx: AppContext, user: SessionUser, requestId: string, query: { fromDate: string; toDate: string; minutes?: number }) {
  const { request, seat } = await seatIn(ctx, user, requestId);
  requireSeat(seat, ['mediator', 'first'], SCHEDULING_TEXTS.openers);
  if (!request.selectedMediatorId) return { minutes: query.minutes ?? 240, timeZone: 'UTC', slots: [] };
  const terms = await mediatorTerms(ctx.db, request.selectedMediatorId);
  const exceptions = await repo.exceptionsOf(ctx.db, request.selectedMediatorId);
  const minutes = query.minutes ?? terms.sessionMinutes;
  const notBefore = new Date(ctx.clock.now().getTime() + SLOT_NOTICE_MS);
  // Every slot of the range, then those the mediator is not already booked in (a session of any of their cases).
  const all = candidateSlots({ timeZone: terms.timeZone, weekly: terms.weekly, exceptions }, query.fromDate, query.toDate, minutes, notBefore, MAX_DRAWN);
  const busy = all.length
    ? await repo.sessionsForUser(ctx.db, request.selectedMediatorId, { from: all[0].startsAt, to: all[all.length - 1].endsAt, scheduledOnly: true })
    : [];
  const free = all.filter((slot) => !busy.some(({ session }) => slot.startsAt < session.endsAt && session.startsAt < slot.endsAt)).slice(0, MAX_SLOTS);
  return { minutes, timeZone: terms.timeZone, slots: free.map((s) => ({ startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString() })) };
}

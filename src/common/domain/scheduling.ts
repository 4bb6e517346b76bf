// Scheduling mediation sessions (issue 25): a mediator's weekly working hours in their own zone, the candidate
// sessions a date poll offers from them, what the attendees' answers decide, the reminders of a confirmed session and
// when cancelling it is late. Pure: the caller passes `now`. Local times are 'HH:MM' on a 15-minute grid; every
// instant that leaves this file is a real instant (a Date), so the database and the poll only ever compare instants.
import { addDays, wallClockMs } from './date-range';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** 'HH:MM' 24-hour, end > start, both on a 15-minute grid; end may be '24:00'. */
export interface TimeInterval {
  start: string;
  end: string;
}
export type WeeklyHours = Record<Weekday, TimeInterval[]>;
export interface AvailabilityRules {
  /** IANA zone the weekly hours and the exceptions are read in. */
  timeZone: string;
  weekly: WeeklyHours;
  /** Blocked local dates, both inclusive, YYYY-MM-DD. */
  exceptions: { startDate: string; endDate: string }[];
}

/** Minutes; a length given in hours is 60..720 in steps of 30. */
export const SESSION_LENGTHS = { half_day: 240, full_day: 480 } as const;

const officeHours = (): TimeInterval[] => [{ start: '09:00', end: '17:00' }];
export const DEFAULT_WEEKLY_HOURS: WeeklyHours = {
  mon: officeHours(),
  tue: officeHours(),
  wed: officeHours(),
  thu: officeHours(),
  fri: officeHours(),
  sat: [],
  sun: [],
};

export const POLL_ANSWERS = ['yes', 'if_need_be', 'no'] as const;
export type PollAnswer = (typeof POLL_ANSWERS)[number];

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const GRID_MINUTES = 15;
const MAX_INTERVALS_PER_DAY = 4;

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const TIME_PATTERN = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** Minutes since local midnight of a valid 'HH:MM' ('24:00' is 1440). */
function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

const clockText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The weekday of a calendar date (1970-01-01 was a Thursday; getUTCDay counts from Sunday). */
const weekdayOf = (date: string): Weekday => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];

/** Error text for a bad weekly schedule, or null: the first problem found, naming its day. */
export function weeklyHoursError(weekly: WeeklyHours): string | null {
  for (const day of WEEKDAYS) {
    const error = dayError(weekly[day]);
    if (error) return `${DAY_NAMES[day]}: ${error}`;
  }
  return null;
}

function dayError(intervals: readonly TimeInterval[]): string | null {
  if (intervals.length > MAX_INTERVALS_PER_DAY) return `at most ${MAX_INTERVALS_PER_DAY} intervals a day.`;
  for (const [i, { start, end }] of intervals.entries()) {
    for (const time of [start, end]) {
      if (!TIME_PATTERN.test(time)) return `"${time}" is not a time between 00:00 and 24:00.`;
      if (minutesOf(time) % GRID_MINUTES) return `${time} is not on a quarter hour.`;
    }
    const label = `${start}–${end}`;
    // Valid 'HH:MM' texts compare as strings the way their times do.
    if (end < start) return `${label} ends before it starts.`;
    if (end === start) return `${label} ends when it starts.`;
    if (i === 0) continue;
    const previous = intervals[i - 1];
    const previousLabel = `${previous.start}–${previous.end}`;
    if (start < previous.start) return `${label} comes before ${previousLabel}; list the hours in order.`;
    if (start < previous.end) return `${label} overlaps ${previousLabel}.`;
  }
  return null;
}

/**
 * The instant of a local wall time in a zone. A time skipped by a daylight-saving change (02:30 on the spring-forward
 * night in America/New_York) moves forward by the gap (03:30 EDT); a time that happens twice (01:30 on the fall-back
 * night) is the first of the two (EDT). '24:00' is the next day's 00:00.
 *
 * The zone's offset a day before and a day after are the only two offsets near the time (no zone changes twice in
 * two days). Each gives a candidate instant; one that reads back as the wall time exists. Both do when the time
 * happens twice (take the earlier), neither when it was skipped: then the offset before the change moves it forward.
 */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutesOf(time) * MINUTE_MS;
  const before = wall - (wallClockMs(wall - DAY_MS, timeZone) - (wall - DAY_MS));
  const after = wall - (wallClockMs(wall + DAY_MS, timeZone) - (wall + DAY_MS));
  const exists = (instant: number) => wallClockMs(instant, timeZone) === wall;
  if (exists(before) || !exists(after)) return new Date(before);
  return new Date(after);
}

/** The local date, 'HH:MM' and weekday in a zone at an instant (zonedToUtc's inverse, held to it by the tests). @internal */
export function wallClock(instant: Date, timeZone: string): { date: string; time: string; weekday: Weekday } {
  const iso = new Date(wallClockMs(instant.getTime(), timeZone)).toISOString();
  const date = iso.slice(0, 10);
  return { date, time: iso.slice(11, 16), weekday: weekdayOf(date) };
}

/**
 * Candidate sessions drawn from availability: for each local date from `fromDate` to `toDate` (inclusive, in the
 * mediator's zone) not inside an exception, for each working interval of that weekday, consecutive slots of
 * `minutes` starting at the interval's start while the slot ends by the interval's end (counted on the local clock);
 * slots starting before `notBefore` are skipped; at most `max`, in time order.
 *
 * A slot starts at its local start time (read by zonedToUtc) and ends `minutes` of real time later, so a slot across
 * a daylight-saving change ends off by the shift on the local clock (00:00 EST + 4 h is 05:00 EDT). Two local starts
 * that land on the same instant (the skipped hour of a spring-forward night moves onto the next) are offered once.
 */
export function candidateSlots(
  rules: AvailabilityRules,
  fromDate: string,
  toDate: string,
  minutes: number,
  notBefore: Date,
  max: number,
): { startsAt: Date; endsAt: Date }[] {
  // A slot without length is no session, and stepping by it would never end.
  if (minutes <= 0) return [];
  const slots: { startsAt: Date; endsAt: Date }[] = [];
  for (let date = fromDate; date <= toDate && slots.length < max; date = addDays(date, 1)) {
    if (rules.exceptions.some((blocked) => blocked.startDate <= date && date <= blocked.endDate)) continue;
    for (const startsAt of slotStarts(rules, date, minutes)) {
      if (startsAt >= notBefore.getTime()) slots.push({ startsAt: new Date(startsAt), endsAt: new Date(startsAt + minutes * MINUTE_MS) });
    }
  }
  return slots.slice(0, max);
}

/** The distinct start instants of one local date's slots, in time order. */
function slotStarts(rules: AvailabilityRules, date: string, minutes: number): number[] {
  const localStarts = rules.weekly[weekdayOf(date)].flatMap(({ start, end }) => {
    const starts: number[] = [];
    for (let at = minutesOf(start); at + minutes <= minutesOf(end); at += minutes) starts.push(at);
    return starts;
  });
  const instants = localStarts.map((at) => zonedToUtc(date, clockText(at), rules.timeZone).getTime()).sort((a, b) => a - b);
  return instants.filter((instant, i) => i === 0 || instant !== instants[i - 1]);
}

type PollAnswerRow = { candidateId: string; attendeeId: string; answer: PollAnswer };

/** Each attendee's answer per candidate; a later row replaces an earlier one (the answer was changed). */
function answerBook(answers: readonly PollAnswerRow[]): Map<string, PollAnswer> {
  return new Map(answers.map((row) => [answerKey(row.candidateId, row.attendeeId), row.answer]));
}
const answerKey = (candidateId: string, attendeeId: string) => JSON.stringify([candidateId, attendeeId]);

const canMake = (book: Map<string, PollAnswer>, candidateId: string, requiredAttendeeIds: readonly string[]) =>
  requiredAttendeeIds.every((attendeeId) => {
    const answer = book.get(answerKey(candidateId, attendeeId));
    return answer === 'yes' || answer === 'if_need_be';
  });

/**
 * What the answers so far decide. 'waiting' until every required attendee has answered every candidate (`missing`
 * counts the unanswered pairs); then the earliest candidate (by startsAt, then id) no required attendee answered 'no'
 * to ('proposed'), or 'none'. Answers of attendees not listed as required (optional attendees) never block.
 */
export function pollOutcome(
  candidates: readonly { id: string; startsAt: Date }[],
  requiredAttendeeIds: readonly string[],
  answers: readonly PollAnswerRow[],
): { kind: 'waiting'; missing: number } | { kind: 'proposed'; candidateId: string } | { kind: 'none' } {
  const book = answerBook(answers);
  const required = [...new Set(requiredAttendeeIds)];
  const missing = candidates.reduce((count, { id }) => count + required.filter((attendeeId) => !book.has(answerKey(id, attendeeId))).length, 0);
  if (missing > 0) return { kind: 'waiting', missing };
  const earliest = candidates
    .filter(({ id }) => canMake(book, id, required))
    .reduce<(typeof candidates)[number] | null>((best, candidate) => (best && !isEarlier(candidate, best) ? best : candidate), null);
  return earliest ? { kind: 'proposed', candidateId: earliest.id } : { kind: 'none' };
}

const isEarlier = (a: { id: string; startsAt: Date }, b: { id: string; startsAt: Date }) =>
  a.startsAt.getTime() < b.startsAt.getTime() || (a.startsAt.getTime() === b.startsAt.getTime() && a.id < b.id);

/** Whether a candidate can be confirmed: every required attendee answered it 'yes' or 'if_need_be'. */
export function everyoneRequiredCanMake(candidateId: string, requiredAttendeeIds: readonly string[], answers: readonly PollAnswerRow[]): boolean {
  return canMake(answerBook(answers), candidateId, requiredAttendeeIds);
}

/** The last moment to cancel without it being late: startsAt − windowHours. */
export function lastFreeCancellation(startsAt: Date, windowHours: number): Date {
  return new Date(startsAt.getTime() - windowHours * HOUR_MS);
}

/** A cancellation at `at` is late when it is after lastFreeCancellation (equal is not late). */
export function isLateCancellation(startsAt: Date, at: Date, windowHours: number): boolean {
  return at.getTime() > lastFreeCancellation(startsAt, windowHours).getTime();
}

export const REMINDER_KINDS = ['week', 'day', 'hour'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
const REMINDER_LEAD_MS: Record<ReminderKind, number> = { week: 7 * DAY_MS, day: DAY_MS, hour: HOUR_MS };

/**
 * The reminders still to send for a session starting at startsAt, seen at `now`: a week (7×24 h), a day (24 h) and an
 * hour before, each only when its time is after `now`. One whose time has passed is skipped, not sent late: a
 * "one week to go" mail three days ahead would mislead.
 */
export function reminderSchedule(startsAt: Date, now: Date): { kind: ReminderKind; at: Date }[] {
  return REMINDER_KINDS.map((kind) => ({ kind, at: new Date(startsAt.getTime() - REMINDER_LEAD_MS[kind]) })).filter(({ at }) => at.getTime() > now.getTime());
}

const displayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The parts of an instant as the viewer reads it. Assembled by hand because engines differ in the literals between
 * parts (a narrow no-break space before "AM" in current browsers, a plain space in Node 20). */
function displayParts(instant: Date, timeZone: string): { date: string; time: string; zone: string } {
  let formatter = displayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour12: true,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    displayFormatters.set(timeZone, formatter);
  }
  const part = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    date: `${part.weekday}, ${part.month} ${part.day}, ${part.year}`,
    time: `${part.hour}:${part.minute} ${part.dayPeriod}`,
    zone: part.timeZoneName,
  };
}

/**
 * "Tue, Mar 10, 2026, 9:00 AM – 1:00 PM EDT": a session in a viewer's zone with the zone's short name (Intl's, so
 * "GMT+5:30" for Asia/Kolkata). An end on another local date writes both dates; the zone name is written once, at the
 * end, read at the end instant (a session across a daylight-saving change ends in the new one).
 */
export function formatSessionTime(startsAt: Date, endsAt: Date, timeZone: string): string {
  const start = displayParts(startsAt, timeZone);
  const end = displayParts(endsAt, timeZone);
  const endText = end.date === start.date ? end.time : `${end.date}, ${end.time}`;
  return `${start.date}, ${start.time} – ${endText} ${end.zone}`;
}

/** One instant with its zone: "Mon, Mar 9, 2026, 9:00 AM EDT". */
export function formatInstant(instant: Date, timeZone: string): string {
  const { date, time, zone } = displayParts(instant, timeZone);
  return `${date}, ${time} ${zone}`;
}

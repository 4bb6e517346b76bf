// Calendar date ranges read in a time zone (the admin analytics, docs/decisions/021): "2026-03-01 to 2026-03-31 in
// America/Los_Angeles" becomes the instants from local midnight of the first day to local midnight after the last,
// one boundary per day, so the database only ever compares instants. Pure: the caller passes `now`.

export const DEFAULT_RANGE_DAYS_BACK = 30;
export const MAX_RANGE_DAYS = 366;

export const DATE_RANGE_TEXTS = {
  date: 'Use a date like 2026-03-31',
  timeZone: 'Unknown time zone',
  order: 'The start date must be on or before the end date',
  tooLong: `The range can span at most ${MAX_RANGE_DAYS} days`,
} as const;

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** An IANA zone name the runtime knows ("America/Los_Angeles", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Days since 1970-01-01 of a calendar date, and back: date arithmetic without time zones. */
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** Inclusive count of calendar days from start to end (1 when equal, ≤ 0 when end is before start). */
export function daysBetweenInclusive(start: string, end: string): number {
  return dayNumber(end) - dayNumber(start) + 1;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in a zone at an instant, as if it were UTC (milliseconds), to read the zone's offset. */
export function wallClockMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** The calendar date in a zone at an instant. */
export function dateIn(instant: Date, timeZone: string): string {
  return new Date(wallClockMs(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

/**
 * The first instant of a calendar date in a zone: local midnight, or the first minute after it where a daylight-saving
 * change skips midnight itself. The zone's offset is read at a guess and read again where the guess lands, which
 * settles both directions of a change.
 */
export function startOfDay(date: string, timeZone: string): Date {
  const midnightAsUtc = Date.parse(`${date}T00:00:00Z`);
  let instant = midnightAsUtc - (wallClockMs(midnightAsUtc, timeZone) - midnightAsUtc);
  instant = midnightAsUtc - (wallClockMs(instant, timeZone) - instant);
  // Midnight that does not exist locally (the clock jumps from 23:59 to 01:00) lands on the previous day: step forward.
  while (dateIn(new Date(instant), timeZone) < date) instant += 60 * 60_000;
  // And back to the earliest instant still on this date, in whole hours (every such change is a whole or half hour).
  while (dateIn(new Date(instant - 30 * 60_000), timeZone) === date) instant -= 30 * 60_000;
  return new Date(instant);
}

export interface DateRangeInput {
  startDate?: string;
  endDate?: string;
  timeZone?: string;
}

export interface DateRange {
  startDate: string;
  endDate: string;
  timeZone: string;
  /** Each calendar date of the range, in order. */
  days: string[];
  /** The first instant of each day, then the first instant after the range: days.length + 1 boundaries. */
  boundaries: Date[];
}

export type DateRangeResult = { ok: true; range: DateRange } | { ok: false; fieldErrors: Record<string, string> };

/**
 * The range to report (RULES.md 7 analytics; spec 2: start defaults to 30 days ago, end to today): both dates
 * inclusive, read in `timeZone` (default UTC). A start after the end, or more than 366 days, is refused per field.
 */
export function resolveDateRange(input: DateRangeInput, now: Date): DateRangeResult {
  const fieldErrors: Record<string, string> = {};
  const timeZone = input.timeZone ?? 'UTC';
  if (!isTimeZone(timeZone)) fieldErrors.timeZone = DATE_RANGE_TEXTS.timeZone;
  if (input.startDate !== undefined && !isCalendarDate(input.startDate)) fieldErrors.startDate = DATE_RANGE_TEXTS.date;
  if (input.endDate !== undefined && !isCalendarDate(input.endDate)) fieldErrors.endDate = DATE_RANGE_TEXTS.date;
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };

  const endDate = input.endDate ?? (input.startDate ? maxDate(input.startDate, dateIn(now, timeZone)) : dateIn(now, timeZone));
  const startDate = input.startDate ?? addDays(endDate, -DEFAULT_RANGE_DAYS_BACK);
  const length = daysBetweenInclusive(startDate, endDate);
  if (length < 1) return { ok: false, fieldErrors: { startDate: DATE_RANGE_TEXTS.order } };
  if (length > MAX_RANGE_DAYS) return { ok: false, fieldErrors: { endDate: DATE_RANGE_TEXTS.tooLong } };

  const days = Array.from({ length }, (_, i) => addDays(startDate, i));
  const boundaries = [...days, addDays(endDate, 1)].map((date) => startOfDay(date, timeZone));
  return { ok: true, range: { startDate, endDate, timeZone, days, boundaries } };
}

const maxDate = (a: string, b: string) => (a > b ? a : b);

/**
 * Old names browsers still report for zones that were renamed (their ICU data keeps the old ones as canonical):
 * "Asia/Calcutta" for Asia/Kolkata, and so on. People read the current name, and calendar files know it.
 */
const RENAMED_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** A zone's current IANA name (the same zone), where the runtime knows it; the name as given otherwise. */
export function canonicalTimeZone(zone: string): string {
  const current = RENAMED_ZONES[zone];
  return current && isTimeZone(current) ? current : zone;
}

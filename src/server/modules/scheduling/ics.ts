import { tzOffset, TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { escape, ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from 'ical-generator';

// Calendar files (RFC 5545) for mediation sessions: invites, updates and cancellations mailed to the parties, and a
// subscribable feed. ical-generator writes, escapes and folds the text; the few values it leaves unescaped or escapes
// wrongly are made safe here (see calendarName, paramText, uriValue).

export interface SessionCalendarEvent {
  uid: string; // stable per session, e.g. `session-<uuid>@mediatehub`
  sequence: number; // 0 at first invite, raised by each change
  status: 'confirmed' | 'cancelled';
  startsAt: Date;
  endsAt: Date;
  timeZone: string; // the organizer's (mediator's) IANA zone: DTSTART/DTEND are written in it, with its VTIMEZONE
  summary: string; // e.g. "Mediation: Smith v. Jones"
  description: string; // plain text; may hold user text: it must be escaped by the library, never break the file
  location: string | null; // a place, or null
  url: string | null; // the meeting link, or null; also put into LOCATION when location is null
  pageUrl: string; // the case page link; appended to the description
  organizer: { name: string; email: string };
  attendees: { name: string; email: string; required: boolean }[]; // ROLE=REQ-PARTICIPANT or OPT-PARTICIPANT, RSVP=TRUE, PARTSTAT=NEEDS-ACTION
  stamp: Date; // DTSTAMP (the moment the file is made; pass the app clock's now)
}

/** An invite or update (METHOD:REQUEST, STATUS:CONFIRMED) or a cancellation (METHOD:CANCEL, STATUS:CANCELLED, same UID,
 * the sequence given). Returns the file's text. */
export function sessionInvite(event: SessionCalendarEvent): string {
  const calendar = newCalendar();
  calendar.method(event.status === 'cancelled' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST);
  addSession(calendar, event);
  return fileText(calendar);
}

/** A subscribable feed of a user's sessions: no METHOD (a published calendar), X-WR-CALNAME = name, one VEVENT per
 * session with its own zone's VTIMEZONE (several zones → several VTIMEZONE blocks, each once), cancelled sessions kept
 * with STATUS:CANCELLED so subscribers drop them. */
export function sessionFeed(name: string, events: readonly SessionCalendarEvent[]): string {
  const calendar = newCalendar();
  calendar.name(calendarName(name));
  for (const event of events) addSession(calendar, event);
  return fileText(calendar);
}

/** No calendar-level zone name: ical-generator would then write DTSTAMP without its Z. The generator alone makes it emit
 * one VTIMEZONE per distinct event zone. */
function newCalendar(): ICalCalendar {
  return ical({ prodId: { company: 'MediateHub', product: 'Sessions', language: 'EN' }, timezone: { name: null, generator: vtimezoneOf } });
}

/** RFC 5545 ends every content line, the last one too, with CRLF; ical-generator leaves the last one bare. */
const fileText = (calendar: ICalCalendar) => `${calendar.toString()}\r\n`;

function addSession(calendar: ICalCalendar, event: SessionCalendarEvent): void {
  // ical-generator would silently swap the two and send a session nobody scheduled.
  if (event.endsAt <= event.startsAt) throw new Error(`Session ${event.uid} does not end after it starts`);
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    stamp: event.stamp,
    ...sessionTimes(event),
    status: event.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    summary: event.summary,
    description: [event.description, event.pageUrl].filter(Boolean).join('\n\n'),
    location: event.location ?? event.url,
    url: uriValue(event.url),
    organizer: { name: paramText(event.organizer.name) || event.organizer.email, email: event.organizer.email },
    attendees: event.attendees.map((a) => ({
      name: paramText(a.name) || null,
      email: a.email,
      role: a.required ? ICalAttendeeRole.REQ : ICalAttendeeRole.OPT,
      rsvp: true,
      status: ICalAttendeeStatus.NEEDSACTION,
    })),
  });
}

/** DTSTART/DTEND in the organizer's zone, as TZDates: a plain Date would be written in the process's local wall time.
 * When the bundled VTIMEZONE cannot carry the zone (see vtimezoneOffsetAt) the times are written in UTC instead, which
 * every reader places right; a TZID whose VTIMEZONE disagrees with the real rules would put the session an hour off. */
function sessionTimes({ startsAt, endsAt, timeZone }: SessionCalendarEvent) {
  const inZone = [startsAt, endsAt].every((at) => vtimezoneOffsetAt(timeZone, at) === tzOffset(timeZone, at));
  if (!inZone) return { start: startsAt, end: endsAt, timezone: null };
  return { start: new TZDate(startsAt.getTime(), timeZone), end: new TZDate(endsAt.getTime(), timeZone), timezone: timeZone };
}

// @touch4it/ical-timezones ships VTIMEZONEs from tzdata 2018g: zones whose rules changed since (Brazil and Mexico
// dropped DST, Iran too, Egypt brought it back, ...) would be read by calendars with the old rules, and zones named
// since (Europe/Kyiv) have none. So the offset its VTIMEZONE gives at each written instant is checked against the
// runtime's tzdata. Its blocks are either one fixed observance or a yearly pair `RRULE:FREQ=YEARLY;BYMONTH=m;BYDAY=nDD`.
const OBSERVANCE = /BEGIN:(?:STANDARD|DAYLIGHT)\r?\n([\s\S]*?)END:(?:STANDARD|DAYLIGHT)/g;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** getVtimezoneComponent reads a file on each call, and a feed asks several times per session: the zones found are kept
 * (a few hundred at most). */
const vtimezones = new Map<string, string>();
function vtimezoneOf(zone: string): string | null {
  const vtimezone = vtimezones.get(zone) ?? getVtimezoneComponent(zone);
  if (vtimezone) vtimezones.set(zone, vtimezone);
  return vtimezone;
}

/** The UTC offset in minutes that the bundled VTIMEZONE of `zone` gives at `at`, or null (no VTIMEZONE, or one this
 * reader does not understand). */
function vtimezoneOffsetAt(zone: string, at: Date): number | null {
  const vtimezone = vtimezoneOf(zone);
  if (!vtimezone) return null;
  let latest: { onset: number; offset: number } | null = null;
  for (const [, block] of vtimezone.matchAll(OBSERVANCE)) {
    const observance = parseObservance(block);
    if (!observance) return null;
    for (const onset of observance.onsetsBy(at.getUTCFullYear())) {
      if (onset <= at.getTime() && (!latest || onset > latest.onset)) latest = { onset, offset: observance.to };
    }
  }
  return latest?.offset ?? null;
}

/** One STANDARD or DAYLIGHT block: the offset it sets, and the instants (ms) it starts in a given year and the one before. */
function parseObservance(block: string): { to: number; onsetsBy: (year: number) => number[] } | null {
  const from = utcOffset(/^TZOFFSETFROM:(.+)$/m.exec(block)?.[1]);
  const to = utcOffset(/^TZOFFSETTO:(.+)$/m.exec(block)?.[1]);
  const start = /^DTSTART:(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)\r?$/m.exec(block)?.slice(1).map(Number);
  const rrule = /^RRULE:(.*?)\r?$/m.exec(block)?.[1];
  if (from === null || to === null || !start) return null;
  const [startYear, month, day, hour, minute, second] = start;
  const localToUtc = (year: number, date: number) => Date.UTC(year, month - 1, date, hour, minute, second) - from * 60_000;
  if (rrule === undefined) return { to, onsetsBy: () => [localToUtc(startYear, day)] };
  const rule = /^FREQ=YEARLY;BYMONTH=(\d+);BYDAY=([+-]?\d)(SU|MO|TU|WE|TH|FR|SA)$/.exec(rrule);
  if (!rule || Number(rule[1]) !== month) return null;
  const [nth, weekday] = [Number(rule[2]), WEEKDAYS.indexOf(rule[3])];
  // The year before too: early in a year the offset in force is the one set late in the previous year.
  const onsetsBy = (year: number) => [year - 1, year].filter((y) => y >= startYear).map((y) => localToUtc(y, nthWeekday(y, month, nth, weekday)));
  return { to, onsetsBy };
}

/** `+0530` → 330, `-0400` → -240. */
function utcOffset(text: string | undefined): number | null {
  const match = /^([+-])(\d\d)(\d\d)\r?$/.exec(text ?? '');
  if (!match) return null;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The day of the month of the nth (from the end when negative) given weekday (0 = Sunday). */
function nthWeekday(year: number, month: number, nth: number, weekday: number): number {
  if (nth > 0) return 1 + ((weekday - new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 7) % 7) + (nth - 1) * 7;
  const last = new Date(Date.UTC(year, month, 0));
  return last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7) + (nth + 1) * 7;
}

/** ical-generator writes NAME and X-WR-CALNAME unescaped, so a comma, semicolon or newline in the name would break the
 * line; TEXT escaping is what readers undo there. */
const calendarName = (name: string) => escape(name, false);

/** A display name as a CN parameter can hold it. Parameter values have no escapes in RFC 5545, yet ical-generator
 * writes `\"`, `\\` and `\n` into them, which readers take as the end of the value or as literal backslashes: so double
 * quotes become apostrophes, and backslashes and control characters (newlines) spaces. */
const paramText = (name: string) =>
  name
    .replace(/"/g, "'")
    .replace(/[\\\p{Cc}]+/gu, ' ')
    .trim();

/** A URI as the URL property must hold it, or null when it is no URL (the link still shows as text). ical-generator
 * escapes it like TEXT (`,` → `\,`), but URI values are not unescaped by readers, so those characters are
 * percent-encoded first; parsing also drops newlines and encodes spaces, so a typed link cannot add lines to the file. */
function uriValue(url: string | null): string | null {
  if (url === null || !URL.canParse(url)) return null;
  return new URL(url).href.replace(/[,;\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { formatSessionTime } from '../../../common/domain/scheduling';
import { sessionFeed, sessionInvite, type SessionCalendarEvent } from './ics';

// Every file is read back with ical.js (Mozilla's parser, as Thunderbird uses it), never with the library that wrote
// it: instants through the file's own VTIMEZONEs, text through the parser's unescaping. The process's time zone plays
// no part (try TZ=Pacific/Auckland).

const NEW_YORK = 'America/New_York';
const LONDON = 'Europe/London';

const session = (overrides: Partial<SessionCalendarEvent> = {}): SessionCalendarEvent => ({
  uid: 'session-8f6c1a52-3b7e-4c0d-9a41-2f5e7d9b1c30@mediatehub',
  sequence: 0,
  status: 'confirmed',
  startsAt: new Date('2026-06-10T14:00:00Z'),
  endsAt: new Date('2026-06-10T17:00:00Z'),
  timeZone: NEW_YORK,
  summary: 'Mediation: Smith v. Jones',
  description: 'Please bring your exhibits.',
  location: null,
  url: 'https://meet.example.com/j/123456',
  pageUrl: 'https://mediatehub.example/requests/8f6c1a52',
  organizer: { name: 'Maria Mediator', email: 'maria@mediators.example' },
  attendees: [
    { name: 'Larry Lawyer', email: 'larry@firm.example', required: true },
    { name: 'Olive Observer', email: 'olive@firm.example', required: false },
  ],
  stamp: new Date('2026-05-01T12:34:56Z'),
  ...overrides,
});

/** Checks the raw text as a strict reader would, then parses it with every VTIMEZONE it carries registered. */
function read(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
  }
  ICAL.TimezoneService.reset();
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vtimezones = calendar.getAllSubcomponents('vtimezone');
  for (const vtimezone of vtimezones) ICAL.TimezoneService.register(vtimezone);
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  return { calendar, vtimezones, events, lines };
}

function readOne(text: string) {
  const file = read(text);
  expect(file.events).toHaveLength(1);
  return { ...file, event: file.events[0] };
}

/** How a DTSTART or DTEND was written: its TZID (null for a UTC time), its local wall time, and the zone ical.js resolved
 * it in (the registered VTIMEZONE's, so not a floating time). */
function written(event: ICAL.Event, name: 'dtstart' | 'dtend') {
  const property = event.component.getFirstProperty(name)!;
  const time = property.getFirstValue() as ICAL.Time;
  return { tzid: property.getParameter('tzid') ?? null, local: time.toString(), zone: time.zone?.tzid };
}

const text = (value: unknown) => String(value);
const email = (calAddress: unknown) => text(calAddress).replace(/^mailto:/i, '');

describe('sessionInvite: DTSTART and DTEND are the intended instants, written in the organizer zone', () => {
  const cases = [
    {
      name: 'New York, the day before the spring-forward (EST)',
      zone: NEW_YORK,
      start: '2026-03-07T14:00:00Z',
      end: '2026-03-07T16:00:00Z',
      local: ['2026-03-07T09:00:00', '2026-03-07T11:00:00'],
    },
    {
      name: 'New York, the day after the spring-forward (EDT)',
      zone: NEW_YORK,
      start: '2026-03-09T14:00:00Z',
      end: '2026-03-09T16:00:00Z',
      local: ['2026-03-09T10:00:00', '2026-03-09T12:00:00'],
    },
    {
      name: 'New York, across the spring-forward night',
      zone: NEW_YORK,
      start: '2026-03-08T06:00:00Z',
      end: '2026-03-08T08:00:00Z',
      local: ['2026-03-08T01:00:00', '2026-03-08T04:00:00'],
    },
    {
      name: 'New York, the day before the fall-back (EDT)',
      zone: NEW_YORK,
      start: '2026-10-31T14:00:00Z',
      end: '2026-10-31T16:00:00Z',
      local: ['2026-10-31T10:00:00', '2026-10-31T12:00:00'],
    },
    {
      name: 'New York, the day after the fall-back (EST)',
      zone: NEW_YORK,
      start: '2026-11-02T14:00:00Z',
      end: '2026-11-02T16:00:00Z',
      local: ['2026-11-02T09:00:00', '2026-11-02T11:00:00'],
    },
    {
      name: 'London, the day before summer time (GMT)',
      zone: LONDON,
      start: '2026-03-28T10:00:00Z',
      end: '2026-03-28T12:00:00Z',
      local: ['2026-03-28T10:00:00', '2026-03-28T12:00:00'],
    },
    {
      name: 'London, the day after summer time begins (BST)',
      zone: LONDON,
      start: '2026-03-30T09:00:00Z',
      end: '2026-03-30T11:00:00Z',
      local: ['2026-03-30T10:00:00', '2026-03-30T12:00:00'],
    },
    {
      name: 'Kolkata, a half-hour offset (+05:30)',
      zone: 'Asia/Kolkata',
      start: '2026-05-12T04:30:00Z',
      end: '2026-05-12T07:00:00Z',
      local: ['2026-05-12T10:00:00', '2026-05-12T12:30:00'],
    },
    {
      name: 'Lord Howe in its summer (+11)',
      zone: 'Australia/Lord_Howe',
      start: '2026-01-14T23:00:00Z',
      end: '2026-01-15T01:00:00Z',
      local: ['2026-01-15T10:00:00', '2026-01-15T12:00:00'],
    },
    {
      name: 'Lord Howe in its winter, a half-hour DST shift (+10:30)',
      zone: 'Australia/Lord_Howe',
      start: '2026-07-14T23:30:00Z',
      end: '2026-07-15T01:30:00Z',
      local: ['2026-07-15T10:00:00', '2026-07-15T12:00:00'],
    },
    {
      name: 'starting at local midnight',
      zone: NEW_YORK,
      start: '2026-06-01T04:00:00Z',
      end: '2026-06-01T06:00:00Z',
      local: ['2026-06-01T00:00:00', '2026-06-01T02:00:00'],
    },
    {
      name: 'ending on the next local day',
      zone: NEW_YORK,
      start: '2026-06-01T02:00:00Z',
      end: '2026-06-01T05:00:00Z',
      local: ['2026-05-31T22:00:00', '2026-06-01T01:00:00'],
    },
  ];

  it.each(cases)('$name', ({ zone, start, end, local }) => {
    const { event, vtimezones } = readOne(sessionInvite(session({ timeZone: zone, startsAt: new Date(start), endsAt: new Date(end) })));
    expect(vtimezones.map((v) => v.getFirstPropertyValue('tzid'))).toEqual([zone]);
    expect(written(event, 'dtstart')).toEqual({ tzid: zone, local: local[0], zone });
    expect(written(event, 'dtend')).toEqual({ tzid: zone, local: local[1], zone });
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(start).toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(new Date(end).toISOString());
  });
});

describe('an attendee in another zone across its daylight-saving change', () => {
  // The organizer (the mediator) is in Kolkata, which has no change; the attendee is in New York, which moves to
  // daylight time on 2026-03-08. The same 14:00 UTC session reads 9:00 AM EST before and 10:00 AM EDT after: the file
  // carries the instant (in Kolkata's zone), the attendee's calendar and e-mail read it in theirs.
  it.each([
    ['the Friday before', '2026-03-06T14:00:00Z', 'Fri, Mar 6, 2026, 9:00 AM – 12:00 PM EST'],
    ['the Monday after', '2026-03-09T14:00:00Z', 'Mon, Mar 9, 2026, 10:00 AM – 1:00 PM EDT'],
  ])('%s', (_label, start, attendeeReads) => {
    const startsAt = new Date(start);
    const endsAt = new Date(startsAt.getTime() + 3 * 3600_000);
    const { event } = readOne(sessionInvite(session({ timeZone: 'Asia/Kolkata', startsAt, endsAt })));
    expect(written(event, 'dtstart').tzid).toBe('Asia/Kolkata');
    expect(event.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(endsAt.toISOString());
    expect(formatSessionTime(event.startDate.toJSDate(), event.endDate.toJSDate(), NEW_YORK)).toBe(attendeeReads);
  });
});

describe('sessionInvite: UTC, and a zone the bundled VTIMEZONE data (tzdata 2018g) gets wrong or lacks, are written in UTC', () => {
  const cases = [
    { name: 'São Paulo, which dropped DST in 2019 (the data still has it in January)', zone: 'America/Sao_Paulo', start: '2027-01-12T13:00:00Z' },
    { name: 'Mexico City, which dropped DST in 2022 (the data still has it in July)', zone: 'America/Mexico_City', start: '2026-07-15T16:00:00Z' },
    { name: 'Kyiv, named so since 2022 (the data has only Europe/Kiev)', zone: 'Europe/Kyiv', start: '2026-07-15T07:00:00Z' },
    { name: 'UTC itself', zone: 'UTC', start: '2026-07-15T07:00:00Z' },
  ];

  it.each(cases)('$name', ({ zone, start }) => {
    const startsAt = new Date(start);
    const endsAt = new Date(startsAt.getTime() + 2 * 3_600_000);
    const { event, vtimezones } = readOne(sessionInvite(session({ timeZone: zone, startsAt, endsAt })));
    expect(vtimezones).toHaveLength(0);
    expect(written(event, 'dtstart').tzid).toBeNull();
    expect(event.component.getFirstProperty('dtstart')!.toICALString()).toMatch(/^DTSTART:\d{8}T\d{6}Z$/);
    expect(event.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(endsAt.toISOString());
  });

  it('keeps the zone when the data is still right on those dates (Mexico City in January: -06:00 either way)', () => {
    const startsAt = new Date('2026-01-15T16:00:00Z');
    const { event } = readOne(sessionInvite(session({ timeZone: 'America/Mexico_City', startsAt, endsAt: new Date('2026-01-15T18:00:00Z') })));
    expect(written(event, 'dtstart')).toEqual({ tzid: 'America/Mexico_City', local: '2026-01-15T10:00:00', zone: 'America/Mexico_City' });
    expect(event.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
  });
});

describe('sessionInvite: the calendar and its event', () => {
  it('is an invite: METHOD:REQUEST, STATUS:CONFIRMED, our PRODID, DTSTAMP in UTC, no alarm', () => {
    const raw = sessionInvite(session());
    const { calendar, event, lines } = readOne(raw);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//MediateHub//Sessions//EN');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event.uid).toBe(session().uid);
    expect(event.sequence).toBe(0);
    expect(lines).toContain('DTSTAMP:20260501T123456Z');
    expect((event.component.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString()).toBe('2026-05-01T12:34:56.000Z');
    expect(event.component.getAllSubcomponents('valarm')).toHaveLength(0);
  });

  it('an update keeps the UID and raises the SEQUENCE; a cancellation keeps the UID with METHOD:CANCEL and STATUS:CANCELLED', () => {
    const steps = [
      { change: 'first invite', event: session({ sequence: 0 }), method: 'REQUEST', status: 'CONFIRMED' },
      {
        change: 'moved an hour later',
        event: session({ sequence: 1, startsAt: new Date('2026-06-10T15:00:00Z'), endsAt: new Date('2026-06-10T18:00:00Z') }),
        method: 'REQUEST',
        status: 'CONFIRMED',
      },
      {
        change: 'moved to another day',
        event: session({ sequence: 2, startsAt: new Date('2026-06-11T15:00:00Z'), endsAt: new Date('2026-06-11T18:00:00Z') }),
        method: 'REQUEST',
        status: 'CONFIRMED',
      },
      { change: 'cancelled', event: session({ sequence: 3, status: 'cancelled' }), method: 'CANCEL', status: 'CANCELLED' },
    ];
    for (const step of steps) {
      const { calendar, event } = readOne(sessionInvite(step.event));
      expect({ change: step.change, uid: event.uid, sequence: event.sequence, method: calendar.getFirstPropertyValue('method') }).toEqual({
        change: step.change,
        uid: session().uid,
        sequence: step.event.sequence,
        method: step.method,
      });
      expect(event.component.getFirstPropertyValue('status')).toBe(step.status);
      expect(event.startDate.toJSDate().toISOString()).toBe(step.event.startsAt.toISOString());
      expect(event.endDate.toJSDate().toISOString()).toBe(step.event.endsAt.toISOString());
    }
  });

  it('names the organizer and every attendee with their role, RSVP=TRUE and PARTSTAT=NEEDS-ACTION', () => {
    const attendees = [
      { name: 'Larry Lawyer', email: 'larry@firm.example', required: true, cn: 'Larry Lawyer', role: 'REQ-PARTICIPANT' },
      { name: 'Olive Observer', email: 'olive@firm.example', required: false, cn: 'Olive Observer', role: 'OPT-PARTICIPANT' },
      { name: 'Dana "DJ" Jones, Esq.; Partner', email: 'dana@firm.example', required: true, cn: "Dana 'DJ' Jones, Esq.; Partner", role: 'REQ-PARTICIPANT' },
      { name: 'Back\\slash\nNewline', email: 'odd@firm.example', required: false, cn: 'Back slash Newline', role: 'OPT-PARTICIPANT' },
      { name: 'Zoë 日本', email: 'zoe@firm.example', required: true, cn: 'Zoë 日本', role: 'REQ-PARTICIPANT' },
    ];
    const { event } = readOne(sessionInvite(session({ organizer: { name: 'Maria "M" Mediator', email: 'maria@mediators.example' }, attendees })));

    const organizer = event.component.getFirstProperty('organizer')!;
    expect({ email: email(organizer.getFirstValue()), cn: organizer.getParameter('cn') }).toEqual({
      email: 'maria@mediators.example',
      cn: "Maria 'M' Mediator",
    });
    expect(
      event.attendees.map((a) => ({
        email: email(a.getFirstValue()),
        cn: a.getParameter('cn'),
        role: a.getParameter('role'),
        rsvp: a.getParameter('rsvp'),
        partstat: a.getParameter('partstat'),
      })),
    ).toEqual(attendees.map(({ email, cn, role }) => ({ email, cn, role, rsvp: 'TRUE', partstat: 'NEEDS-ACTION' })));
  });

  it('gives user text back exactly (commas, semicolons, newlines, END:VEVENT, non-ASCII), with the case page appended', () => {
    const userText = 'Agenda, part 1; part 2\nEND:VEVENT\nBEGIN:VEVENT\r\nBackslash \\ and "quotes"\nCafé, résumé: 日本語のテキスト '.repeat(3);
    const summary = 'Mediation: Smith, Jr. v. Jones; Café 日本';
    const location = 'Suite 5, 10 Main St; Floor 2\nEND:VEVENT';
    const { event, lines } = readOne(sessionInvite(session({ description: userText, summary, location })));
    expect(event.description).toBe(`${userText.replace(/\r\n/g, '\n')}\n\n${session().pageUrl}`);
    expect(event.summary).toBe(summary);
    expect(event.location).toBe(location.replace(/\r\n/g, '\n'));
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
  });

  it('refuses a session that does not end after it starts (ical-generator would silently swap the two)', () => {
    const startsAt = new Date('2026-06-10T14:00:00Z');
    for (const endsAt of [startsAt, new Date('2026-06-10T13:00:00Z')]) {
      expect(() => sessionInvite(session({ startsAt, endsAt }))).toThrow(/does not end after it starts/);
      expect(() => sessionFeed('Sessions', [session({ startsAt, endsAt })])).toThrow(/does not end after it starts/);
    }
  });

  it('has only the case page as description when there is no other text', () => {
    expect(readOne(sessionInvite(session({ description: '' }))).event.description).toBe(session().pageUrl);
  });

  it('puts the meeting link in URL, and in LOCATION when there is no place', () => {
    const cases = [
      {
        name: 'a link, no place',
        location: null,
        url: 'https://meet.example.com/j/123456',
        wantUrl: 'https://meet.example.com/j/123456',
        wantLocation: 'https://meet.example.com/j/123456',
      },
      {
        name: 'a place and a link',
        location: 'Room 4',
        url: 'https://meet.example.com/j/123456',
        wantUrl: 'https://meet.example.com/j/123456',
        wantLocation: 'Room 4',
      },
      { name: 'a place, no link', location: 'Room 4', url: null, wantUrl: null, wantLocation: 'Room 4' },
      { name: 'neither', location: null, url: null, wantUrl: null, wantLocation: null },
      // URI values are not unescaped by readers: in URL `,` and `;` are percent-encoded rather than backslash-escaped.
      {
        name: 'a link with a comma and a semicolon',
        location: null,
        url: 'https://meet.example.com/j/1?pwd=a,b;c',
        wantUrl: 'https://meet.example.com/j/1?pwd=a%2Cb%3Bc',
        wantLocation: 'https://meet.example.com/j/1?pwd=a,b;c',
      },
      // A typed link cannot add lines to the file: URL parsing drops newlines, LOCATION escapes them.
      {
        name: 'a link with a line break in it',
        location: null,
        url: 'https://meet.example.com/j/1\nEND:VEVENT',
        wantUrl: 'https://meet.example.com/j/1END:VEVENT',
        wantLocation: 'https://meet.example.com/j/1\nEND:VEVENT',
      },
      // The schema only asks for `https://` and no spaces: what is no URL stays text, and the file is still made.
      { name: 'a link that is no URL', location: null, url: 'https://[not-a-host', wantUrl: null, wantLocation: 'https://[not-a-host' },
    ];
    for (const c of cases) {
      const { event } = readOne(sessionInvite(session({ location: c.location, url: c.url })));
      expect({ name: c.name, url: event.component.getFirstPropertyValue('url'), location: event.location }).toEqual({
        name: c.name,
        url: c.wantUrl,
        location: c.wantLocation,
      });
    }
  });
});

describe('sessionFeed', () => {
  const sessions = [
    session({ uid: 'session-1@mediatehub', timeZone: NEW_YORK, startsAt: new Date('2026-03-07T14:00:00Z'), endsAt: new Date('2026-03-07T16:00:00Z') }),
    session({ uid: 'session-2@mediatehub', timeZone: LONDON, startsAt: new Date('2026-03-30T09:00:00Z'), endsAt: new Date('2026-03-30T11:00:00Z') }),
    session({
      uid: 'session-3@mediatehub',
      timeZone: NEW_YORK,
      sequence: 2,
      status: 'cancelled',
      startsAt: new Date('2026-11-02T14:00:00Z'),
      endsAt: new Date('2026-11-02T16:00:00Z'),
    }),
  ];
  const name = 'MediateHub sessions: Maria Mediator, Esq.; 日本\nsecond line';

  it('is a published calendar named by X-WR-CALNAME, with one VTIMEZONE per zone and every session at its instant', () => {
    const { calendar, vtimezones, events } = read(sessionFeed(name, sessions));
    expect(calendar.getFirstPropertyValue('method')).toBeNull();
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//MediateHub//Sessions//EN');
    // ical.js keeps X- properties raw: TEXT unescaping is what calendars apply to X-WR-CALNAME.
    expect(ICAL.design.icalendar.value.text.fromICAL(text(calendar.getFirstPropertyValue('x-wr-calname')))).toBe(name);
    expect(vtimezones.map((v) => v.getFirstPropertyValue('tzid')).sort()).toEqual([NEW_YORK, LONDON]);
    expect(
      events.map((e) => ({
        uid: e.uid,
        sequence: e.sequence,
        status: e.component.getFirstPropertyValue('status'),
        tzid: written(e, 'dtstart').tzid,
        start: e.startDate.toJSDate().toISOString(),
        end: e.endDate.toJSDate().toISOString(),
      })),
    ).toEqual(
      sessions.map((s) => ({
        uid: s.uid,
        sequence: s.sequence,
        status: s.status.toUpperCase(),
        tzid: s.timeZone,
        start: s.startsAt.toISOString(),
        end: s.endsAt.toISOString(),
      })),
    );
  });

  it('is a valid empty calendar when the user has no sessions', () => {
    const { vtimezones, events } = read(sessionFeed('MediateHub sessions', []));
    expect([vtimezones.length, events.length]).toEqual([0, 0]);
  });
});

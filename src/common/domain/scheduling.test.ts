import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './date-range';
import {
  candidateSlots,
  DEFAULT_WEEKLY_HOURS,
  everyoneRequiredCanMake,
  formatInstant,
  formatSessionTime,
  isLateCancellation,
  lastFreeCancellation,
  POLL_ANSWERS,
  pollOutcome,
  reminderSchedule,
  SESSION_LENGTHS,
  wallClock,
  WEEKDAYS,
  weeklyHoursError,
  zonedToUtc,
  type AvailabilityRules,
  type PollAnswer,
  type WeeklyHours,
} from './scheduling';

// Issue 25: scheduling mediation sessions.
const at = (iso: string) => new Date(iso);
const iso = (slots: { startsAt: Date; endsAt: Date }[]) => slots.map((s) => `${s.startsAt.toISOString()} – ${s.endsAt.toISOString()}`);

describe('zonedToUtc (a local wall time in a zone → the instant)', () => {
  it.each([
    // [zone, date, time, instant]
    ['America/New_York', '2026-03-08', '01:30', '2026-03-08T06:30:00.000Z'], // spring forward: still EST (−5)
    ['America/New_York', '2026-03-08', '02:00', '2026-03-08T07:00:00.000Z'], // skipped: moves on by the gap to 03:00 EDT
    ['America/New_York', '2026-03-08', '02:30', '2026-03-08T07:30:00.000Z'], // skipped: 03:30 EDT
    ['America/New_York', '2026-03-08', '03:00', '2026-03-08T07:00:00.000Z'], // the first EDT (−4) minute
    ['America/New_York', '2026-03-08', '09:00', '2026-03-08T13:00:00.000Z'],
    ['America/New_York', '2026-11-01', '00:30', '2026-11-01T04:30:00.000Z'], // fall back: still EDT
    ['America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'], // happens twice: the first (EDT)
    ['America/New_York', '2026-11-01', '02:00', '2026-11-01T07:00:00.000Z'], // EST (−5)
    ['America/New_York', '2026-11-01', '09:00', '2026-11-01T14:00:00.000Z'],
    ['Europe/London', '2026-03-29', '00:30', '2026-03-29T00:30:00.000Z'], // GMT
    ['Europe/London', '2026-03-29', '01:30', '2026-03-29T01:30:00.000Z'], // skipped: 02:30 BST
    ['Europe/London', '2026-03-29', '02:00', '2026-03-29T01:00:00.000Z'], // BST (+1)
    ['Europe/London', '2026-10-25', '01:30', '2026-10-25T00:30:00.000Z'], // happens twice: the first (BST)
    ['Europe/London', '2026-10-25', '02:00', '2026-10-25T02:00:00.000Z'], // GMT again
    ['Asia/Kolkata', '2026-03-08', '09:00', '2026-03-08T03:30:00.000Z'], // +05:30, no DST
    ['Asia/Kolkata', '2026-07-01', '09:00', '2026-07-01T03:30:00.000Z'], // the same in summer
    ['Asia/Kathmandu', '2026-03-08', '09:00', '2026-03-08T03:15:00.000Z'], // +05:45
    ['Australia/Lord_Howe', '2026-10-04', '01:45', '2026-10-03T15:15:00.000Z'], // +10:30 before its spring forward
    ['Australia/Lord_Howe', '2026-10-04', '02:15', '2026-10-03T15:45:00.000Z'], // skipped: the gap is 30 minutes, 02:45 (+11)
    ['Australia/Lord_Howe', '2026-10-04', '02:30', '2026-10-03T15:30:00.000Z'], // the first +11 minute
    ['Australia/Lord_Howe', '2026-04-05', '01:45', '2026-04-04T14:45:00.000Z'], // happens twice (02:00 → 01:30): the first (+11)
    ['Australia/Lord_Howe', '2026-04-05', '02:00', '2026-04-04T15:30:00.000Z'], // +10:30
    ['America/New_York', '2026-03-09', '00:00', '2026-03-09T04:00:00.000Z'], // local midnight
    ['America/New_York', '2026-03-09', '24:00', '2026-03-10T04:00:00.000Z'], // 24:00 is the next day's 00:00
    ['America/New_York', '2026-03-07', '24:00', '2026-03-08T05:00:00.000Z'], // …in the offset of that next day
    ['Asia/Kolkata', '2026-03-08', '00:00', '2026-03-07T18:30:00.000Z'], // local midnight is the day before in UTC
    ['UTC', '2026-03-08', '02:30', '2026-03-08T02:30:00.000Z'],
    ['UTC', '2026-12-31', '24:00', '2027-01-01T00:00:00.000Z'], // into the next year
  ])('%s %s %s → %s', (zone, date, time, expected) => {
    expect(zonedToUtc(date, time, zone).toISOString()).toBe(expected);
  });
});

// Zones with and without DST, whole, half and quarter-hour offsets, a 30-minute shift (Lord Howe), a shift of
// 45-minute offsets (Chatham), changes at midnight (Santiago, Havana), and the southern hemisphere.
const ZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Australia/Sydney',
  'Pacific/Chatham',
  'America/Santiago',
  'America/Havana',
] as const;
const MIN_DAY = Date.parse('2000-01-01T00:00:00Z');
const MAX_DAY = Date.parse('2035-12-31T00:00:00Z');
const quarterHour = (q: number) => `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`;

describe('wallClock and zonedToUtc round-trip', () => {
  it.each([
    // [instant, zone, date, time, weekday]
    ['2026-03-08T07:30:00Z', 'America/New_York', '2026-03-08', '03:30', 'sun'],
    ['2026-03-07T18:30:00Z', 'Asia/Kolkata', '2026-03-08', '00:00', 'sun'],
    ['2026-03-10T04:00:00Z', 'America/New_York', '2026-03-10', '00:00', 'tue'],
    ['2026-03-09T23:59:59Z', 'UTC', '2026-03-09', '23:59', 'mon'], // seconds are cut, not rounded
  ])('wallClock(%s, %s) = %s %s %s', (instant, zone, date, time, weekday) => {
    expect(wallClock(at(instant), zone)).toEqual({ date, time, weekday });
  });

  it('reads every existing local time back: each is the wall clock of some instant, and its first occurrence is found', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: MIN_DAY / 900_000, max: MAX_DAY / 900_000 }), (zone, quarter) => {
        const instant = new Date(quarter * 900_000);
        const local = wallClock(instant, zone);
        const found = zonedToUtc(local.date, local.time, zone);
        expect(wallClock(found, zone)).toEqual(local);
        // The same instant, or the first of a time that happens twice: at most the shift (an hour) earlier.
        expect(instant.getTime() - found.getTime()).toBeGreaterThanOrEqual(0);
        expect(instant.getTime() - found.getTime()).toBeLessThanOrEqual(3_600_000);
      }),
      { numRuns: 400 },
    );
  });

  it('over zones, dates and quarter-hours, gives the same local time, or a skipped one moved on by its gap', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: 0, max: (MAX_DAY - MIN_DAY) / 86_400_000 }), fc.integer({ min: 0, max: 95 }), (zone, day, q) => {
        checkLocalTime(zone, addDays('2000-01-01', day), quarterHour(q));
      }),
      { numRuns: 400 },
    );
  });

  // Random dates almost never hit a change, so every quarter-hour of every day with one in 2026 is checked, and the
  // skipped ones counted: exactly the gap of each spring-forward night, none in a zone without DST.
  it.each([
    // [zone, skipped quarter-hours in 2026]
    ['UTC', 0],
    ['Asia/Kolkata', 0],
    ['Asia/Kathmandu', 0],
    ['America/New_York', 4], // 02:00–02:45 on March 8
    ['America/Los_Angeles', 4],
    ['Europe/London', 4], // 01:00–01:45 on March 29
    ['Europe/Berlin', 4],
    ['Australia/Lord_Howe', 2], // 02:00 and 02:15 on October 4: a 30-minute gap
    ['Australia/Sydney', 4],
    ['Pacific/Chatham', 4], // 02:45–03:30 on September 27
    ['America/Santiago', 4], // 00:00–00:45: the change skips midnight
    ['America/Havana', 4], // likewise
  ])('on the days a change happens in %s, every quarter-hour checks out; %i are skipped', (zone, skipped) => {
    const days = changeDays(zone, 2026);
    expect(days.length).toBe(skipped ? 2 : 0);
    const results = days.flatMap((date) => Array.from({ length: 96 }, (_, q) => checkLocalTime(zone, date, quarterHour(q))));
    expect(results.filter((result) => result === 'skipped').length).toBe(skipped);
  });
});

/** The offset of a zone at an instant, read from its wall clock. */
function offsetIn(zone: string, instant: Date): number {
  const wall = wallClock(instant, zone);
  return Date.parse(`${wall.date}T${wall.time}:00Z`) - instant.getTime();
}

/** The local dates of a year on which a zone's offset changes (read at each local noon and at the next day's). */
function changeDays(zone: string, year: number): string[] {
  const days: string[] = [];
  for (let date = `${year}-01-01`; date < `${year + 1}-01-01`; date = addDays(date, 1)) {
    const noon = (day: string) => offsetIn(zone, new Date(Date.parse(`${day}T12:00:00Z`) - offsetIn(zone, new Date(`${day}T12:00:00Z`))));
    if (noon(date) !== noon(addDays(date, 1))) days.push(addDays(date, 1));
  }
  return days;
}

/** zonedToUtc reads back as the same local time, or (a time the clock skipped) later by exactly the gap of a change
 * that happened within the hour before it. */
function checkLocalTime(zone: string, date: string, time: string): 'same' | 'skipped' {
  const found = zonedToUtc(date, time, zone);
  const local = wallClock(found, zone);
  if (local.date === date && local.time === time) return 'same';
  const moved = Date.parse(`${local.date}T${local.time}:00Z`) - Date.parse(`${date}T${time}:00Z`);
  expect(moved).toBeGreaterThan(0);
  expect(moved).toBeLessThanOrEqual(3_600_000);
  expect(offsetIn(zone, found) - offsetIn(zone, new Date(found.getTime() - 3_600_000))).toBe(moved);
  return 'skipped';
}

const EVERY_DAY_9_TO_5: WeeklyHours = Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start: '09:00', end: '17:00' }]])) as WeeklyHours;
const rules = (overrides: Partial<AvailabilityRules> = {}): AvailabilityRules => ({
  timeZone: 'America/New_York',
  weekly: DEFAULT_WEEKLY_HOURS,
  exceptions: [],
  ...overrides,
});
const EPOCH = at('2000-01-01T00:00:00Z');

describe('candidateSlots (slots of a length drawn from the weekly hours)', () => {
  it.each([
    // [case, rules, from, to, minutes, notBefore, max, slots]
    [
      'a half day in 09–17 gives two slots (Monday after the March change: EDT)',
      rules(),
      '2026-03-09',
      '2026-03-09',
      SESSION_LENGTHS.half_day,
      EPOCH,
      10,
      ['2026-03-09T13:00:00.000Z – 2026-03-09T17:00:00.000Z', '2026-03-09T17:00:00.000Z – 2026-03-09T21:00:00.000Z'],
    ],
    [
      'a full day gives one',
      rules(),
      '2026-03-09',
      '2026-03-10',
      SESSION_LENGTHS.full_day,
      EPOCH,
      10,
      ['2026-03-09T13:00:00.000Z – 2026-03-09T21:00:00.000Z', '2026-03-10T13:00:00.000Z – 2026-03-10T21:00:00.000Z'],
    ],
    [
      '90 minutes gives five: 09:00, 10:30, 12:00, 13:30, 15:00 (16:30 would end after 17:00)',
      rules(),
      '2026-03-09',
      '2026-03-09',
      90,
      EPOCH,
      10,
      [
        '2026-03-09T13:00:00.000Z – 2026-03-09T14:30:00.000Z',
        '2026-03-09T14:30:00.000Z – 2026-03-09T16:00:00.000Z',
        '2026-03-09T16:00:00.000Z – 2026-03-09T17:30:00.000Z',
        '2026-03-09T17:30:00.000Z – 2026-03-09T19:00:00.000Z',
        '2026-03-09T19:00:00.000Z – 2026-03-09T20:30:00.000Z',
      ],
    ],
    [
      'an exception skips its dates, both ends included (Tue–Wed blocked)',
      rules({ exceptions: [{ startDate: '2026-03-10', endDate: '2026-03-11' }] }),
      '2026-03-09',
      '2026-03-12',
      SESSION_LENGTHS.full_day,
      EPOCH,
      10,
      ['2026-03-09T13:00:00.000Z – 2026-03-09T21:00:00.000Z', '2026-03-12T13:00:00.000Z – 2026-03-12T21:00:00.000Z'],
    ],
    [
      'notBefore skips slots starting earlier; one starting exactly then is kept',
      rules(),
      '2026-03-09',
      '2026-03-10',
      SESSION_LENGTHS.half_day,
      at('2026-03-09T17:00:00Z'),
      10,
      [
        '2026-03-09T17:00:00.000Z – 2026-03-09T21:00:00.000Z',
        '2026-03-10T13:00:00.000Z – 2026-03-10T17:00:00.000Z',
        '2026-03-10T17:00:00.000Z – 2026-03-10T21:00:00.000Z',
      ],
    ],
    [
      'max caps the list, earliest first',
      rules(),
      '2026-03-09',
      '2026-03-31',
      SESSION_LENGTHS.half_day,
      EPOCH,
      3,
      [
        '2026-03-09T13:00:00.000Z – 2026-03-09T17:00:00.000Z',
        '2026-03-09T17:00:00.000Z – 2026-03-09T21:00:00.000Z',
        '2026-03-10T13:00:00.000Z – 2026-03-10T17:00:00.000Z',
      ],
    ],
    ['the default week has no weekend hours', rules(), '2026-03-07', '2026-03-08', SESSION_LENGTHS.half_day, EPOCH, 10, []],
    [
      'across the DST night local 09:00 stays: 14:00Z in EST (Sat), 13:00Z in EDT (Sun)',
      rules({ weekly: EVERY_DAY_9_TO_5 }),
      '2026-03-07',
      '2026-03-08',
      SESSION_LENGTHS.full_day,
      EPOCH,
      10,
      ['2026-03-07T14:00:00.000Z – 2026-03-07T22:00:00.000Z', '2026-03-08T13:00:00.000Z – 2026-03-08T21:00:00.000Z'],
    ],
    [
      'across the November night too: 13:00Z in EDT (Sat), 14:00Z in EST (Sun)',
      rules({ weekly: EVERY_DAY_9_TO_5 }),
      '2026-10-31',
      '2026-11-01',
      SESSION_LENGTHS.full_day,
      EPOCH,
      10,
      ['2026-10-31T13:00:00.000Z – 2026-10-31T21:00:00.000Z', '2026-11-01T14:00:00.000Z – 2026-11-01T22:00:00.000Z'],
    ],
    [
      "a Kolkata mediator's 09:00 is 03:30Z",
      rules({ timeZone: 'Asia/Kolkata' }),
      '2026-03-09',
      '2026-03-09',
      SESSION_LENGTHS.full_day,
      EPOCH,
      10,
      ['2026-03-09T03:30:00.000Z – 2026-03-09T11:30:00.000Z'],
    ],
    [
      'a slot over the spring-forward change lasts its minutes of real time: 00:00 EST + 4 h ends at 05:00 EDT',
      rules({ weekly: { ...DEFAULT_WEEKLY_HOURS, sun: [{ start: '00:00', end: '06:00' }] } }),
      '2026-03-08',
      '2026-03-08',
      SESSION_LENGTHS.half_day,
      EPOCH,
      10,
      ['2026-03-08T05:00:00.000Z – 2026-03-08T09:00:00.000Z'],
    ],
    [
      'the skipped 02:00 lands on 03:00 EDT, the same instant as the 03:00 slot: offered once',
      rules({ weekly: { ...DEFAULT_WEEKLY_HOURS, sun: [{ start: '01:00', end: '04:00' }] } }),
      '2026-03-08',
      '2026-03-08',
      60,
      EPOCH,
      10,
      ['2026-03-08T06:00:00.000Z – 2026-03-08T07:00:00.000Z', '2026-03-08T07:00:00.000Z – 2026-03-08T08:00:00.000Z'],
    ],
    [
      'hours to 24:00 and several intervals a day (sorted, two touching)',
      rules({
        timeZone: 'UTC',
        weekly: {
          ...DEFAULT_WEEKLY_HOURS,
          sat: [
            { start: '08:00', end: '10:00' },
            { start: '10:00', end: '12:00' },
            { start: '22:00', end: '24:00' },
          ],
        },
      }),
      '2026-03-07',
      '2026-03-07',
      120,
      EPOCH,
      10,
      [
        '2026-03-07T08:00:00.000Z – 2026-03-07T10:00:00.000Z',
        '2026-03-07T10:00:00.000Z – 2026-03-07T12:00:00.000Z',
        '2026-03-07T22:00:00.000Z – 2026-03-08T00:00:00.000Z',
      ],
    ],
    ['a slot longer than every interval: none', rules(), '2026-03-09', '2026-03-13', 600, EPOCH, 10, []],
    ['an empty range (from after to): none', rules(), '2026-03-10', '2026-03-09', 60, EPOCH, 10, []],
    ['max 0: none', rules(), '2026-03-09', '2026-03-13', 60, EPOCH, 0, []],
    ['0 minutes: none (and no endless loop)', rules(), '2026-03-09', '2026-03-09', 0, EPOCH, 10, []],
  ])('%s', (_case, availability, from, to, minutes, notBefore, max, expected) => {
    expect(iso(candidateSlots(availability, from, to, minutes, notBefore, max))).toEqual(expected);
  });

  it('gives at most max slots, in time order, each inside working hours on an unblocked date', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 3650 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 2, max: 24 }).map((halfHours) => halfHours * 30),
        fc.integer({ min: 0, max: 12 }),
        (zone, day, length, minutes, max) => {
          const from = addDays('2024-01-01', day);
          const blocked = { startDate: addDays(from, 2), endDate: addDays(from, 4) };
          const slots = candidateSlots(rules({ timeZone: zone, exceptions: [blocked] }), from, addDays(from, length), minutes, EPOCH, max);
          expect(slots.length).toBeLessThanOrEqual(max);
          for (const [i, slot] of slots.entries()) {
            if (i > 0) expect(slot.startsAt.getTime()).toBeGreaterThan(slots[i - 1].startsAt.getTime());
            expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(minutes * 60_000);
            const local = wallClock(slot.startsAt, zone);
            expect(['mon', 'tue', 'wed', 'thu', 'fri']).toContain(local.weekday);
            expect(local.date < blocked.startDate || local.date > blocked.endDate).toBe(true);
            expect(local.time >= '09:00' && local.time < '17:00').toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('weeklyHoursError (the first problem, naming its day)', () => {
  const week = (day: keyof WeeklyHours, intervals: [string, string][]): WeeklyHours => ({
    ...DEFAULT_WEEKLY_HOURS,
    [day]: intervals.map(([start, end]) => ({ start, end })),
  });
  it.each([
    // [case, weekly, error]
    ['the default week is fine', DEFAULT_WEEKLY_HOURS, null],
    ['the whole day, 00:00–24:00, is fine', week('sun', [['00:00', '24:00']]), null],
    [
      'touching intervals are fine',
      week('mon', [
        ['09:00', '12:00'],
        ['12:00', '17:00'],
      ]),
      null,
    ],
    [
      'four a day are fine',
      week('sat', [
        ['08:00', '09:00'],
        ['10:00', '11:00'],
        ['12:00', '13:00'],
        ['14:00', '15:00'],
      ]),
      null,
    ],
    ['an end before the start', week('tue', [['13:00', '12:00']]), 'Tuesday: 13:00–12:00 ends before it starts.'],
    ['an empty interval', week('tue', [['13:00', '13:00']]), 'Tuesday: 13:00–13:00 ends when it starts.'],
    ['not HH:MM', week('mon', [['9:00', '17:00']]), 'Monday: "9:00" is not a time between 00:00 and 24:00.'],
    ['past midnight', week('mon', [['22:00', '24:15']]), 'Monday: "24:15" is not a time between 00:00 and 24:00.'],
    ['no such hour', week('mon', [['25:00', '26:00']]), 'Monday: "25:00" is not a time between 00:00 and 24:00.'],
    ['no such minute', week('mon', [['09:60', '17:00']]), 'Monday: "09:60" is not a time between 00:00 and 24:00.'],
    ['off the 15-minute grid', week('mon', [['09:10', '17:00']]), 'Monday: 09:10 is not on a quarter hour.'],
    ['an end off the grid', week('fri', [['09:00', '16:50']]), 'Friday: 16:50 is not on a quarter hour.'],
    [
      'overlapping intervals',
      week('wed', [
        ['09:00', '13:00'],
        ['12:00', '17:00'],
      ]),
      'Wednesday: 12:00–17:00 overlaps 09:00–13:00.',
    ],
    [
      'intervals out of order',
      week('thu', [
        ['13:00', '17:00'],
        ['09:00', '12:00'],
      ]),
      'Thursday: 09:00–12:00 comes before 13:00–17:00; list the hours in order.',
    ],
    [
      'five a day',
      week('fri', [
        ['08:00', '09:00'],
        ['10:00', '11:00'],
        ['12:00', '13:00'],
        ['14:00', '15:00'],
        ['16:00', '17:00'],
      ]),
      'Friday: at most 4 intervals a day.',
    ],
    [
      'the first bad day in week order',
      { ...week('sun', [['10:00', '09:00']]), sat: [{ start: '09:00', end: '09:05' }] },
      'Saturday: 09:05 is not on a quarter hour.',
    ],
  ])('%s', (_case, weekly, expected) => {
    expect(weeklyHoursError(weekly)).toBe(expected);
  });
});

describe('pollOutcome and everyoneRequiredCanMake', () => {
  const candidates = [
    { id: 'c-wed', startsAt: at('2026-03-11T13:00:00Z') },
    { id: 'c-tue', startsAt: at('2026-03-10T13:00:00Z') },
    { id: 'c-thu', startsAt: at('2026-03-12T13:00:00Z') },
  ];
  const required = ['lawyer-a', 'lawyer-b'];
  type Row = [candidateId: string, attendeeId: string, answer: PollAnswer];
  const rows = (...list: Row[]) => list.map(([candidateId, attendeeId, answer]) => ({ candidateId, attendeeId, answer }));
  /** Both required attendees answer every candidate: `a` and `b` map candidate → answer, 'yes' when left out. */
  const everyone = (a: Record<string, PollAnswer>, b: Record<string, PollAnswer>, ...extra: Row[]) =>
    rows(
      ...candidates.flatMap(({ id }): Row[] => [
        [id, 'lawyer-a', a[id] ?? 'yes'],
        [id, 'lawyer-b', b[id] ?? 'yes'],
      ]),
      ...extra,
    );

  it.each([
    // [case, answers, outcome]
    ['nobody has answered: 3 candidates × 2 required missing', rows(), { kind: 'waiting', missing: 6 }],
    [
      'one required attendee has answered everything',
      rows(['c-tue', 'lawyer-a', 'yes'], ['c-wed', 'lawyer-a', 'no'], ['c-thu', 'lawyer-a', 'yes']),
      { kind: 'waiting', missing: 3 },
    ],
    [
      "an optional attendee's answers neither fill the gaps nor block",
      rows(['c-tue', 'lawyer-a', 'yes'], ['c-tue', 'observer', 'no'], ['c-wed', 'observer', 'yes']),
      { kind: 'waiting', missing: 5 },
    ],
    ['all yes: the earliest (Tuesday, listed second)', everyone({}, {}), { kind: 'proposed', candidateId: 'c-tue' }],
    ['a no on Tuesday: Wednesday', everyone({ 'c-tue': 'no' }, {}), { kind: 'proposed', candidateId: 'c-wed' }],
    ["'if need be' counts as can make", everyone({ 'c-tue': 'if_need_be' }, { 'c-tue': 'if_need_be' }), { kind: 'proposed', candidateId: 'c-tue' }],
    ['each side rules out a different day: Thursday', everyone({ 'c-tue': 'no' }, { 'c-wed': 'no' }), { kind: 'proposed', candidateId: 'c-thu' }],
    ['a no on every candidate: none', everyone({ 'c-tue': 'no', 'c-wed': 'no' }, { 'c-thu': 'no' }), { kind: 'none' }],
    ["an optional attendee's no never blocks", everyone({}, {}, ['c-tue', 'observer', 'no']), { kind: 'proposed', candidateId: 'c-tue' }],
    ['a changed answer: the later row counts', everyone({}, {}, ['c-tue', 'lawyer-b', 'no']), { kind: 'proposed', candidateId: 'c-wed' }],
  ])('%s', (_case, answers, expected) => {
    expect(pollOutcome(candidates, required, answers)).toEqual(expected);
  });

  it.each([
    // [case, candidates, required, answers, outcome]
    ['no candidates: none', [], required, rows(), { kind: 'none' }],
    ['no required attendees: the earliest candidate', candidates, [], rows(), { kind: 'proposed', candidateId: 'c-tue' }],
    [
      'two candidates at the same time: the smaller id',
      [
        { id: 'b', startsAt: at('2026-03-10T13:00:00Z') },
        { id: 'a', startsAt: at('2026-03-10T13:00:00Z') },
      ],
      ['x'],
      rows(['b', 'x', 'yes'], ['a', 'x', 'yes']),
      { kind: 'proposed', candidateId: 'a' },
    ],
    ['a required attendee listed twice counts once', [candidates[0]], ['x', 'x'], rows(), { kind: 'waiting', missing: 1 }],
  ])('%s', (_case, list, requiredIds, answers, expected) => {
    expect(pollOutcome(list, requiredIds, answers)).toEqual(expected);
  });

  it.each([
    // [case, answers, can make c-tue]
    ['both yes', rows(['c-tue', 'lawyer-a', 'yes'], ['c-tue', 'lawyer-b', 'yes']), true],
    ['yes and if need be', rows(['c-tue', 'lawyer-a', 'yes'], ['c-tue', 'lawyer-b', 'if_need_be']), true],
    ['one no', rows(['c-tue', 'lawyer-a', 'yes'], ['c-tue', 'lawyer-b', 'no']), false],
    ['one has not answered', rows(['c-tue', 'lawyer-a', 'yes']), false],
    ['answers to another candidate do not count', rows(['c-tue', 'lawyer-a', 'yes'], ['c-wed', 'lawyer-b', 'yes']), false],
    ["an optional attendee's no does not matter", rows(['c-tue', 'lawyer-a', 'yes'], ['c-tue', 'lawyer-b', 'yes'], ['c-tue', 'observer', 'no']), true],
  ])('everyoneRequiredCanMake: %s → %s', (_case, answers, expected) => {
    expect(everyoneRequiredCanMake('c-tue', required, answers)).toBe(expected);
  });

  it('proposes only a candidate everyone required can make, and the earliest of those', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...POLL_ANSWERS), { minLength: 6, maxLength: 6 }), (answers) => {
        const all = everyone(
          { 'c-wed': answers[0], 'c-tue': answers[1], 'c-thu': answers[2] },
          { 'c-wed': answers[3], 'c-tue': answers[4], 'c-thu': answers[5] },
        );
        const outcome = pollOutcome(candidates, required, all);
        const possible = candidates.filter(({ id }) => everyoneRequiredCanMake(id, required, all)).map(({ id }) => id);
        if (outcome.kind === 'proposed') expect(outcome.candidateId).toBe(['c-tue', 'c-wed', 'c-thu'].find((id) => possible.includes(id)));
        else expect(outcome).toEqual({ kind: 'none' });
        expect(outcome.kind === 'none').toBe(possible.length === 0);
      }),
    );
  });
});

describe('cancellation window', () => {
  const startsAt = at('2026-03-10T14:00:00Z');
  it('the last free moment is the window before the start', () => {
    expect(lastFreeCancellation(startsAt, 48).toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(lastFreeCancellation(startsAt, 0).toISOString()).toBe('2026-03-10T14:00:00.000Z');
  });

  it.each([
    // [cancelled at, window hours, late]
    ['2026-03-01T00:00:00.000Z', 48, false], // long before
    ['2026-03-08T13:59:59.999Z', 48, false], // just inside the free time
    ['2026-03-08T14:00:00.000Z', 48, false], // exactly the last free moment: not late
    ['2026-03-08T14:00:00.001Z', 48, true], // a millisecond after
    ['2026-03-10T13:00:00.000Z', 48, true], // an hour before the start
    ['2026-03-10T15:00:00.000Z', 48, true], // after the start
    ['2026-03-10T14:00:00.000Z', 0, false], // no window: at the start is still free
    ['2026-03-10T14:00:00.001Z', 0, true],
  ])('cancelled at %s with a %i h window → late %s', (cancelledAt, windowHours, expected) => {
    expect(isLateCancellation(startsAt, at(cancelledAt), windowHours)).toBe(expected);
  });
});

describe('reminderSchedule (a week, a day and an hour before; passed ones skipped)', () => {
  const startsAt = at('2026-03-20T14:00:00Z');
  const week = { kind: 'week', at: at('2026-03-13T14:00:00Z') };
  const day = { kind: 'day', at: at('2026-03-19T14:00:00Z') };
  const hour = { kind: 'hour', at: at('2026-03-20T13:00:00Z') };
  it.each([
    // [case, now, reminders]
    ['10 days away: all three', '2026-03-10T14:00:00Z', [week, day, hour]],
    ['exactly 7 days away: the week reminder is due now, not after now, so skipped', '2026-03-13T14:00:00Z', [day, hour]],
    ['3 days away: a day and an hour', '2026-03-17T14:00:00Z', [day, hour]],
    ['5 hours away: an hour', '2026-03-20T09:00:00Z', [hour]],
    ['30 minutes away: none', '2026-03-20T13:30:00Z', []],
    ['already started: none', '2026-03-20T15:00:00Z', []],
  ])('%s', (_case, now, expected) => {
    expect(reminderSchedule(startsAt, at(now))).toEqual(expected);
  });
});

describe('formatSessionTime and formatInstant (in the viewer zone, with its short name)', () => {
  it.each([
    // [start, end, zone, text]
    ['2026-03-10T13:00:00Z', '2026-03-10T17:00:00Z', 'America/New_York', 'Tue, Mar 10, 2026, 9:00 AM – 1:00 PM EDT'],
    ['2026-03-10T13:00:00Z', '2026-03-10T17:00:00Z', 'Asia/Kolkata', 'Tue, Mar 10, 2026, 6:30 PM – 10:30 PM GMT+5:30'],
    ['2026-03-10T13:00:00Z', '2026-03-10T17:00:00Z', 'Europe/London', 'Tue, Mar 10, 2026, 1:00 PM – 5:00 PM GMT'], // winter: GMT
    ['2026-07-01T08:00:00Z', '2026-07-01T16:00:00Z', 'Europe/London', 'Wed, Jul 1, 2026, 9:00 AM – 5:00 PM GMT+1'], // summer: Intl has no "BST" in en-US
    ['2026-03-08T03:00:00Z', '2026-03-08T06:00:00Z', 'America/New_York', 'Sat, Mar 7, 2026, 10:00 PM – Sun, Mar 8, 2026, 1:00 AM EST'], // across midnight
    ['2026-03-08T03:00:00Z', '2026-03-08T07:00:00Z', 'America/New_York', 'Sat, Mar 7, 2026, 10:00 PM – Sun, Mar 8, 2026, 3:00 AM EDT'], // and the change: the end's zone
    ['2026-03-10T16:30:00Z', '2026-03-10T20:30:00Z', 'Asia/Kolkata', 'Tue, Mar 10, 2026, 10:00 PM – Wed, Mar 11, 2026, 2:00 AM GMT+5:30'], // across midnight in Kolkata
    ['2026-03-10T04:00:00Z', '2026-03-10T16:00:00Z', 'America/New_York', 'Tue, Mar 10, 2026, 12:00 AM – 12:00 PM EDT'], // midnight and noon
  ])('%s – %s in %s → %s', (start, end, zone, expected) => {
    expect(formatSessionTime(at(start), at(end), zone)).toBe(expected);
  });

  it.each([
    // [instant, zone, text]
    ['2026-03-09T13:00:00Z', 'America/New_York', 'Mon, Mar 9, 2026, 9:00 AM EDT'],
    ['2026-03-09T13:00:00Z', 'Asia/Kolkata', 'Mon, Mar 9, 2026, 6:30 PM GMT+5:30'],
    ['2026-03-09T13:00:00Z', 'Europe/London', 'Mon, Mar 9, 2026, 1:00 PM GMT'],
    ['2026-03-09T03:45:00Z', 'America/New_York', 'Sun, Mar 8, 2026, 11:45 PM EDT'], // the day before locally
    ['2026-03-09T13:00:00Z', 'UTC', 'Mon, Mar 9, 2026, 1:00 PM UTC'],
  ])('%s in %s → %s', (instant, zone, expected) => {
    expect(formatInstant(at(instant), zone)).toBe(expected);
  });
});

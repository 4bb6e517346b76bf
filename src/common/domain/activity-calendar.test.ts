import { describe, expect, it } from 'vitest';
import { activeUsersFromCalendar, activityCalendar, type UtcDayActivity } from './activity-calendar';
import { resolveDateRange } from './date-range';

const NOW = new Date('2026-06-15T12:00:00Z');
const calendarOf = (startDate: string, endDate: string, timeZone: string) => {
  const resolved = resolveDateRange({ startDate, endDate, timeZone }, NOW);
  if (!resolved.ok) throw new Error(JSON.stringify(resolved.fieldErrors));
  return activityCalendar(resolved.range.boundaries);
};

describe('activityCalendar: which local day each part of a UTC day belongs to', () => {
  it.each([
    // zone, range, UTC days, local day at each UTC day's start, the quarter of the midnight inside it
    ['UTC', '2026-03-01', '2026-03-03', ['2026-03-01', '2026-03-02', '2026-03-03'], [1, 2, 3], [null, null, null]],
    // UTC−8: local midnight at 08:00 UTC (quarter 32); the first UTC day starts before the range (day 0), the last
    // holds the instant after it (its part after quarter 32 is day 3, outside).
    ['America/Los_Angeles', '2026-01-11', '2026-01-12', ['2026-01-11', '2026-01-12', '2026-01-13'], [0, 1, 2], [32, 32, 32]],
    // Spring forward on 2026-03-08: that local day lasts 23 hours; the next midnight is at 07:00 UTC (quarter 28).
    ['America/Los_Angeles', '2026-03-08', '2026-03-09', ['2026-03-08', '2026-03-09', '2026-03-10'], [0, 1, 2], [32, 28, 28]],
    // Fall back on 2026-11-01: 25 hours; the next midnight is at 08:00 UTC again.
    ['America/Los_Angeles', '2026-11-01', '2026-11-02', ['2026-11-01', '2026-11-02', '2026-11-03'], [0, 1, 2], [28, 32, 32]],
    // UTC+5:30: the local day starts the UTC day before, at 18:30 (quarter 74).
    ['Asia/Kolkata', '2026-03-01', '2026-03-02', ['2026-02-28', '2026-03-01', '2026-03-02'], [0, 1, 2], [74, 74, 74]],
    // UTC+5:45 (quarter 73), a zone off the half hour.
    ['Asia/Kathmandu', '2026-03-01', '2026-03-01', ['2026-02-28', '2026-03-01'], [0, 1], [73, 73]],
    // London on its spring-forward day: the day starts at 00:00 UTC (GMT) and ends at 23:00 UTC (BST, quarter 92).
    ['Europe/London', '2026-03-29', '2026-03-30', ['2026-03-29', '2026-03-30'], [1, 2], [92, 92]],
    // Lord Howe: +11 in its summer, a half-hour DST change (2026-04-05) to +10:30.
    ['Australia/Lord_Howe', '2026-04-05', '2026-04-06', ['2026-04-04', '2026-04-05', '2026-04-06'], [0, 1, 2], [52, 54, 54]],
  ])('%s %s to %s', (zone, start, end, utcDays, dayAtStart, midnightQuarter) => {
    const calendar = calendarOf(start, end, zone);
    expect(calendar).toEqual({ days: expect.any(Number), utcDays, dayAtStart, midnightQuarter });
  });

  it('has no calendar for boundaries off the quarter-hour grid or two of them inside one UTC day', () => {
    expect(activityCalendar([new Date('2026-01-01T00:07:00Z'), new Date('2026-01-02T00:07:00Z')])).toBeNull();
    expect(activityCalendar([new Date('2026-01-01T01:00:00Z'), new Date('2026-01-01T23:00:00Z'), new Date('2026-01-02T23:00:00Z')])).toBeNull();
    expect(activityCalendar([new Date('2026-01-01T00:00:00Z')])).toBeNull();
  });
});

describe('activeUsersFromCalendar: adding the UTC days up into local days', () => {
  const counts = (rows: Omit<UtcDayActivity, 'index'>[]) => rows.map((row, index) => ({ index, ...row }));

  it('in UTC, each UTC day is a local day and the range total is the users first seen in it', () => {
    const calendar = calendarOf('2026-03-01', '2026-03-03', 'UTC')!;
    const result = activeUsersFromCalendar(
      calendar,
      counts([
        { before: 3, after: 0, alsoBefore: 0, firstInRange: 3 },
        { before: 2, after: 0, alsoBefore: 0, firstInRange: 1 },
        { before: 4, after: 0, alsoBefore: 0, firstInRange: 0 },
      ]),
    );
    expect(result).toEqual({ byDay: [3, 2, 4], total: 4 });
  });

  it('around a midnight inside the UTC day: the part before goes to that day, the part after to the next, once per user', () => {
    // Los Angeles, 2 local days over 3 UTC days: local day 1 = after-part of UTC day 0 + before-part of UTC day 1.
    const calendar = calendarOf('2026-01-11', '2026-01-12', 'America/Los_Angeles')!;
    const result = activeUsersFromCalendar(
      calendar,
      counts([
        { before: 9, after: 5, alsoBefore: 0, firstInRange: 5 }, // before-part is the day before the range: not counted
        { before: 4, after: 2, alsoBefore: 3, firstInRange: 1 }, // 3 of the 4 were already counted in day 1 via UTC day 0
        { before: 6, after: 8, alsoBefore: 1, firstInRange: 2 }, // UTC day 2: before its midnight is day 2, after it is past the range
      ]),
    );
    // Day 1: 5 (after-part of UTC day 0) + 4 − 3; day 2: 2 (after-part of UTC day 1) + 6 − 1.
    expect(result).toEqual({ byDay: [6, 7], total: 8 });
  });

  it('leaves out UTC days with no rows', () => {
    const calendar = calendarOf('2026-03-01', '2026-03-03', 'UTC')!;
    expect(activeUsersFromCalendar(calendar, [{ index: 1, before: 2, after: 0, alsoBefore: 0, firstInRange: 2 }])).toEqual({ byDay: [0, 2, 0], total: 2 });
  });
});

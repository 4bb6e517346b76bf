import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, addDays, DATE_RANGE_TEXTS, dateIn, isCalendarDate, isTimeZone, resolveDateRange, startOfDay } from './date-range';

const NOW = new Date('2026-03-31T05:30:00Z'); // still March 30 in Los Angeles (UTC−7 after the March 8 change)

describe('calendar dates and zones', () => {
  it.each([
    ['2026-03-31', true],
    ['2026-02-29', false], // 2026 is not a leap year
    ['2028-02-29', true],
    ['2026-13-01', false],
    ['2026-3-1', false],
    ['31/03/2026', false],
    ['', false],
  ])('isCalendarDate(%j) = %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });

  it.each([
    ['UTC', true],
    ['America/Los_Angeles', true],
    ['Europe/Berlin', true],
    ['Mars/Olympus_Mons', false],
    ['', false],
  ])('isTimeZone(%j) = %s', (value, expected) => {
    expect(isTimeZone(value)).toBe(expected);
  });

  it('adds days across months and leap days', () => {
    expect(addDays('2026-03-31', 1)).toBe('2026-04-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-31', -30)).toBe('2026-03-01');
  });

  it('reads the calendar date of an instant in a zone', () => {
    expect(dateIn(NOW, 'UTC')).toBe('2026-03-31');
    expect(dateIn(NOW, 'America/Los_Angeles')).toBe('2026-03-30');
    expect(dateIn(new Date('2026-03-30T22:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-31');
  });
});

describe('startOfDay: the first instant of a local date', () => {
  it.each([
    ['2026-03-07', 'America/Los_Angeles', '2026-03-07T08:00:00.000Z'], // PST
    ['2026-03-08', 'America/Los_Angeles', '2026-03-08T08:00:00.000Z'], // the change is at 02:00, midnight is still PST
    ['2026-03-09', 'America/Los_Angeles', '2026-03-09T07:00:00.000Z'], // PDT
    ['2026-11-01', 'America/Los_Angeles', '2026-11-01T07:00:00.000Z'], // back to PST at 02:00: midnight is PDT
    ['2026-11-02', 'America/Los_Angeles', '2026-11-02T08:00:00.000Z'],
    ['2026-03-31', 'UTC', '2026-03-31T00:00:00.000Z'],
    ['2026-03-31', 'Asia/Tokyo', '2026-03-30T15:00:00.000Z'],
    ['2026-03-31', 'Asia/Kolkata', '2026-03-30T18:30:00.000Z'], // half-hour offset
    ['2026-03-29', 'Asia/Beirut', '2026-03-28T22:00:00.000Z'], // Beirut skips 00:00–01:00 that night: the day starts at 01:00 (+03)
  ])('%s in %s starts at %s', (date, zone, instant) => {
    expect(startOfDay(date, zone).toISOString()).toBe(instant);
    expect(dateIn(startOfDay(date, zone), zone)).toBe(date);
    expect(dateIn(new Date(startOfDay(date, zone).getTime() - 1), zone)).toBe(addDays(date, -1));
  });
});

describe('resolveDateRange', () => {
  it('defaults to 30 days ago through today, in UTC', () => {
    const result = resolveDateRange({}, NOW);
    expect(result.ok && { ...result.range, days: result.range.days.length, boundaries: result.range.boundaries.length }).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      timeZone: 'UTC',
      days: 31,
      boundaries: 32,
    });
  });

  it("takes today from the zone's calendar", () => {
    const result = resolveDateRange({ timeZone: 'America/Los_Angeles' }, NOW);
    expect(result.ok && [result.range.startDate, result.range.endDate]).toEqual(['2026-02-28', '2026-03-30']);
  });

  it('one day: two boundaries a local day apart; a day of the daylight-saving change is 23 hours long', () => {
    const result = resolveDateRange({ startDate: '2026-03-08', endDate: '2026-03-08', timeZone: 'America/Los_Angeles' }, NOW);
    expect(result.ok && result.range.boundaries.map((b) => b.toISOString())).toEqual(['2026-03-08T08:00:00.000Z', '2026-03-09T07:00:00.000Z']);
  });

  it('a start alone runs to today; an end alone starts 30 days before it', () => {
    const fromStart = resolveDateRange({ startDate: '2026-03-20' }, NOW);
    expect(fromStart.ok && [fromStart.range.startDate, fromStart.range.endDate]).toEqual(['2026-03-20', '2026-03-31']);
    const toEnd = resolveDateRange({ endDate: '2026-02-10' }, NOW);
    expect(toEnd.ok && [toEnd.range.startDate, toEnd.range.endDate]).toEqual(['2026-01-11', '2026-02-10']);
  });

  it.each([
    [{ startDate: '2026-03-02', endDate: '2026-03-01' }, { startDate: DATE_RANGE_TEXTS.order }],
    [{ startDate: '2025-03-01', endDate: '2026-03-02' }, { endDate: DATE_RANGE_TEXTS.tooLong }], // 367 days
    [{ startDate: '2026-02-30' }, { startDate: DATE_RANGE_TEXTS.date }],
    [{ endDate: 'yesterday' }, { endDate: DATE_RANGE_TEXTS.date }],
    [{ timeZone: 'Pacific Time' }, { timeZone: DATE_RANGE_TEXTS.timeZone }],
  ])('refuses %j with %j', (input, fieldErrors) => {
    expect(resolveDateRange(input, NOW)).toEqual({ ok: false, fieldErrors });
  });

  it('accepts exactly 366 days (a leap year)', () => {
    const result = resolveDateRange({ startDate: '2028-01-01', endDate: '2028-12-31' }, NOW);
    expect(result.ok && result.range.days.length).toBe(366);
  });
});

describe('canonicalTimeZone (the current name of a renamed zone)', () => {
  it.each([
    ['Asia/Calcutta', 'Asia/Kolkata'], // what Chromium reports in India
    ['Asia/Saigon', 'Asia/Ho_Chi_Minh'],
    ['Europe/Kiev', 'Europe/Kyiv'],
    ['America/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
    ['Asia/Kolkata', 'Asia/Kolkata'], // already current
    ['America/New_York', 'America/New_York'],
    ['UTC', 'UTC'],
  ])('%s → %s', (zone, expected) => {
    expect(canonicalTimeZone(zone)).toBe(expected);
    expect(isTimeZone(canonicalTimeZone(zone))).toBe(true);
  });
});

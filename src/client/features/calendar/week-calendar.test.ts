import { describe, expect, it } from 'vitest';
import { hoursToShow } from './week-calendar';

// Local times, as the grid draws them (the test runner's zone does not matter: both ends are built in it).
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute);
const session = (start: Date, end: Date | null = null) => ({ start, end });

describe('hoursToShow', () => {
  it.each([
    ['no session: the working day', [], { first: 7, last: 21 }],
    ['sessions inside the working day change nothing', [session(at(23, 9), at(23, 12)), session(at(24, 18), at(24, 21))], { first: 7, last: 21 }],
    ['an evening session widens the end to the hour it finishes in', [session(at(28, 22), at(28, 23, 30))], { first: 7, last: 24 }],
    ['a session ending 21:30 shows 21:00–22:00', [session(at(28, 20), at(28, 21, 30))], { first: 7, last: 22 }],
    ['an early session widens the start to its hour', [session(at(25, 5, 30), at(25, 7))], { first: 5, last: 21 }],
    ['one ending at midnight shows to the end of the day', [session(at(26, 22), at(27, 0))], { first: 7, last: 24 }],
    ['one running past midnight shows the whole day', [session(at(26, 23), at(27, 1))], { first: 0, last: 24 }],
    ['a session without an end counts its start', [session(at(26, 6))], { first: 6, last: 21 }],
  ])('%s', (_, events, expected) => {
    expect(hoursToShow(events)).toEqual(expected);
  });
});

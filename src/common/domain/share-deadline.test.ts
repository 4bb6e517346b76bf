import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareDeadline, shareReminderAt } from './share-deadline';

// Issue 24, docs/decisions/051: the deadline of an unpaid share and its reminder.
const at = (iso: string) => new Date(iso);

describe('shareDeadline (days after, or the preferred date if sooner, never under a day)', () => {
  it.each([
    // [from, preferredDate, days, deadline]
    ['2026-03-02T15:00:00Z', null, 7, '2026-03-09T15:00:00.000Z'],
    ['2026-03-02T15:00:00Z', '2026-04-01', 7, '2026-03-09T15:00:00.000Z'], // the preferred date is later
    ['2026-03-02T15:00:00Z', '2026-03-06', 7, '2026-03-06T00:00:00.000Z'], // before the preferred date
    ['2026-03-02T15:00:00Z', '2026-03-03', 7, '2026-03-03T15:00:00.000Z'], // tomorrow: still a whole day
    ['2026-03-02T15:00:00Z', '2026-02-20', 7, '2026-03-03T15:00:00.000Z'], // already past: a day
    ['2026-03-02T15:00:00Z', null, 1, '2026-03-03T15:00:00.000Z'],
    ['2026-03-02T15:00:00Z', null, 90, '2026-05-31T15:00:00.000Z'],
    ['2026-03-02T15:00:00Z', 'not a date', 7, '2026-03-09T15:00:00.000Z'],
  ])('from %s, preferred %s, %i days → %s', (from, preferred, days, expected) => {
    expect(shareDeadline(at(from), preferred, days).toISOString()).toBe(expected);
  });

  it('is never sooner than a day nor later than the days given', () => {
    fc.assert(
      fc.property(
        fc.date({ min: at('2025-01-01T00:00:00Z'), max: at('2030-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.option(fc.date({ min: at('2024-01-01T00:00:00Z'), max: at('2031-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))),
        fc.integer({ min: 1, max: 90 }),
        (from, preferred, days) => {
          const due = shareDeadline(from, preferred, days).getTime();
          expect(due).toBeGreaterThanOrEqual(from.getTime() + 24 * 3600_000);
          expect(due).toBeLessThanOrEqual(from.getTime() + Math.max(1, days) * 24 * 3600_000);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('shareReminderAt (two days before, or halfway when less than four days were given)', () => {
  it.each([
    ['2026-03-02T15:00:00Z', '2026-03-09T15:00:00Z', '2026-03-07T15:00:00.000Z'],
    ['2026-03-02T15:00:00Z', '2026-03-06T15:00:00Z', '2026-03-04T15:00:00.000Z'], // exactly four days
    ['2026-03-02T15:00:00Z', '2026-03-03T15:00:00Z', '2026-03-03T03:00:00.000Z'], // one day: halfway
    ['2026-03-02T15:00:00Z', '2026-03-05T15:00:00Z', '2026-03-04T03:00:00.000Z'],
  ])('from %s, due %s → %s', (from, due, expected) => {
    expect(shareReminderAt(at(from), at(due)).toISOString()).toBe(expected);
  });
});

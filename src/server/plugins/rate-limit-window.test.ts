import { describe, expect, it } from 'vitest';
import { LocalRateWindows, processShare } from './rate-limit-window';

// Decision 056: the in-memory windows of the hot-path limits, and each process's share of a limit.
describe('LocalRateWindows', () => {
  const MINUTE = 60_000;

  it.each([
    { name: 'the first hit opens a window of its own', hits: [0], expected: [{ count: 1, endsAt: MINUTE }] },
    { name: 'hits inside the window count up', hits: [0, 10, 59_999], expected: [1, 2, 3].map((count) => ({ count, endsAt: MINUTE })) },
    {
      name: 'the first hit once the window ended opens the next, from that hit',
      hits: [0, 59_999, 60_000, 60_001],
      expected: [
        { count: 1, endsAt: MINUTE },
        { count: 2, endsAt: MINUTE },
        { count: 1, endsAt: 2 * MINUTE },
        { count: 2, endsAt: 2 * MINUTE },
      ],
    },
    {
      name: 'a key quiet for long starts at one again',
      hits: [0, 5 * MINUTE],
      expected: [
        { count: 1, endsAt: MINUTE },
        { count: 1, endsAt: 6 * MINUTE },
      ],
    },
  ])('$name', ({ hits, expected }) => {
    const windows = new LocalRateWindows();
    expect(hits.map((at) => windows.hit('general:user:a', at, MINUTE))).toEqual(expected);
  });

  it('keeps keys apart', () => {
    const windows = new LocalRateWindows();
    windows.hit('message:a', 0, MINUTE);
    windows.hit('message:a', 1, MINUTE);
    expect(windows.hit('message:b', 2, MINUTE).count).toBe(1);
    expect(windows.hit('accept:a', 3, MINUTE).count).toBe(1);
  });

  it("forgets ended windows as time goes on, so the map holds a minute's callers, not everyone's since the start", () => {
    const windows = new LocalRateWindows();
    for (let i = 0; i < 1000; i++) windows.hit(`general:ip:${i}`, i, MINUTE);
    expect(windows.size).toBe(1000);
    windows.hit('general:ip:late', 3 * MINUTE, MINUTE);
    expect(windows.size).toBe(1);
  });

  it('hands out copies: a caller cannot change the count', () => {
    const windows = new LocalRateWindows();
    const first = windows.hit('k', 0, MINUTE);
    first.count = 100;
    expect(windows.hit('k', 1, MINUTE).count).toBe(2);
  });
});

describe('processShare', () => {
  it.each([
    { limit: 300, processes: 1, share: 300 },
    { limit: 300, processes: 2, share: 150 },
    { limit: 300, processes: 7, share: 43 },
    { limit: 60, processes: 4, share: 15 },
    { limit: 30, processes: 64, share: 1 },
    { limit: 5, processes: 0, share: 5 },
  ])('$limit a minute over $processes processes: $share each', ({ limit, processes, share }) => {
    expect(processShare(limit, processes)).toBe(share);
    // Together the processes never allow more than the limit, give or take the rounding up of each share.
    expect(share * Math.max(1, processes)).toBeLessThan(limit + Math.max(1, processes));
  });
});

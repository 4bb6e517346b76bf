import { describe, expect, it } from 'vitest';
import { axisTicks } from './line-chart';

describe('axisTicks', () => {
  it.each([
    [[1075.5], [0, 500, 1000, 1500]],
    [
      [200, 100],
      [0, 50, 100, 150, 200],
    ],
    [[3950], [0, 1000, 2000, 3000, 4000]],
    [[4], [0, 1, 2, 3, 4]],
    [[5], [0, 2, 4, 6]],
    [
      [7, 1],
      [0, 2, 4, 6, 8],
    ],
    [[1], [0, 1]],
    [[0.4], [0, 1]],
    [[12_345], [0, 5000, 10_000, 15_000]],
    [[90], [0, 25, 50, 75, 100]],
  ])('%j → %j: round steps from 0 to at least the highest value', (values, ticks) => {
    expect(axisTicks(values)).toEqual(ticks);
  });

  it('reaches below zero for a day when refunds exceeded charges', () => {
    expect(axisTicks([300, -49])).toEqual([-100, 0, 100, 200, 300]);
  });

  it('an empty or all-zero chart still has an axis, and never a "-0"', () => {
    expect(axisTicks([])).toEqual([0, 1]);
    expect(axisTicks([0, -0])).toEqual([0, 1]);
    expect(axisTicks([-5])).toEqual([-6, -4, -2, 0]);
    expect(Object.is(axisTicks([-5]).at(-1), 0)).toBe(true);
  });

  it('steps are whole, so counts never show fractions', () => {
    for (const max of [1, 2, 3, 5, 9, 11, 26, 99, 101, 999]) {
      expect(axisTicks([max]).every(Number.isInteger)).toBe(true);
    }
  });
});

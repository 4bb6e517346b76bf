import { describe, expect, it } from 'vitest';
import type { SubscriptionTier } from '../enums';
import { addMonthsClamped, firstPeriod, isUpgrade, nextPeriod, tierChange, TIER_PRICE_CENTS, type TierChange } from './subscriptions';

const at = (iso: string) => new Date(iso);

describe('plan prices', () => {
  it('free 0, pro 5000, unlimited 10000', () => {
    expect(TIER_PRICE_CENTS).toEqual({ free: 0, pro: 5000, unlimited: 10000 });
  });
});

describe('tierChange', () => {
  it.each<[SubscriptionTier, SubscriptionTier, TierChange]>([
    ['free', 'free', 'same'],
    ['free', 'pro', 'upgrade'],
    ['free', 'unlimited', 'upgrade'],
    ['pro', 'free', 'downgrade'],
    ['pro', 'pro', 'same'],
    ['pro', 'unlimited', 'upgrade'],
    ['unlimited', 'free', 'downgrade'],
    ['unlimited', 'pro', 'downgrade'],
    ['unlimited', 'unlimited', 'same'],
  ])('%s → %s is %s', (from, to, change) => {
    expect(tierChange(from, to)).toBe(change);
    expect(isUpgrade(from, to)).toBe(change === 'upgrade');
  });
});

describe('addMonthsClamped', () => {
  it.each([
    ['2026-03-02T15:00:00.000Z', 1, '2026-04-02T15:00:00.000Z'], // plain month, time of day kept
    ['2026-01-31T10:00:00.000Z', 1, '2026-02-28T10:00:00.000Z'], // clamped to February's end
    ['2028-01-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'], // leap year
    ['2026-01-31T10:00:00.000Z', 2, '2026-03-31T10:00:00.000Z'], // from the anchor, not from Feb 28
    ['2026-03-31T00:00:00.000Z', 1, '2026-04-30T00:00:00.000Z'], // 30-day month
    ['2026-12-15T08:30:00.000Z', 1, '2027-01-15T08:30:00.000Z'], // year boundary
    ['2026-12-31T23:59:59.000Z', 2, '2027-02-28T23:59:59.000Z'], // across the year, clamped
    ['2026-05-01T00:00:00.000Z', 12, '2027-05-01T00:00:00.000Z'], // a year
  ])('%s + %i month(s) = %s', (from, months, expected) => {
    expect(addMonthsClamped(at(from), months).toISOString()).toBe(expected);
  });
});

describe('periods', () => {
  it('the first period is one calendar month from its start', () => {
    expect(firstPeriod(at('2026-11-23T14:00:00Z'))).toEqual({ start: at('2026-11-23T14:00:00Z'), end: at('2026-12-23T14:00:00Z') });
  });

  it.each([
    // anchor, current end, next end
    ['2026-01-31T10:00:00Z', '2026-02-28T10:00:00Z', '2026-03-31T10:00:00Z'], // clamp does not stick
    ['2026-01-31T10:00:00Z', '2026-03-31T10:00:00Z', '2026-04-30T10:00:00Z'],
    ['2026-01-31T10:00:00Z', '2026-04-30T10:00:00Z', '2026-05-31T10:00:00Z'],
    ['2026-03-02T15:00:00Z', '2026-04-02T15:00:00Z', '2026-05-02T15:00:00Z'],
    ['2026-11-30T09:00:00Z', '2026-12-30T09:00:00Z', '2027-01-30T09:00:00Z'],
    ['2026-11-30T09:00:00Z', '2027-01-30T09:00:00Z', '2027-02-28T09:00:00Z'],
  ])('anchored on %s, after the period ending %s the next ends %s', (anchor, currentEnd, nextEnd) => {
    expect(nextPeriod(at(anchor), at(currentEnd))).toEqual({ start: at(currentEnd), end: at(nextEnd) });
  });
});

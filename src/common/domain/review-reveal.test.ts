import { describe, expect, it } from 'vitest';
import { allDueReviewsIn, dueReviews, revealDueAt, revieweeFor, reviewsRevealedTogether } from './review-reveal';

const oneSided = { lawyerId: 'L1', opposingLawyerId: null, selectedMediatorId: 'M' };
const twoSided = { lawyerId: 'L1', opposingLawyerId: 'L2', selectedMediatorId: 'M' };
const pair = (reviewerId: string, revieweeId: string) => ({ reviewerId, revieweeId });

describe('reviews revealed together (decision 048)', () => {
  it('due reviews: each counsel and the mediator both ways; nobody without a mediator', () => {
    expect(dueReviews(oneSided)).toEqual([pair('L1', 'M'), pair('M', 'L1')]);
    expect(dueReviews(twoSided)).toEqual([pair('L1', 'M'), pair('M', 'L1'), pair('L2', 'M'), pair('M', 'L2')]);
    expect(dueReviews({ ...twoSided, selectedMediatorId: null })).toEqual([]);
    expect(reviewsRevealedTogether(oneSided)).toBe(false);
    expect(reviewsRevealedTogether(twoSided)).toBe(true);
  });

  it('all due in: only when every pair is written, in any order', () => {
    const all = [pair('M', 'L2'), pair('L2', 'M'), pair('M', 'L1'), pair('L1', 'M')];
    expect(allDueReviewsIn(twoSided, all)).toBe(true);
    for (let i = 0; i < all.length; i++)
      expect(
        allDueReviewsIn(
          twoSided,
          all.filter((_, j) => j !== i),
        ),
      ).toBe(false);
    expect(allDueReviewsIn({ ...twoSided, selectedMediatorId: null }, [])).toBe(false);
  });

  it('the reveal is due 14 days after completion', () => {
    expect(revealDueAt(new Date('2025-03-01T10:00:00Z')).toISOString()).toBe('2025-03-15T10:00:00.000Z');
  });

  it.each([
    ['first counsel → the mediator', oneSided, 'L1', undefined, { revieweeId: 'M' }],
    ['one-sided mediator → the lawyer', oneSided, 'M', undefined, { revieweeId: 'L1' }],
    ['one-sided mediator naming the lawyer', oneSided, 'M', 'L1', { revieweeId: 'L1' }],
    ['lawyer naming themself', oneSided, 'L1', 'L1', { problem: 'wrong' }],
    ['second counsel → the mediator', twoSided, 'L2', undefined, { revieweeId: 'M' }],
    ['second counsel naming the first', twoSided, 'L2', 'L1', { problem: 'wrong' }],
    ['two-sided mediator naming nobody', twoSided, 'M', undefined, { problem: 'missing' }],
    ['two-sided mediator naming the second counsel', twoSided, 'M', 'L2', { revieweeId: 'L2' }],
    ['two-sided mediator naming an outsider', twoSided, 'M', 'X', { problem: 'wrong' }],
    ['a lawyer before selection', { ...oneSided, selectedMediatorId: null }, 'L1', undefined, { problem: 'nobody' }],
    ['an outsider', twoSided, 'X', undefined, { problem: 'nobody' }],
  ] as const)('reviewee: %s', (_, seats, reviewer, named, expected) => {
    expect(revieweeFor(seats, reviewer, named)).toEqual(expected);
  });
});

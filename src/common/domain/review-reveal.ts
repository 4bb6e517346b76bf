// Reviews revealed together in a two-sided case (issue 23, docs/decisions/048). Pure rules shared by the server (who
// must review whom, when the reveal is due) and the client (the text it shows until then).
import { isTwoSided, type CaseSeats } from './case-access';

/** A two-sided case's reviews become visible this long after completion, whoever has not reviewed by then. */
export const REVEAL_AFTER_DAYS = 14;

export const REVEAL_NOTICE = 'Reviews are revealed when everyone has reviewed, or 14 days after completion.';

export function revealDueAt(completedAt: Date): Date {
  return new Date(completedAt.getTime() + REVEAL_AFTER_DAYS * 24 * 60 * 60_000);
}

export interface ReviewPair {
  reviewerId: string;
  revieweeId: string;
}

/**
 * The reviews due in a completed case: each counsel reviews the mediator, the mediator reviews each counsel. Whoever
 * sat at the case when it was completed is due (nobody can join a completed case). None without a selected mediator.
 */
export function dueReviews(seats: CaseSeats): ReviewPair[] {
  const mediator = seats.selectedMediatorId;
  if (!mediator) return [];
  const counsel = [seats.lawyerId, ...(seats.opposingLawyerId ? [seats.opposingLawyerId] : [])];
  return counsel.flatMap((lawyer) => [
    { reviewerId: lawyer, revieweeId: mediator },
    { reviewerId: mediator, revieweeId: lawyer },
  ]);
}

/** Whether every due review is among those written (a two-sided case's reveal when the last one comes in). */
export function allDueReviewsIn(seats: CaseSeats, written: readonly ReviewPair[]): boolean {
  const key = (p: ReviewPair) => `${p.reviewerId}>${p.revieweeId}`;
  const have = new Set(written.map(key));
  const due = dueReviews(seats);
  return due.length > 0 && due.every((p) => have.has(key(p)));
}

/** Whether a case's reviews wait for the reveal (two-sided) or show at once (one-sided: RULES.md 6 as it was). */
export const reviewsRevealedTogether = (seats: Pick<CaseSeats, 'opposingLawyerId'>): boolean => isTwoSided(seats);

/**
 * Whom a reviewer reviews: counsel review the mediator; the mediator reviews the posting lawyer in a one-sided case and
 * the counsel they name in a two-sided one. `missing` when the mediator of a two-sided case named nobody, `wrong` when
 * the named reviewee is not one this reviewer may review.
 */
export function revieweeFor(
  seats: CaseSeats,
  reviewerId: string,
  named: string | null | undefined,
): { revieweeId: string } | { problem: 'missing' | 'wrong' | 'nobody' } {
  const mediator = seats.selectedMediatorId;
  const isCounsel = reviewerId === seats.lawyerId || (seats.opposingLawyerId !== null && reviewerId === seats.opposingLawyerId);
  let allowed: string[];
  if (isCounsel) allowed = mediator ? [mediator] : [];
  else if (mediator !== null && reviewerId === mediator) allowed = [seats.lawyerId, ...(seats.opposingLawyerId ? [seats.opposingLawyerId] : [])];
  else allowed = [];
  if (named) return allowed.includes(named) ? { revieweeId: named } : { problem: 'wrong' };
  if (allowed.length === 0) return { problem: 'nobody' };
  if (allowed.length > 1) return { problem: 'missing' };
  return { revieweeId: allowed[0] };
}

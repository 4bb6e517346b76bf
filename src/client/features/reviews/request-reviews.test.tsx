// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVEAL_NOTICE } from '../../../common/domain/review-reveal';
import type { ReviewDto } from '../../../common/schemas/after-match';
import { queryClient } from '../../lib/query-client';
import { RequestReviews } from './request-reviews';

// A two-sided case's reviews (decision 048): one card per counsel for the mediator, the reveal notice instead of the
// reviews until the reveal, the author's own review marked hidden; a one-sided case as before.
const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const REQUEST_ID = '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
const MEDIATOR = '1b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
const FIRST = '2b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
const SECOND = '3b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
const counsel = [
  { id: FIRST, name: 'Lena Lawyer' },
  { id: SECOND, name: 'Olivia Opponent' },
];
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const review = (over: Partial<ReviewDto>): ReviewDto => ({
  id: '4b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c',
  requestId: REQUEST_ID,
  reviewerId: MEDIATOR,
  revieweeId: SECOND,
  rating: 4,
  comment: 'Well prepared.',
  createdAt: '2025-03-01T10:00:00.000Z',
  reviewerName: 'Max Mediator',
  reviewerRole: 'mediator',
  caseName: 'Doe v. Roe',
  revealedAt: null,
  ...over,
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderReviews(props: Partial<Parameters<typeof RequestReviews>[0]>, reviews: ReviewDto[]) {
  fetchMock.mockImplementation(async (_input, init) => (init?.method === 'POST' ? json(review({ revieweeId: FIRST }), 201) : json(reviews)));
  render(
    <QueryClientProvider client={queryClient}>
      <RequestReviews requestId={REQUEST_ID} viewerId={MEDIATOR} reviewee="lawyer" revieweeName="Lena Lawyer" {...props} />
    </QueryClientProvider>,
  );
}

describe('RequestReviews in a two-sided case', () => {
  it('the mediator rates each counsel still to review, by name, and sees their own review marked hidden with the reveal notice', async () => {
    renderReviews({ counsel, completedAt: new Date().toISOString() }, [review({})]);
    expect(await screen.findByRole('heading', { name: 'Rate Lena Lawyer' })).toBeTruthy();
    // Olivia is reviewed already: no card for her.
    expect(screen.queryByRole('heading', { name: 'Rate Olivia Opponent' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(REVEAL_NOTICE);
    expect(screen.getByText('Hidden until revealed')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your reviews' })).toBeTruthy();

    // The review names the counsel it is about.
    fireEvent.click(screen.getByRole('button', { name: 'Leave a review for Lena Lawyer' }));
    expect(screen.getByRole('dialog').textContent).toContain(REVEAL_NOTICE);
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ requestId: REQUEST_ID, rating: 5, comment: null, revieweeId: FIRST });
  });

  it('once revealed: the reviews as usual, no notice, no cards (nothing more is taken)', async () => {
    const at = '2025-03-02T10:00:00.000Z';
    renderReviews({ counsel, completedAt: '2025-03-01T10:00:00.000Z' }, [
      review({ revealedAt: at }),
      review({
        id: '5b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c',
        reviewerId: FIRST,
        revieweeId: MEDIATOR,
        reviewerName: 'Lena Lawyer',
        reviewerRole: 'lawyer',
        revealedAt: at,
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Reviews' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    // The mediator's review says which counsel it is about; a counsel's review of the mediator needs no such line.
    expect(screen.getByText(/about Olivia Opponent/)).toBeTruthy();
    expect(screen.queryByText(/about Max Mediator/)).toBeNull();
    expect(screen.queryByText(REVEAL_NOTICE)).toBeNull();
    expect(screen.queryByText('Hidden until revealed')).toBeNull();
    expect(screen.queryByRole('button', { name: /Leave a review/ })).toBeNull();
  });

  it('counsel with nothing in yet: one card for the mediator and the notice', async () => {
    renderReviews({ viewerId: SECOND, reviewee: 'mediator', revieweeName: 'Max Mediator', counsel, completedAt: new Date().toISOString() }, []);
    expect(await screen.findByRole('heading', { name: 'Rate This Mediator' })).toBeTruthy();
    expect(screen.getByText(REVEAL_NOTICE)).toBeTruthy();
  });
});

describe('RequestReviews in a one-sided case', () => {
  it('as before: the card until reviewed, the reviews, no notice', async () => {
    renderReviews({}, [review({ reviewerId: FIRST, revieweeId: MEDIATOR, revealedAt: '2025-03-01T10:00:00.000Z' })]);
    expect(await screen.findByRole('heading', { name: 'Rate This Lawyer' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Reviews' })).toBeTruthy();
    expect(screen.queryByText(REVEAL_NOTICE)).toBeNull();
  });
});

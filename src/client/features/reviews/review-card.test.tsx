// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewCard, ReviewDialog } from './review-card';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const REQUEST_ID = '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  toasts.toast.mockReset();
  toasts.toastError.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(onOpenChange = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReviewDialog requestId={REQUEST_ID} title="Rate This Mediator" revieweeName="Maya Mediator" open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

const submitButton = () => screen.getByRole('button', { name: 'Submit Review' });
const star = (n: number) => screen.getByRole('radio', { name: `${n} star${n === 1 ? '' : 's'}` });
const checked = () => screen.getAllByRole('radio').filter((r) => r.getAttribute('aria-checked') === 'true');

describe('ReviewDialog', () => {
  it('keeps Submit disabled at 0 stars, also with a comment written', () => {
    renderDialog();
    expect(screen.getByRole('radiogroup', { name: 'Rating' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(checked()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Comment/), { target: { value: 'Very good' } });
    expect(submitButton()).toHaveProperty('disabled', true);
    fireEvent.click(submitButton());
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(star(4));
    expect(submitButton()).toHaveProperty('disabled', false);
  });

  it('is one tab stop that the arrow keys, Home, End and Space drive', () => {
    renderDialog();
    // Nothing chosen: the first star is the only tab stop.
    expect(screen.getAllByRole('radio').map((r) => r.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    star(1).focus();
    fireEvent.keyDown(star(1), { key: ' ' });
    expect(checked()).toEqual([star(1)]);
    fireEvent.keyDown(star(1), { key: 'ArrowRight' });
    expect(checked()).toEqual([star(2)]);
    expect(document.activeElement).toBe(star(2));
    fireEvent.keyDown(star(2), { key: 'ArrowUp' });
    expect(checked()).toEqual([star(3)]);
    fireEvent.keyDown(star(3), { key: 'End' });
    expect(checked()).toEqual([star(5)]);
    fireEvent.keyDown(star(5), { key: 'ArrowRight' });
    expect(checked()).toEqual([star(1)]);
    fireEvent.keyDown(star(1), { key: 'ArrowLeft' });
    expect(checked()).toEqual([star(5)]);
    fireEvent.keyDown(star(5), { key: 'ArrowDown' });
    expect(checked()).toEqual([star(4)]);
    fireEvent.keyDown(star(4), { key: 'Home' });
    expect(checked()).toEqual([star(1)]);
    expect(document.activeElement).toBe(star(1));
    // The chosen star is now the tab stop.
    fireEvent.keyDown(star(1), { key: 'End' });
    expect(screen.getAllByRole('radio').map((r) => r.tabIndex)).toEqual([-1, -1, -1, -1, 0]);
    expect(screen.getByText('5 stars selected')).toBeTruthy();
    expect(submitButton()).toHaveProperty('disabled', false);
  });

  it('sends the request, the stars and the trimmed comment, then thanks the user', async () => {
    fetchMock.mockResolvedValue(json({ id: 'r1' }, 201));
    const onOpenChange = renderDialog();
    fireEvent.click(star(5));
    fireEvent.change(screen.getByLabelText(/Comment/), { target: { value: '  Calm and well prepared.  ' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(toasts.toast).toHaveBeenCalledWith({ title: 'Review Submitted', description: 'Thank you for your feedback!' }));
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/reviews');
    expect(post?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ requestId: REQUEST_ID, rating: 5, comment: 'Calm and well prepared.' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("sends no comment when none is written, and shows 'Review Failed' with the server's message", async () => {
    fetchMock.mockResolvedValue(json({ message: 'You have already reviewed this mediation', code: 'conflict' }, 409));
    const onOpenChange = renderDialog();
    fireEvent.click(star(2));
    fireEvent.click(submitButton());
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ requestId: REQUEST_ID, rating: 2, comment: null });
    expect(toasts.toastError.mock.calls[0][0]).toBe('Review Failed');
    expect((toasts.toastError.mock.calls[0][1] as Error).message).toBe('You have already reviewed this mediation');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('ReviewCard', () => {
  it.each([
    ['mediator', 'Rate This Mediator'],
    ['lawyer', 'Rate This Lawyer'],
  ] as const)('reviewing the %s is titled %s and opens the dialog', (reviewee, title) => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReviewCard requestId={REQUEST_ID} reviewee={reviewee} revieweeName="Sam Person" />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave a Review' }));
    expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Rating' })).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import axe from 'axe-core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediatorRating } from '../../../common/schemas/admin-lists';
import { RatingList } from './rating-list';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const mediator = (n: number, averageRating: string, reviewCount: number, completed: number): MediatorRating => ({
  mediatorId: `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`,
  mediatorName: `Mediator ${n}`,
  email: `m${n}@example.com`,
  averageRating,
  reviewCount,
  totalMediationsCompleted: completed,
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RatingList />
    </QueryClientProvider>,
  );
}

const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;
const value = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling?.textContent;

/** axe on what is rendered (jsdom cannot compute colours; a component alone has no page landmarks). */
async function axeViolations() {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('RatingList', () => {
  it('shows each mediator with one-decimal average, reviews and completed mediations, then loads more', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      expect(url.pathname).toBe('/api/admin/mediator-ratings');
      return url.searchParams.get('cursor') === 'p2'
        ? json([mediator(3, '0.00', 0, 0)])
        : json([mediator(1, '4.75', 8, 12), mediator(2, '4.00', 1, 1)], 200, { 'X-Next-Cursor': 'p2' });
    });
    renderList();
    await screen.findByRole('heading', { name: 'Mediator 1' });
    expect(value(cardOf('Mediator 1'), 'Average')).toBe('4.8');
    expect(value(cardOf('Mediator 1'), 'Reviews')).toBe('8');
    expect(value(cardOf('Mediator 1'), 'Completed')).toBe('12');
    expect(value(cardOf('Mediator 2'), 'Average')).toBe('4.0');

    fireEvent.click(screen.getByRole('button', { name: /load more/i }));
    await screen.findByRole('heading', { name: 'Mediator 3' });
    expect(value(cardOf('Mediator 3'), 'Average')).toBe('N/A');
    expect(screen.queryByRole('button', { name: /load more/i })).toBeNull();
  });

  it('says so when there are no mediators', async () => {
    fetchMock.mockImplementation(async () => json([]));
    renderList();
    expect(await screen.findByText(/No mediators yet/)).toBeTruthy();
  });

  it("shows the server's error with a way to try again", async () => {
    fetchMock.mockImplementation(async () => json({ message: 'The database is unavailable' }, 503));
    renderList();
    expect((await screen.findByRole('alert')).textContent).toContain('The database is unavailable');
    expect(screen.getByRole('button', { name: /try again/i })).toBeTruthy();
  });

  it('is accessible (axe)', async () => {
    fetchMock.mockImplementation(async () => json([mediator(1, '4.75', 8, 12)], 200, { 'X-Next-Cursor': 'p2' }));
    renderList();
    await screen.findByRole('heading', { name: 'Mediator 1' });
    expect(await axeViolations()).toEqual([]);
  });
});

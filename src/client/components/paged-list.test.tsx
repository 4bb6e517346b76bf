// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageUrl, usePagedList } from '../lib/use-paged-list';
import { PagedListView } from './paged-list';

interface Item {
  id: string;
  name: string;
}

const json = (body: unknown, headers: Record<string, string> = {}, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function Harness() {
  const list = usePagedList<Item>({ queryKey: ['/api/things'], url: '/api/things?view=all', pageSize: 2 });
  return (
    <PagedListView list={list} itemKey={(i) => i.id} renderItem={(i) => <span>{i.name}</span>} loadingLabel="Loading things" empty={<p>Nothing yet.</p>} />
  );
}

function renderHarness() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('pageUrl', () => {
  it.each([
    ['/api/requests', null, 50, '/api/requests?limit=50'],
    ['/api/requests?view=available', null, 20, '/api/requests?view=available&limit=20'],
    ['/api/requests?view=available', 'abc', 20, '/api/requests?view=available&limit=20&cursor=abc'],
    ['/api/notifications?cursor=old', 'new+/=', 20, '/api/notifications?cursor=new%2B%2F%3D&limit=20'],
  ])('%s with cursor %s', (url, cursor, limit, expected) => {
    expect(pageUrl(url, cursor, limit)).toBe(expected);
  });
});

describe('PagedListView with usePagedList', () => {
  it('shows the first page, then appends the next one with the cursor from X-Next-Cursor', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        [
          { id: '1', name: 'First' },
          { id: '2', name: 'Second' },
        ],
        { 'X-Next-Cursor': 'c2' },
      ),
    );
    fetchMock.mockResolvedValueOnce(json([{ id: '3', name: 'Third' }]));
    renderHarness();
    expect(screen.getByRole('status', { name: 'Loading things' })).toBeTruthy();
    expect(await screen.findByText('Second')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/things?view=all&limit=2');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Third')).toBeTruthy();
    expect(String(fetchMock.mock.calls[1][0])).toBe('/api/things?view=all&limit=2&cursor=c2');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    // No X-Next-Cursor on the last page: no button.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("shows the server's message and 'Try again' instead of a skeleton when the first page fails", async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'The database is resting.', code: 'unavailable' }, {}, 503));
    fetchMock.mockResolvedValueOnce(json([]));
    renderHarness();
    expect(await screen.findByText('The database is resting.')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading things' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing yet.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the items shown when the next page fails, and tries that page again', async () => {
    fetchMock.mockResolvedValueOnce(json([{ id: '1', name: 'First' }], { 'X-Next-Cursor': 'c2' }));
    fetchMock.mockResolvedValueOnce(json({ message: 'Slow down.', code: 'rate_limited' }, {}, 429));
    fetchMock.mockResolvedValueOnce(json([{ id: '2', name: 'Second' }]));
    renderHarness();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Slow down.')).toBeTruthy();
    expect(screen.getByText('First')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Second')).toBeTruthy();
    expect(String(fetchMock.mock.calls[2][0])).toBe('/api/things?view=all&limit=2&cursor=c2');
  });
});

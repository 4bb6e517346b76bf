// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { queryClient } from '../../lib/query-client';
import { CalendarFeedCard } from './calendar-feed-card';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
const URL_ONCE = 'https://mediatehub.example/api/calendar/tok_secret.ics';
const PRIVATE_NOTE = 'Keep this URL private: anyone with it can read your sessions. This is the only time it is shown.';

/** The server's feed: POST makes a URL (shown in that answer only), DELETE turns it off. */
function fakeFeed(active: boolean) {
  let state = { active, createdAt: active ? '2026-03-01T10:00:00.000Z' : null };
  fetchMock.mockImplementation(async (_url, init) => {
    if (init?.method === 'POST') {
      state = { active: true, createdAt: '2026-03-02T10:00:00.000Z' };
      return json({ ...state, url: URL_ONCE });
    }
    if (init?.method === 'DELETE') state = { active: false, createdAt: null };
    return json({ ...state, url: null });
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const renderCard = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <CalendarFeedCard />
      <Toaster />
    </QueryClientProvider>,
  );

describe('CalendarFeedCard', () => {
  it('without a feed: Create feed URL shows the URL once, read-only, with Copy and the privacy note', async () => {
    fakeFeed(false);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderCard();
    expect(await screen.findByText('Subscribe to your sessions in your calendar app')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Replace URL' })).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'Create feed URL' }));
    const url = (await screen.findByLabelText('Your feed URL')) as HTMLInputElement;
    expect(url.value).toBe(URL_ONCE);
    expect(url.readOnly).toBe(true);
    expect(screen.getByText(PRIVATE_NOTE)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u, init]) => u === '/api/calendar-feed' && init?.method === 'POST')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_ONCE));
    expect(await screen.findByText('Copied')).toBeTruthy();
    // Now on: it can be replaced or turned off.
    expect(screen.getByRole('button', { name: 'Replace URL' })).toBeTruthy();
  });

  it('an active feed offers Replace URL (the old one stops working) and Turn off, and never shows its URL', async () => {
    fakeFeed(true);
    renderCard();
    expect(await screen.findByText(/Your feed is on/)).toBeTruthy();
    expect(screen.getByText('Replacing makes a new URL; the old one stops working.')).toBeTruthy();
    expect(screen.queryByLabelText('Your feed URL')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Create feed URL' })).toBeTruthy();
    expect(screen.getByText('Calendar feed turned off')).toBeTruthy();
  });

  it('Replace URL shows the new URL once', async () => {
    fakeFeed(true);
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Replace URL' }));
    expect(((await screen.findByLabelText('Your feed URL')) as HTMLInputElement).value).toBe(URL_ONCE);
    expect(screen.getByText(PRIVATE_NOTE)).toBeTruthy();
  });

  it('a failure is shown in the server’s words', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST' ? json({ message: 'Your account is suspended', code: 'forbidden' }, 403) : json({ active: false, createdAt: null, url: null }),
    );
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Create feed URL' }));
    expect(await screen.findByText('Your account is suspended')).toBeTruthy();
    expect(screen.getByText('Could not create the feed URL')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import type { UpcomingSession } from './api';
import { UpcomingSessionsCard } from './upcoming-sessions-card';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // The browser's zone: times are shown in it, with its name.
  vi.stubEnv('TZ', 'America/New_York');
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const session = (n: number, extra: Partial<UpcomingSession> = {}): UpcomingSession => ({
  id: `s${n}`,
  requestId: `r${n}`,
  caseName: `Case ${n}`,
  status: 'scheduled',
  startsAt: `2026-03-1${n}T13:00:00.000Z`,
  endsAt: `2026-03-1${n}T17:00:00.000Z`,
  timeZone: 'Europe/Paris',
  location: null,
  meetingLink: null,
  sequence: 0,
  lateCancellation: false,
  cancelReason: null,
  lastFreeCancellation: `2026-03-0${n}T13:00:00.000Z`,
  ...extra,
});

function renderCard() {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <UpcomingSessionsCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('UpcomingSessionsCard', () => {
  it('lists the next five sessions in the browser’s zone, each linked to its case’s Session card, with its place or link', async () => {
    fetchMock.mockResolvedValue(
      json({
        sessions: [
          session(1, { location: '12 Court St, Boston' }),
          session(2, { meetingLink: 'https://meet.example.com/abc' }),
          session(3),
          session(4),
          session(5),
          session(6),
        ],
      }),
    );
    renderCard();
    const first = await screen.findByRole('link', { name: 'Case 1' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/sessions');
    expect(first.getAttribute('href')).toBe('/requests/r1#session');
    const item = first.closest('li')!;
    // 13:00Z is 9:00 AM in New York (EDT from March 8, 2026).
    expect(within(item).getByText('Wed, Mar 11, 2026, 9:00 AM – 1:00 PM EDT')).toBeTruthy();
    expect(within(item).getByText('12 Court St, Boston')).toBeTruthy();
    const join = screen.getByRole('link', { name: /Join the meeting for Case 2/ });
    expect(join.getAttribute('href')).toBe('https://meet.example.com/abc');
    expect(join.getAttribute('target')).toBe('_blank');
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByText('Case 6')).toBeNull();
  });

  it('says so when nothing is scheduled', async () => {
    fetchMock.mockResolvedValue(json({ sessions: [] }));
    renderCard();
    expect(await screen.findByText('No sessions scheduled')).toBeTruthy();
  });

  it('a failed load shows the server’s words and a retry', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Service unavailable', code: 'unavailable' }, 503));
    renderCard();
    expect(await screen.findByText(/Your sessions could not be loaded: Service unavailable/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

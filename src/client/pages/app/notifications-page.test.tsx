// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationDto } from '../../../common/api-types';
import { Toaster } from '../../components/ui/toaster';
import { notificationTarget } from '../../features/notifications/notification-list';
import { queryClient } from '../../lib/query-client';
import { NotificationsPage } from './notifications-page';

const ME = '11111111-1111-4111-8111-111111111111';
const REQUEST = '33333333-3333-4333-8333-333333333333';
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

let seq = 0;
const note = (overrides: Partial<NotificationDto>): NotificationDto => ({
  id: `aaaaaaaa-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  userId: ME,
  type: 'acceptance_received',
  title: 'A mediator accepted your request',
  message: 'Max Mediator accepted Smith v. Jones.',
  linkUrl: `/requests/${REQUEST}`,
  isRead: false,
  createdAt: '2026-01-05T15:20:00Z',
  ...overrides,
});

interface Server {
  list: NotificationDto[];
  /** Resolves the first page when called (to hold the page in its loading state). */
  gate?: Promise<void>;
}

function serve(server: Server) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/notifications/unread')) return json({ count: server.list.filter((n) => !n.isRead).length });
    if (url === '/api/notifications/read-all' && method === 'PATCH') {
      const updated = server.list.filter((n) => !n.isRead).length;
      server.list = server.list.map((n) => ({ ...n, isRead: true }));
      return json({ updated, count: 0 });
    }
    const one = url.match(/^\/api\/notifications\/([^/]+)\/read$/);
    if (one && method === 'PATCH') {
      const found = server.list.find((n) => n.id === one[1]);
      if (!found) return json({ message: 'Notification not found', code: 'not_found' }, 404);
      found.isRead = true;
      return json(found);
    }
    if (url.startsWith('/api/notifications')) {
      await server.gate;
      return json(server.list);
    }
    return json({ message: 'Not found', code: 'not_found' }, 404);
  });
}

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

function renderPage() {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/notifications']}>
        <Routes>
          <Route path="/notifications" element={<NotificationsPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
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
  queryClient.clear();
  vi.unstubAllGlobals();
});

const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([url]) => String(url));

describe('NotificationsPage', () => {
  it('while the list loads shows skeletons, never "All caught up!"', async () => {
    let open!: () => void;
    const server: Server = { list: [note({})], gate: new Promise<void>((r) => (open = r)) };
    serve(server);
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading notifications' })).toBeTruthy();
    // The unread count may already be in; nothing is said until the list is too.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('All caught up!')).toBeNull();
    expect(screen.queryByText(/unread notification/)).toBeNull();
    expect(screen.getByRole('button', { name: /Mark All Read/ }).hasAttribute('disabled')).toBe(true);
    open();
    expect(await screen.findByText('1 unread notification')).toBeTruthy();
  });

  it('empty: "All caught up!" and the spec’s empty text', async () => {
    serve({ list: [] });
    renderPage();
    expect(await screen.findByText("No notifications yet. You'll be notified about important updates here.")).toBeTruthy();
    expect(screen.getByText('All caught up!')).toBeTruthy();
  });

  it('each item shows title, message, time and a New badge if unread; Mark All Read marks all and toasts', async () => {
    const server: Server = {
      list: [note({ title: 'First', message: 'One' }), note({ title: 'Second', message: 'Two', isRead: true }), note({ title: 'Third', message: 'Three' })],
    };
    serve(server);
    renderPage();
    expect(await screen.findByText('2 unread notifications')).toBeTruthy();
    for (const text of ['First', 'One', 'Second', 'Two', 'Third', 'Three']) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getAllByText('New')).toHaveLength(2);
    const times = [...document.querySelectorAll('time')];
    expect(times.map((t) => t.getAttribute('datetime'))).toEqual(['2026-01-05T15:20:00Z', '2026-01-05T15:20:00Z', '2026-01-05T15:20:00Z']);
    expect(times.every((t) => /^[A-Z][a-z]{2} \d{2}, \d{1,2}:\d{2}/.test(t.textContent ?? ''))).toBe(true);
    expect(screen.getAllByRole('button', { name: /^Mark ".*" as read$/ })).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: /Mark All Read/ }));
    expect(await screen.findByText('All notifications marked as read')).toBeTruthy();
    expect(await screen.findByText('All caught up!')).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByText('New')).toHaveLength(0));
    expect(patches()).toEqual(['/api/notifications/read-all']);
  });

  it('the per-item button marks that one read and stays on the page', async () => {
    const server: Server = { list: [note({ title: 'Only' })] };
    serve(server);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark "Only" as read' }));
    expect(await screen.findByText('All caught up!')).toBeTruthy();
    expect(patches()).toEqual([`/api/notifications/${server.list[0].id}/read`]);
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('clicking an item marks it read and follows its link inside the app', async () => {
    const server: Server = { list: [note({ title: 'Go there' })] };
    serve(server);
    renderPage();
    fireEvent.click(await screen.findByText('Go there'));
    expect((await screen.findByTestId('where')).textContent).toBe(`/requests/${REQUEST}`);
    expect(patches()).toEqual([`/api/notifications/${server.list[0].id}/read`]);
  });

  it.each(['https://evil.example/phish', '//evil.example', 'javascript:alert(1)', '/\\evil.example', '/%2F%2Fevil.example', ' /requests/x'])(
    'a link that is not a path inside the app (%s) is marked read but not followed',
    async (linkUrl) => {
      const server: Server = { list: [note({ title: 'Suspicious', linkUrl })] };
      serve(server);
      renderPage();
      fireEvent.click(await screen.findByText('Suspicious'));
      await waitFor(() => expect(patches()).toEqual([`/api/notifications/${server.list[0].id}/read`]));
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByTestId('where')).toBeNull();
      expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    },
  );
});

describe('notificationTarget', () => {
  const origin = 'http://localhost:3000';
  it.each([
    [`/requests/${REQUEST}`, `/requests/${REQUEST}`],
    [`/messages/${REQUEST}?x=1#end`, `/messages/${REQUEST}?x=1#end`],
    ['/notifications', '/notifications'],
    [null, null],
    ['', null],
    ['requests/x', null],
    ['https://evil.example', null],
    ['http://localhost:3000/requests/x', null],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
    ['/%5Cevil.example', null],
    ['/\tevil', null],
  ])('%j → %j', (link, target) => {
    expect(notificationTarget(link, origin)).toBe(target);
  });
});

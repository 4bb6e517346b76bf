// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import axe from 'axe-core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageDto } from '../../../common/schemas/messages';
import { Toaster } from '../../components/ui/toaster';
import { queryClient } from '../../lib/query-client';
import { channelTabsFor, defaultChannelFor } from '../../features/messages/channel-tabs';
import { ThreadPage } from './thread-page';

const realtime = vi.hoisted(() => ({ status: 'open' as 'open' | 'closed' | 'connecting' }));
vi.mock('../../lib/realtime', () => ({ useRealtimeStatus: () => realtime.status }));

const ME = '11111111-1111-4111-8111-111111111111';
const THEM = '22222222-2222-4222-8222-222222222222';
const REQUEST = '33333333-3333-4333-8333-333333333333';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const message = (id: string, senderId: string, content: string, createdAt: string): MessageDto => ({
  id,
  requestId: REQUEST,
  senderId,
  recipientId: senderId === ME ? THEM : ME,
  senderName: senderId === ME ? 'Lena Lawyer' : 'Max Mediator',
  content,
  attachmentUrl: null,
  attachmentName: null,
  isRead: true,
  createdAt,
  channel: 'first',
});

/** Answers the page's calls: the user, the request (title), the thread (newest first) and sends. */
function serve(thread: MessageDto[] | 'missing', onSend: (body: Record<string, unknown>) => Response = (body) => json({ ...body }, 201)) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/user')) return json({ id: ME, role: 'lawyer', firstName: 'Lena', lastName: 'Lawyer', profileCompleted: true });
    if (url.startsWith(`/api/requests/${REQUEST}`)) return json({ id: REQUEST, caseName: 'Smith v. Jones', caseNumber: 'CV-2026-0142', status: 'matched' });
    if (url.startsWith(`/api/messages/${REQUEST}`))
      return thread === 'missing' ? json({ message: 'Message thread not found', code: 'not_found' }, 404) : json(thread);
    if (url === '/api/messages' && init?.method === 'POST') return onSend(JSON.parse(String(init.body)));
    return json({ message: 'Not found', code: 'not_found' }, 404);
  });
}

function renderPage(id = REQUEST) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/messages/${id}`]}>
        <Routes>
          <Route path="/messages/:requestId" element={<ThreadPage />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  realtime.status = 'open';
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  queryClient.clear(); // the app's client (its default query fetches the key's URL), emptied between tests
  vi.unstubAllGlobals();
});

const sends = () => fetchMock.mock.calls.filter(([url, init]) => url === '/api/messages' && init?.method === 'POST');

describe('ThreadPage', () => {
  it('shows the case as the title and the messages oldest first, own messages on the right with initial, name and time', async () => {
    serve([
      message('aaaaaaaa-0000-4000-8000-000000000002', ME, 'Monday works for me.', '2026-01-05T15:25:00Z'),
      message('aaaaaaaa-0000-4000-8000-000000000001', THEM, 'Shall we meet on Monday?', '2026-01-05T15:20:00Z'),
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Smith v. Jones' })).toBeTruthy();
    expect(screen.getByText('Case #CV-2026-0142')).toBeTruthy();
    const log = await screen.findByRole('log', { name: 'Messages' });
    const items = within(log).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-side'))).toEqual(['left', 'right']);
    expect(items[0].textContent).toContain('Shall we meet on Monday?');
    expect(items[0].textContent).toContain('Max Mediator');
    expect(items[0].textContent?.startsWith('M')).toBe(true); // the sender's initial
    expect(items[1].textContent).toContain('Monday works for me.');
    expect(items[1].textContent?.startsWith('L')).toBe(true);
    // 'Jan 05, 3:20 PM' in the user's locale and zone: the day and the minutes at least.
    expect(
      within(items[0])
        .getByText(/Jan 05/)
        .getAttribute('datetime'),
    ).toBe('2026-01-05T15:20:00Z');
    expect(screen.getByRole('link', { name: 'View request' }).getAttribute('href')).toBe(`/requests/${REQUEST}`);
  });

  it('shows the empty state and keeps Send disabled for whitespace; Enter sends the trimmed text, Shift+Enter does not', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No messages yet. Start the conversation!')).toBeTruthy();
    const input = screen.getByPlaceholderText('Type your message...');
    expect(screen.getByLabelText('Message')).toBe(input);
    const sendButton = screen.getByRole('button', { name: 'Send' });
    expect(sendButton).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: '   \n  ' } });
    expect(sendButton).toHaveProperty('disabled', true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(sends()).toHaveLength(0);

    fireEvent.change(input, { target: { value: '  Hello there  ' } });
    expect(sendButton).toHaveProperty('disabled', false);
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(sends()).toHaveLength(0);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(JSON.parse(String(sends()[0][1]!.body))).toEqual({ requestId: REQUEST, content: 'Hello there' });
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(''));
  });

  it("keeps the text and shows 'Failed to send message' with the server's message when sending fails", async () => {
    serve([], () => json({ message: 'This mediation was cancelled.', code: 'conflict' }, 409));
    renderPage();
    const input = await screen.findByPlaceholderText('Type your message...');
    fireEvent.change(input, { target: { value: 'Still there?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send message')).toBeTruthy();
    expect(screen.getByText('This mediation was cancelled.')).toBeTruthy();
    expect((input as HTMLTextAreaElement).value).toBe('Still there?');
  });

  it("says 'Invalid message thread' with a way back for a thread that does not exist, and for a malformed id without asking", async () => {
    serve('missing');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Invalid message thread' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Messages' }).getAttribute('href')).toBe('/messages');
    cleanup();
    queryClient.clear();
    fetchMock.mockClear();
    renderPage('not-a-thread');
    expect(await screen.findByRole('heading', { name: 'Invalid message thread' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/messages'))).toBe(false);
  });

  it('shows a two-sided case as channel tabs with unread badges: counsel default to their private channel, the tab goes to the URL', async () => {
    const OTHER = '44444444-4444-4444-8444-444444444444';
    const counsel = (id: string, firstName: string, lastName: string) => ({ id, firstName, lastName, firmName: null, email: `${firstName}@example.com` });
    const seen: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/user')) return json({ id: ME, role: 'lawyer', firstName: 'Lena', lastName: 'Lawyer', profileCompleted: true });
      if (url.startsWith(`/api/requests/${REQUEST}`))
        return json({
          id: REQUEST,
          caseName: 'Smith v. Jones',
          caseNumber: 'CV-2026-0142',
          status: 'matched',
          opposingLawyerId: OTHER,
          sides: { mySeat: 'first', first: counsel(ME, 'Lena', 'Lawyer'), second: counsel(OTHER, 'Olivia', 'Opponent'), invitation: null, parties: [] },
        });
      if (url.startsWith('/api/messages?'))
        return json([
          {
            requestId: REQUEST,
            unreadCount: 2,
            channels: [
              { channel: 'joint', unreadCount: 2, lastMessage: null },
              { channel: 'first', unreadCount: 0, lastMessage: null },
            ],
          },
        ]);
      if (url.startsWith(`/api/messages/${REQUEST}`) && init?.method !== 'POST') {
        seen.push(url);
        const joint = url.includes('channel=joint');
        return json([
          {
            ...message('aaaaaaaa-0000-4000-8000-000000000003', THEM, joint ? 'To everyone' : 'Just us', '2026-01-05T15:20:00Z'),
            channel: joint ? 'joint' : 'first',
          },
        ]);
      }
      if (url === '/api/messages' && init?.method === 'POST') return json({ ...JSON.parse(String(init.body)) }, 201);
      return json({ message: 'Not found', code: 'not_found' }, 404);
    });
    renderPage();
    const tablist = await screen.findByRole('tablist', { name: 'Conversations' });
    await waitFor(() =>
      expect(
        within(tablist)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['JointEveryone in the case2 unread', 'Private with the mediator']),
    );
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Just us')).toBeTruthy();
    expect(seen[0]).not.toContain('channel=');

    fireEvent.mouseDown(tabs[0]!, { button: 0 });
    expect(await screen.findByText('To everyone')).toBeTruthy();
    expect(within(tablist).getAllByRole('tab')[0]!.getAttribute('aria-selected')).toBe('true');
    expect(seen.at(-1)).toContain('channel=joint');
    const input = screen.getByPlaceholderText('Type your message...');
    fireEvent.change(input, { target: { value: 'Hello all' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(JSON.parse(String(sends()[0][1]!.body))).toEqual({ requestId: REQUEST, content: 'Hello all', channel: 'joint' });
    // axe on what is rendered (jsdom cannot compute colours; a page alone has no landmarks).
    const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it("names the mediator's tabs after each side's counsel; admins see the joint channel only", () => {
    const person = (firstName: string) => ({ id: ME, firstName, lastName: 'Counsel', firmName: null, email: 'x@example.com' });
    const sides = { mySeat: 'mediator' as const, first: person('Ann'), second: person('Bo'), invitation: null, parties: [], feeSplit: null };
    expect(channelTabsFor(sides, { second: 3 }).map((tab) => [tab.channel, tab.label, tab.unread])).toEqual([
      ['joint', 'Joint', 0],
      ['first', 'Private: Ann Counsel', 0],
      ['second', 'Private: Bo Counsel', 3],
    ]);
    expect(defaultChannelFor(sides)).toBe('joint');
    expect(channelTabsFor(null, {}).map((tab) => tab.channel)).toEqual(['joint']);
    expect(defaultChannelFor({ ...sides, mySeat: 'second' })).toBe('second');
  });

  it('an admin viewing as counsel of a two-sided case gets the joint channel only, read-only, as the server answers', async () => {
    const OTHER = '44444444-4444-4444-8444-444444444444';
    const admin = { id: 'aaaaaaaa-1111-4111-8111-111111111111', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin' };
    const counsel = (id: string, firstName: string) => ({ id, firstName, lastName: 'Counsel', firmName: null, email: `${firstName}@example.com` });
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/user'))
        return json({ id: ME, role: 'lawyer', firstName: 'Lena', lastName: 'Lawyer', profileCompleted: true, impersonatedBy: admin });
      if (url.startsWith(`/api/requests/${REQUEST}`))
        return json({
          id: REQUEST,
          caseName: 'Smith v. Jones',
          caseNumber: 'CV-2026-0142',
          status: 'matched',
          opposingLawyerId: OTHER,
          sides: { mySeat: 'first', first: counsel(ME, 'Lena'), second: counsel(OTHER, 'Olivia'), invitation: null, parties: [] },
        });
      if (url.startsWith('/api/messages?')) return json([]);
      if (url.startsWith(`/api/messages/${REQUEST}`))
        return json([{ ...message('aaaaaaaa-0000-4000-8000-000000000009', THEM, 'To everyone', '2026-01-05T15:20:00Z'), channel: 'joint' }]);
      return json({ message: 'Not found', code: 'not_found' }, 404);
    });
    renderPage();
    const tablist = await screen.findByRole('tablist', { name: 'Conversations' });
    await waitFor(() =>
      expect(
        within(tablist)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['JointEveryone in the case']),
    );
    expect(await screen.findByText('To everyone')).toBeTruthy();
    expect(screen.queryByPlaceholderText('Type your message...')).toBeNull();
  });

  it('shows no tabs for a one-sided case', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No messages yet. Start the conversation!')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('shows the connection banner while the live connection is down', async () => {
    realtime.status = 'closed';
    serve([]);
    renderPage();
    expect(await screen.findByText('Reconnecting… new messages will appear when the connection is back.', {}, { timeout: 3000 })).toBeTruthy();
  });
});

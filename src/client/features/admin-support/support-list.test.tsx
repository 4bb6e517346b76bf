// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupportMessageDto } from '../../../common/schemas/admin-support';
import { apiGet } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { SupportList } from './support-list';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const OPEN: SupportMessageDto = {
  id: '6c4d5e6f-7a8b-4c90-8d1e-2f3a4b5c6d7e',
  userId: null,
  name: 'Vera Visitor',
  email: 'vera@example.com',
  subject: 'Question about fees',
  message: 'How much does a mediation cost?\nThanks.',
  handled: false,
  handledAt: null,
  handledBy: null,
  createdAt: '2026-11-20T14:30:00.000Z',
};
const OLDER: SupportMessageDto = { ...OPEN, id: '7d5e6f7a-8b9c-4d01-9e2f-3a4b5c6d7e8f', subject: 'Login trouble', createdAt: '2026-11-19T09:00:00.000Z' };
const HANDLED: SupportMessageDto = {
  ...OPEN,
  id: '8e6f7a8b-9c0d-4e12-8f3a-4b5c6d7e8f90',
  subject: 'Invoice copy',
  handled: true,
  handledAt: '2026-11-21T10:00:00.000Z',
  handledBy: { id: '5b3c4d5e-6f7a-4b80-9c0d-1e2f3a4b5c6d', firstName: 'Ada', lastName: 'Admin' },
};

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const getUrls = () => fetchMock.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET').map(([url]) => String(url));
const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);

/** Open messages in two pages, one handled; a PATCH answers `patch` (the message updated, or a refusal). */
function mockServer(patch: (body: { handled: boolean }) => Response = (body) => json({ ...OPEN, ...body })) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'PATCH') return patch(JSON.parse(String(init.body)) as { handled: boolean });
    const handled = url.searchParams.get('handled');
    if (handled === 'true') return json([HANDLED]);
    if (handled === 'false') return url.searchParams.get('cursor') === 'page-2' ? json([OLDER]) : json([OPEN], 200, { 'X-Next-Cursor': 'page-2' });
    return json([OPEN, HANDLED]);
  });
}

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

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(queryKey.join('/')), retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SupportList />
    </QueryClientProvider>,
  );
}

const cardOf = async (subject: string) => (await screen.findByRole('heading', { name: subject })).closest('li')!;

/** axe on what is rendered (jsdom cannot compute colours; a component alone has no page landmarks). */
async function axeViolations() {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`);
}

describe('SupportList', () => {
  it('shows open messages first: sender, e-mail link, subject, message and date; Load more follows the cursor', async () => {
    mockServer();
    renderList();
    const card = await cardOf('Question about fees');
    expect(card.textContent).toContain('From Vera Visitor');
    expect(within(card).getByRole('link', { name: 'vera@example.com' }).getAttribute('href')).toBe('mailto:vera@example.com');
    expect(card.textContent).toContain('How much does a mediation cost?');
    expect(card.textContent).toContain(`Received ${formatDateTime(OPEN.createdAt)}`);
    expect(getUrls()).toEqual(['/api/admin/support?handled=false&limit=20']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await cardOf('Login trouble');
    expect(getUrls()).toContain('/api/admin/support?handled=false&limit=20&cursor=page-2');
  });

  it('filters handled and all; a handled message says by whom', async () => {
    mockServer();
    renderList();
    await cardOf('Question about fees');
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'handled' } });
    const card = await cardOf('Invoice copy');
    expect(card.textContent).toContain(`Handled ${formatDateTime(HANDLED.handledAt)} by Ada Admin`);
    expect(within(card).getByRole('button', { name: 'Mark open' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'all' } });
    await waitFor(() => expect(getUrls()).toContain('/api/admin/support?limit=20'));
    expect(await cardOf('Question about fees')).toBeTruthy();
  });

  it('marks a message handled, then open again, and refetches the list', async () => {
    mockServer();
    renderList();
    const card = await cardOf('Question about fees');
    fireEvent.click(within(card).getByRole('button', { name: 'Mark handled' }));
    await waitFor(() => expect(toasts.toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Message marked as handled' })));
    expect(patches()).toEqual([[`/api/admin/support/${OPEN.id}`, { handled: true }]]);
    await waitFor(() => expect(getUrls().filter((u) => u === '/api/admin/support?handled=false&limit=20')).toHaveLength(2));

    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'handled' } });
    fireEvent.click(within(await cardOf('Invoice copy')).getByRole('button', { name: 'Mark open' }));
    await waitFor(() => expect(toasts.toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Message marked as open' })));
    expect(patches()[1]).toEqual([`/api/admin/support/${HANDLED.id}`, { handled: false }]);
  });

  it("a failure shows the server's message", async () => {
    mockServer(() => json({ message: 'Message not found', code: 'not_found' }, 404));
    renderList();
    fireEvent.click(within(await cardOf('Question about fees')).getByRole('button', { name: 'Mark handled' }));
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledTimes(1));
    expect((toasts.toastError.mock.calls[0][1] as Error).message).toBe('Message not found');
  });

  it('is accessible (axe)', async () => {
    mockServer();
    renderList();
    await cardOf('Question about fees');
    expect(await axeViolations()).toEqual([]);
  });

  it('says so when there are no messages', async () => {
    fetchMock.mockResolvedValue(json([]));
    renderList();
    expect(await screen.findByText('No open messages. Messages sent through the contact form appear here.')).toBeTruthy();
  });
});

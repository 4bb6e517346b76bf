// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { SEARCH_DEBOUNCE_MS, UserList } from './user-list';
import { ADMIN, LAWYER, MEDIATOR } from './user.fixture';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
const listUrls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/admin/users'));

/** The server: the signed-in admin, and users in two pages (mediator, then lawyer); any filter finds only the lawyer. */
function mockServer({ empty = false } = {}) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/user') return json({ ...ADMIN, impersonatedBy: null });
    if (url.pathname === '/api/admin/users') {
      if (empty) return json([]);
      const filtered = ['search', 'role', 'status'].some((p) => url.searchParams.has(p));
      if (filtered) return json([LAWYER]);
      return url.searchParams.get('cursor') === 'page-2' ? json([LAWYER, ADMIN]) : json([MEDIATOR], { 'X-Next-Cursor': 'page-2' });
    }
    return json({ message: 'Not found' });
  });
}

/** jsdom has no matchMedia: stub one that answers `wide` for the desktop query. */
function stubScreen(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }));
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(queryKey.join('/')), retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UserList />
    </QueryClientProvider>,
  );
}

/** axe on what is rendered (jsdom cannot compute colours; a component alone has no page landmarks). */
async function axeViolations() {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`);
}

describe('UserList', () => {
  it('shows cards on a phone: name, e-mail, role, status, verification, joined date and profile summary', async () => {
    stubScreen(false);
    mockServer();
    renderList();
    const card = (await screen.findByRole('heading', { name: 'Max Mediator' })).closest('li')!;
    expect(card.textContent).toContain('max.mediator@example.com');
    expect(within(card).getByText('Mediator')).toBeTruthy();
    expect(card.querySelector('[data-status]')?.textContent).toBe('Pending');
    expect(card.textContent).toContain('E-mail verified');
    expect(within(card).getByText('Joined').nextElementSibling?.textContent).toBe(formatDate(MEDIATOR.createdAt));
    expect(card.textContent).toContain('Pro plan · California · Rating 4.5 (6)');
    expect(screen.queryByRole('table')).toBeNull();
    expect(listUrls()).toEqual(['/api/admin/users?limit=20']);
  });

  it("'Load more' follows X-Next-Cursor; the admin's own row offers no actions on it", async () => {
    stubScreen(false);
    mockServer();
    renderList();
    await screen.findByRole('heading', { name: 'Max Mediator' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const lawyer = (await screen.findByRole('heading', { name: 'Lena Lawyer' })).closest('li')!;
    expect(lawyer.textContent).toContain('E-mail not verified');
    expect(lawyer.textContent).toContain('Lawyer & Co · New York · Rating N/A (0)');
    expect(listUrls()).toContain('/api/admin/users?limit=20&cursor=page-2');
    expect(within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem')).toHaveLength(3);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    const self = (await screen.findByRole('heading', { name: /Ada Admin/ })).closest('li')!;
    await waitFor(() => expect(self.textContent).toContain('(you)'));
    expect(within(self).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect((within(self).getByRole('combobox', { name: 'Status of Ada Admin' }) as HTMLSelectElement).disabled).toBe(true);
  });

  it('shows a table on a wide screen', async () => {
    stubScreen(true);
    mockServer();
    renderList();
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = within(table)
      .getByRole('rowheader', { name: /Max Mediator/ })
      .closest('tr')!;
    expect(row.textContent).toContain('Pending');
    expect(within(row).getByRole('button', { name: 'View as Max Mediator' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['User', 'Role and profile', 'Status', 'Joined', 'Actions']);
  });

  it('is accessible as cards and as a table (axe)', async () => {
    stubScreen(false);
    mockServer();
    renderList();
    await screen.findByRole('heading', { name: 'Max Mediator' });
    expect(await axeViolations()).toEqual([]);
    cleanup();
    stubScreen(true);
    renderList();
    await screen.findByRole('table', { name: 'Users' });
    expect(await axeViolations()).toEqual([]);
  });

  it('asks the server only once the search text rests, and sends role and status filters at once', async () => {
    stubScreen(false);
    mockServer();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderList();
    await screen.findByRole('heading', { name: 'Max Mediator' });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'le' } });
    fireEvent.change(search, { target: { value: 'lena' } });
    expect(listUrls()).toEqual(['/api/admin/users?limit=20']);
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await screen.findByRole('heading', { name: 'Lena Lawyer' });
    expect(listUrls()).toEqual(['/api/admin/users?limit=20', '/api/admin/users?search=lena&limit=20']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'lawyer' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'approved' } });
    await waitFor(() => expect(listUrls()).toContain('/api/admin/users?search=lena&role=lawyer&status=approved&limit=20'));
  });

  it('says so when nothing matches', async () => {
    stubScreen(false);
    mockServer({ empty: true });
    renderList();
    expect(await screen.findByText('No users yet.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'suspended' } });
    expect(await screen.findByText('No users match these filters.')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import axe from 'axe-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayMoney } from '../../../common/money';
import { apiGet } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { COMPLETED, LIVE, MATCHED } from './mediation.fixture';
import { MediationList } from './mediation-list';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

/** The server: two pages unfiltered (matched + live, then completed); a status or a search narrows to what matches. */
function mockServer({ empty = false } = {}) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/admin/mediations') return json([]);
    if (empty) return json([]);
    const status = url.searchParams.get('status');
    const search = url.searchParams.get('search');
    if (status) return json([MATCHED, LIVE, COMPLETED].filter((m) => m.status === status));
    if (search) return json([MATCHED, LIVE, COMPLETED].filter((m) => m.caseName.includes(search)));
    return url.searchParams.get('cursor') === 'page-2' ? json([COMPLETED]) : json([MATCHED, LIVE], { 'X-Next-Cursor': 'page-2' });
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(queryKey.join('/')), retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <MediationList />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const card = async (name: string) => screen.findByRole('article', { name });
const value = (within_: HTMLElement, term: string) => within(within_).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

/** axe on what is rendered (jsdom cannot compute colours; a component alone has no page landmarks). */
async function axeViolations() {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('MediationList', () => {
  it('shows each mediation: case, parties, budget, status, dates, a link to the request, and the actions its state allows', async () => {
    mockServer();
    renderList();
    const matched = await card('Smith v. Jones');
    expect(matched.textContent).toContain('Case #CV-2026-0142');
    expect(value(matched, 'Lawyer')).toBe('Lena Lawyer');
    expect(value(matched, 'Mediator')).toBe('Max Mediator');
    expect(value(matched, 'Budget')).toBe(displayMoney('1400.00'));
    expect(value(matched, 'Created')).toBe(formatDate(MATCHED.createdAt));
    expect(value(matched, 'Preferred date')).toBe(formatDate('2026-12-14'));
    expect(within(matched).getByText('Matched')).toBeTruthy();
    expect(
      within(matched)
        .getByRole('link', { name: /Open the request/ })
        .getAttribute('href'),
    ).toBe(`/requests/${MATCHED.id}`);
    expect(within(matched).getByRole('button', { name: 'Reassign the mediator of Smith v. Jones' })).toBeTruthy();
    expect(within(matched).getByRole('button', { name: 'Cancel Smith v. Jones' })).toBeTruthy();
    // One group of their own, so on a phone the two wrap together instead of Cancel dropping alone under the link.
    const actions = within(matched).getByRole('button', { name: /Reassign/ }).parentElement as HTMLElement;
    expect(within(actions).getByRole('button', { name: /Cancel/ })).toBeTruthy();
    expect(within(actions).queryByRole('link')).toBeNull();

    const live = await card('Doe v. Roe');
    expect(value(live, 'Mediator')).toBe('Not selected');
    expect(within(live).queryByRole('button', { name: /Reassign/ })).toBeNull();
    expect(within(live).getByRole('button', { name: 'Cancel Doe v. Roe' })).toBeTruthy();
    expect(urls()).toContain('/api/admin/mediations?limit=20');
  });

  it("'Load more' follows X-Next-Cursor; a completed mediation offers only its documents' retention", async () => {
    mockServer();
    renderList();
    await card('Smith v. Jones');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const completed = await card('Brown v. Green');
    expect(urls()).toContain('/api/admin/mediations?limit=20&cursor=page-2');
    expect(
      within(completed)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Documents retention of Brown v. Green']);
    expect(within(await card('Smith v. Jones')).queryByRole('button', { name: /Documents retention/ })).toBeNull();
    expect(value(completed, 'Completed')).toBe(formatDate(COMPLETED.completedAt));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('filters by status and by a submitted search', async () => {
    mockServer();
    renderList();
    await card('Smith v. Jones');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'pending_mediators' } });
    await card('Doe v. Roe');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Smith v. Jones' })).toBeNull());
    expect(urls()).toContain('/api/admin/mediations?status=pending_mediators&limit=20');

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: ' Smith ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(urls()).toContain('/api/admin/mediations?search=Smith&limit=20'));
    await card('Smith v. Jones');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Doe v. Roe' })).toBeNull());
  });

  it('says so when nothing matches, and when there is nothing at all', async () => {
    mockServer({ empty: true });
    renderList();
    expect(await screen.findByText('No mediation requests yet.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'cancelled' } });
    expect(await screen.findByText('No mediations match these filters.')).toBeTruthy();
  });

  it('shows the server’s message when the list fails', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'Database unavailable' }), { status: 500, headers: { 'Content-Type': 'application/json' } }),
    );
    renderList();
    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable');
  });

  it('opens the reassign and cancel dialogs for the chosen mediation', async () => {
    mockServer();
    renderList();
    fireEvent.click(within(await card('Smith v. Jones')).getByRole('button', { name: /Reassign/ }));
    expect(await screen.findByRole('dialog', { name: 'Reassign mediator' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(within(await card('Doe v. Roe')).getByRole('button', { name: /Cancel/ }));
    expect((await screen.findByRole('dialog', { name: 'Cancel mediation' })).textContent).toContain('Doe v. Roe');
  });

  it('is accessible (axe), the list and the cancel dialog', async () => {
    mockServer();
    renderList();
    await card('Smith v. Jones');
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(within(await card('Smith v. Jones')).getByRole('button', { name: /Cancel/ }));
    await screen.findByRole('dialog', { name: 'Cancel mediation' });
    expect(await axeViolations()).toEqual([]);
  });
});

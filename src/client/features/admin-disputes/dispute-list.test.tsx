// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayMoney } from '../../../common/money';
import type { AdminDisputeDto } from '../../../common/schemas/disputes';
import { apiGet } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { HELD_DISPUTE, RESOLVED_DISPUTE } from './dispute.fixture';
import { DisputeList } from './dispute-list';

const OLDER_OPEN: AdminDisputeDto = {
  ...HELD_DISPUTE,
  id: '7b2e3f4a-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  caseName: 'Older v. Case',
  caseNumber: 'CV-2026-0001',
  reason: 'The mediator never sent the agreed memorandum.',
};

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

/** The server: open disputes in two pages (one each), one resolved; or nothing at all. */
function mockServer({ empty = false } = {}) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/admin/disputes') {
      if (empty) return json([]);
      if (url.searchParams.get('status') === 'resolved') return json([RESOLVED_DISPUTE]);
      return url.searchParams.get('cursor') === 'page-2' ? json([OLDER_OPEN]) : json([HELD_DISPUTE], { 'X-Next-Cursor': 'page-2' });
    }
    if (url.pathname === `/api/admin/disputes/${HELD_DISPUTE.id}`) return json(HELD_DISPUTE);
    return json({ message: 'Not found' });
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
        <DisputeList />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('DisputeList', () => {
  it('lists open disputes first, then resolved, with the case, people, money, reason and date', async () => {
    mockServer();
    renderList();
    const open = section('Open');
    const card = (await within(open).findByRole('button', { name: 'Smith v. Jones' })).closest('li')!;
    expect(card.textContent).toContain('Case #CV-2026-0142');
    expect(card.textContent).toContain('Lena Lawyer');
    expect(card.textContent).toContain('Max Mediator');
    expect(within(card).getByText('Amount held').nextElementSibling?.textContent).toBe(displayMoney('1400.00'));
    expect(card.textContent).toContain('The mediator left after one hour of the four booked.');
    expect(within(card).getByText('Opened').nextElementSibling?.textContent).toBe(formatDate(HELD_DISPUTE.createdAt));
    expect(within(card).getByText('Open')).toBeTruthy();
    const resolved = section('Resolved');
    const done = (await within(resolved).findByRole('button', { name: 'Brown v. Green' })).closest('li')!;
    expect(within(done).getByText('Refunded').nextElementSibling?.textContent).toBe(displayMoney('400.00'));
    expect(within(done).getByText('Resolved: partial refund')).toBeTruthy();
    // Open comes before resolved in the document.
    expect(open.compareDocumentPosition(resolved) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(urls()).toContain('/api/admin/disputes?status=open&limit=20');
    expect(urls()).toContain('/api/admin/disputes?status=resolved&limit=20');
  });

  it("'Load more' follows X-Next-Cursor and appends the older disputes", async () => {
    mockServer();
    renderList();
    const open = section('Open');
    await within(open).findByRole('button', { name: 'Smith v. Jones' });
    fireEvent.click(within(open).getByRole('button', { name: 'Load more' }));
    expect(await within(open).findByRole('button', { name: 'Older v. Case' })).toBeTruthy();
    expect(urls()).toContain('/api/admin/disputes?status=open&limit=20&cursor=page-2');
    expect(within(open).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(within(open).queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('says so when there are no disputes', async () => {
    mockServer({ empty: true });
    renderList();
    expect(await within(section('Open')).findByText('No open disputes. Problems lawyers report about completed mediations appear here.')).toBeTruthy();
    expect(await within(section('Resolved')).findByText('No resolved disputes yet.')).toBeTruthy();
  });

  it('opens a dispute in full: reason, money held, a link to the request; Resolve opens the resolve dialog', async () => {
    mockServer();
    renderList();
    fireEvent.click(await within(section('Open')).findByRole('button', { name: 'Smith v. Jones' }));
    const detail = await screen.findByRole('dialog', { name: 'Smith v. Jones' });
    expect(detail.textContent).toContain('The mediator left after one hour of the four booked.');
    const money = within(detail).getByLabelText('Money held');
    const lines = [...money.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(lines).toEqual([
      ['Budget', displayMoney('1400.00')],
      ['Deposit held', displayMoney('250.00')],
      ['Balance held', displayMoney('1150.00')],
      ['Platform fee (planned)', displayMoney('140.00')],
      ['Mediator payout (planned, on hold)', displayMoney('1260.00')],
      ['Total held', displayMoney('1400.00')],
    ]);
    expect(
      within(detail)
        .getByRole('link', { name: /Open the request/ })
        .getAttribute('href'),
    ).toBe(`/requests/${HELD_DISPUTE.requestId}`);
    fireEvent.click(within(detail).getByRole('button', { name: 'Resolve dispute' }));
    expect(await screen.findByRole('dialog', { name: 'Resolve dispute' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Smith v. Jones' })).toBeNull();
  });

  it('a resolved dispute shows its outcome and note, and cannot be resolved again', async () => {
    mockServer();
    renderList();
    fireEvent.click(await within(section('Resolved')).findByRole('button', { name: 'Brown v. Green' }));
    const detail = await screen.findByRole('dialog', { name: 'Brown v. Green' });
    expect(detail.textContent).toContain(`Partial refund: ${displayMoney('400.00')} refunded to the lawyer, ${displayMoney('900.00')} paid to the mediator`);
    expect(detail.textContent).toContain('The session ended after one hour.');
    expect(within(detail).queryByRole('button', { name: 'Resolve dispute' })).toBeNull();
  });
});

// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentView, PayoutAccount } from '../../../common/schemas/payment-history';
import { displayMoney as money } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { PaymentsPage } from './payments-page';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

let seq = 0;
const payment = (overrides: Partial<PaymentView> = {}): PaymentView => {
  const n = String(++seq).padStart(12, '0');
  return {
    id: `aaaaaaaa-0000-4000-8000-${n}`,
    requestId: `bbbbbbbb-0000-4000-8000-${n}`,
    caseName: `Case ${seq}`,
    caseNumber: `CV-${seq}`,
    lawyerId: '11111111-1111-4111-8111-111111111111',
    mediatorId: '22222222-2222-4222-8222-222222222222',
    depositAmount: '250.00',
    amount: '250.00',
    platformFee: '140.00',
    mediatorPayout: '1260.00',
    status: 'held',
    refundAmount: '0.00',
    refundReason: null,
    totalCharged: '1400.00',
    totalRefunded: '0.00',
    settlement: {
      charged: '1400.00',
      refunded: '0.00',
      platformFeeKept: '0.00',
      paidToMediator: '0.00',
      held: '1400.00',
      planned: { platformFee: '140.00', mediatorPayout: '1260.00' },
    },
    paidToYou: null,
    paidAt: null,
    createdAt: '2026-03-02T15:00:00Z',
    updatedAt: '2026-03-02T15:00:00Z',
    ledger: [],
    ...overrides,
  };
};

interface Server {
  role: 'lawyer' | 'mediator';
  /** Pages of the list, in order; each but the last carries the next cursor. */
  pages: PaymentView[][];
  account?: PayoutAccount;
  thisMonth?: string;
}

const fetchMock = vi.fn<typeof fetch>();

function serve(server: Server) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/user') return json({ id: '11111111-1111-4111-8111-111111111111', role: server.role, firstName: 'Ada', lastName: 'Lovelace' });
    if (url.pathname === '/api/payments') {
      const page = Number(url.searchParams.get('cursor')?.replace('page-', '') ?? 0);
      const next = page + 1 < server.pages.length ? { 'X-Next-Cursor': `page-${page + 1}` } : undefined;
      return json(server.pages[page] ?? [], 200, next);
    }
    if (url.pathname === '/api/dashboard') return json({ role: 'mediator', thisMonthEarnings: server.thisMonth ?? '0.00' });
    if (url.pathname === '/api/payouts/account' && method === 'POST') {
      server.account = { ...server.account!, accountId: 'acct_local_1', ready: true };
      return json(server.account);
    }
    if (url.pathname === '/api/payouts/account') return json(server.account);
    return json({ message: 'Not found', code: 'not_found' }, 404);
  });
}

function renderPage() {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/payments']}>
        <Routes>
          <Route path="/payments" element={<PaymentsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const listCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/payments'));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('PaymentsPage (lawyer)', () => {
  it('lists each payment with case, date, status in words, charged, refunded and its links; Load more follows the cursor', async () => {
    const first = Array.from({ length: 20 }, () => payment());
    first[0] = { ...first[0], caseName: 'Smith v. Jones', caseNumber: 'CV-2026-0142', status: 'refunded_partial', totalRefunded: '1150.00' };
    first[1] = { ...first[1], status: 'released' };
    const last = [payment({ caseName: 'Last v. Page', status: 'failed', totalCharged: '0.00' })];
    serve({ role: 'lawyer', pages: [first, last] });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Payments', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Payments, newest first' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Case', 'Date', 'Status', 'Charged', 'Refunded', 'Links']);
    expect(within(table).getAllByRole('row')).toHaveLength(21);

    const row = within(table).getByText('Smith v. Jones', { selector: 'p' }).closest('tr')!;
    expect(within(row).getByText('CV-2026-0142')).toBeTruthy();
    expect(within(row).getByText('Partly refunded')).toBeTruthy();
    expect(within(row).getByText(money('1400.00'))).toBeTruthy();
    expect(within(row).getByText(money('1150.00'))).toBeTruthy();
    expect(within(row).getByText(/^[A-Z][a-z]{2} \d{2}, 2026$/)).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'View request Smith v. Jones' }).getAttribute('href')).toBe(`/requests/${first[0].requestId}`);
    expect(within(row).getByRole('link', { name: 'Receipt for Smith v. Jones' }).getAttribute('href')).toBe(`/payments/${first[0].id}/receipt`);
    expect(within(within(table).getByText(first[1].caseName, { selector: 'p' }).closest('tr')!).getByText('Paid to mediator')).toBeTruthy();
    expect(within(table).getAllByText('Deposit held')).toHaveLength(18);
    // Phones get the same payments as cards.
    expect(within(screen.getByRole('list', { name: 'Payments' })).getAllByRole('listitem')).toHaveLength(20);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(22));
    expect(within(table).getByText('Last v. Page', { selector: 'p' }).closest('tr')!.textContent).toContain('Failed');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(listCalls()).toEqual(['/api/payments?limit=20', '/api/payments?limit=20&cursor=page-1']);
  });

  it('empty: says where payments come from and offers a new request', async () => {
    serve({ role: 'lawyer', pages: [[]] });
    renderPage();
    expect(await screen.findByText('No payments yet.')).toBeTruthy();
    expect(screen.getByText(/When you pay the deposit for a mediation request/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New Request' }).getAttribute('href')).toBe('/requests/new');
  });
});

describe('PaymentsPage (mediator): Earnings', () => {
  it("shows the dashboard's This Month, the payouts with what was paid, and sets up the payout account", async () => {
    const paid = payment({
      caseName: 'Paid v. Out',
      status: 'released',
      paidToYou: '1260.00',
      paidAt: '2026-03-05T23:00:00Z',
      settlement: { charged: '1400.00', refunded: '0.00', platformFeeKept: '140.00', paidToMediator: '1260.00', held: '0.00', planned: null },
    });
    const held = payment({ caseName: 'Still v. Held', paidToYou: '0.00' });
    serve({
      role: 'mediator',
      pages: [[held, paid]],
      thisMonth: '1485.00',
      account: { provider: 'local', accountId: null, ready: false, requirements: [], onboardingUrl: null },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Earnings', level: 1 })).toBeTruthy();
    expect(await screen.findByText(money('1485.00'))).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Case', 'Paid on', 'Status', 'Charged', 'Refunded', 'Platform fee', 'Paid to you', 'Links']);
    const paidRow = within(table).getByText('Paid v. Out', { selector: 'p' }).closest('tr')!;
    expect(within(paidRow).getByText('Paid')).toBeTruthy();
    // What happened, and no plan beside it once it is done.
    expect(within(paidRow).getByText(money('1260.00'))).toBeTruthy();
    expect(within(paidRow).getByText(money('140.00'))).toBeTruthy();
    expect(within(paidRow).queryByText(/planned/)).toBeNull();
    expect(within(paidRow).getByRole('link', { name: 'Statement for Paid v. Out' })).toBeTruthy();
    const heldRow = within(table).getByText('Still v. Held', { selector: 'p' }).closest('tr')!;
    expect(within(heldRow).getByText('Payout pending')).toBeTruthy();
    expect(within(heldRow).getByText('Not yet')).toBeTruthy();
    // Still the plan: nothing paid yet, the planned payout said as a plan.
    expect(within(heldRow).getByText(`${money('1260.00')} planned`)).toBeTruthy();

    expect(await screen.findByText(/You have no payout account yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set up payouts' }));
    expect(await screen.findByText(/Your payout account is ready/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/payouts/account' && init?.method === 'POST' && init.body === undefined)).toBe(true);
  });

  it('an account the provider has not approved: what is missing and the onboarding link', async () => {
    serve({
      role: 'mediator',
      pages: [[]],
      account: {
        provider: 'stripe',
        accountId: 'acct_1',
        ready: false,
        requirements: ['Bank account', 'Identity document'],
        onboardingUrl: 'https://connect.example/onboard',
      },
    });
    renderPage();
    expect(await screen.findByText('We cannot pay you until your payout account is complete.')).toBeTruthy();
    expect(screen.getByText('Bank account')).toBeTruthy();
    expect(screen.getByText('Identity document')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete payout setup' }).getAttribute('href')).toBe('https://connect.example/onboard');
    expect(await screen.findByText('No payouts yet.')).toBeTruthy();
  });
});

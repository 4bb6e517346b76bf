// @vitest-environment jsdom
import axe from 'axe-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayMoney } from '../../../common/money';
import { apiGet } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { FAILED, HELD, RELEASED } from './payment.fixture';
import { PaymentList } from './payment-list';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

/** Two pages unfiltered (released + held, then failed); a status narrows to what matches. */
function mockServer({ empty = false } = {}) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (empty) return json([]);
    const status = url.searchParams.get('status');
    if (status) return json([RELEASED, HELD, FAILED].filter((p) => p.status === status));
    return url.searchParams.get('cursor') === 'page-2' ? json([FAILED]) : json([RELEASED, HELD], { 'X-Next-Cursor': 'page-2' });
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
        <PaymentList />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const card = (name: string) => screen.findByRole('article', { name });
const value = (el: HTMLElement, term: string) => within(el).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

/** axe on what is rendered (jsdom cannot compute colours; a component alone has no page landmarks). */
async function axeViolations() {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('PaymentList', () => {
  it('shows each payment: case, parties, the deposit as its amount, charged, refunded, fee, payout and status', async () => {
    mockServer();
    renderList();
    const released = await card('Smith v. Jones');
    expect(value(released, 'Lawyer')).toBe('Lena Lawyer');
    expect(value(released, 'Mediator')).toBe('Max Mediator');
    expect(value(released, 'Amount (deposit)')).toBe(displayMoney('250.00'));
    // What happened, not the plan: charged, the fee kept and what was paid (nothing refunded, nothing held).
    expect(value(released, "Charged to the lawyer's card")).toBe(displayMoney('1400.00'));
    expect(value(released, 'Platform fee kept')).toBe(displayMoney('140.00'));
    expect(value(released, 'Paid to the mediator')).toBe(displayMoney('1260.00'));
    expect(within(released).queryByText(/planned/)).toBeNull();
    expect(within(released).getByText('Paid to mediator')).toBeTruthy();
    const held = await card('Doe v. Roe');
    expect(value(held, 'Mediator')).toBe('Not selected');
    // Still the plan: the deposit held, the planned fee and payout said as planned.
    expect(value(held, 'Still held')).toBe(displayMoney('250.00'));
    expect(value(held, 'Platform fee (planned)')).toBe(displayMoney('70.00'));
    expect(value(held, 'Mediator payout (planned)')).toBe(displayMoney('630.00'));
    expect(within(held).getByText('Held in escrow')).toBeTruthy();
    expect(urls()).toContain('/api/admin/payments?limit=20');
  });

  it("'Load more' follows X-Next-Cursor; the status filter asks the server", async () => {
    mockServer();
    renderList();
    await card('Smith v. Jones');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const failed = await card('Brown v. Green');
    expect(failed.textContent).toContain('Refund: Cancelled before the deposit was paid');
    expect(urls()).toContain('/api/admin/payments?limit=20&cursor=page-2');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'held' } });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Smith v. Jones' })).toBeNull());
    expect(await card('Doe v. Roe')).toBeTruthy();
    expect(urls()).toContain('/api/admin/payments?status=held&limit=20');
  });

  it('opens the ledger: each movement in plain words with amount, fee, provider reference, note and date', async () => {
    mockServer();
    renderList();
    fireEvent.click(within(await card('Smith v. Jones')).getByRole('button', { name: 'View ledger (3) of Smith v. Jones' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ledger: Smith v. Jones' });
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Deposit charged to the lawyer', displayMoney('250.00'), displayMoney('0.00'), 'pi_deposit_123', '—', formatDateTime(RELEASED.ledger[0].createdAt)],
      ['Balance charged to the lawyer', displayMoney('1150.00'), displayMoney('0.00'), 'pi_balance_456', '—', formatDateTime(RELEASED.ledger[1].createdAt)],
      [
        'Payout to the mediator',
        displayMoney('1260.00'),
        displayMoney('140.00'),
        'tr_payout_789',
        'Released after the hold',
        formatDateTime(RELEASED.ledger[2].createdAt),
      ],
    ]);
    expect(within(dialog).getByRole('link', { name: 'Open the request' }).getAttribute('href')).toBe(`/requests/${RELEASED.requestId}`);
  });

  it('an empty ledger says nothing moved; an empty list says so', async () => {
    mockServer();
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    fireEvent.click(within(await card('Brown v. Green')).getByRole('button', { name: /View ledger \(0\)/ }));
    expect(await screen.findByText('Nothing has been charged or transferred yet.')).toBeTruthy();
    cleanup();
    mockServer({ empty: true });
    renderList();
    expect(await screen.findByText('No payments yet.')).toBeTruthy();
  });

  it('is accessible (axe), the list and the ledger', async () => {
    mockServer();
    renderList();
    await card('Smith v. Jones');
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(within(await card('Smith v. Jones')).getByRole('button', { name: /View ledger/ }));
    await screen.findByRole('dialog', { name: 'Ledger: Smith v. Jones' });
    expect(await axeViolations()).toEqual([]);
  });
});

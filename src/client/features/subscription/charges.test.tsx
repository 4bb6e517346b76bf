// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionChargeDto } from '../../../common/schemas/subscription-charges';
import { formatDate } from '../../lib/format';
import type { PagedList } from '../../lib/use-paged-list';
import { SubscriptionReceipt } from './charge-receipt';
import { SubscriptionChargesList } from './charges-list';

afterEach(cleanup);

const charge = (overrides: Partial<SubscriptionChargeDto>): SubscriptionChargeDto => ({
  id: '0b6f4a52-2f0e-4d55-9a3c-4a1c8f1e2d30',
  kind: 'upgrade',
  tier: 'pro',
  amount: '50.00',
  refundedAmount: '0.00',
  refundedAt: null,
  status: 'paid',
  periodStart: '2026-03-02T15:00:00.000Z',
  periodEnd: '2026-04-02T15:00:00.000Z',
  failureMessage: null,
  createdAt: '2026-03-02T15:00:00.000Z',
  ...overrides,
});

const RENEWAL_DECLINED = charge({
  id: '1c7a5b63-3a1f-4e66-8b4d-5b2d9a2f3e41',
  kind: 'renewal',
  status: 'declined',
  periodStart: null,
  periodEnd: null,
  failureMessage: 'Your card was declined.',
  createdAt: '2026-04-02T15:00:00.000Z',
});
const REFUNDED = charge({
  id: '2d8b6c74-4b20-4f77-9c5e-6c3eab304f52',
  tier: 'unlimited',
  amount: '100.00',
  refundedAmount: '100.00',
  refundedAt: '2026-03-03T09:00:00.000Z',
  status: 'refunded',
  periodStart: null,
  periodEnd: null,
});

const listOf = (items: SubscriptionChargeDto[]): PagedList<SubscriptionChargeDto> => ({
  items,
  isLoading: false,
  error: null,
  isFetchNextPageError: false,
  refetch: vi.fn(),
  isRefetching: false,
  hasNextPage: false,
  fetchNextPage: vi.fn(),
  isFetchingNextPage: false,
});

function renderList(items: SubscriptionChargeDto[]) {
  render(
    <MemoryRouter>
      <SubscriptionChargesList list={listOf(items)} />
    </MemoryRouter>,
  );
}

describe('SubscriptionChargesList', () => {
  it('shows each charge’s date, plan, period, amount, refund and status, with its receipt', () => {
    renderList([RENEWAL_DECLINED, REFUNDED, charge({})]);
    const table = screen.getByRole('table', { name: 'Subscription charges, newest first' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((cell) => cell.textContent),
      );
    const period = `${formatDate('2026-03-02T15:00:00.000Z')} – ${formatDate('2026-04-02T15:00:00.000Z')}`;
    expect(rows).toEqual([
      [formatDate(RENEWAL_DECLINED.createdAt), 'Pro plan, monthly renewalYour card was declined.', '—', '$50', '—', 'Declined'],
      [formatDate(REFUNDED.createdAt), 'Unlimited plan, first month', '—', '$100', '$100', 'Refunded'],
      [formatDate('2026-03-02T15:00:00.000Z'), 'Pro plan, first month', period, '$50', '—', 'Paid'],
    ]);
    const receipts = within(table).getAllByRole('link');
    expect(receipts.map((a) => a.getAttribute('href'))).toEqual([
      `/subscription/charges/${RENEWAL_DECLINED.id}/receipt`,
      `/subscription/charges/${REFUNDED.id}/receipt`,
      `/subscription/charges/${charge({}).id}/receipt`,
    ]);
    expect(receipts[2].getAttribute('aria-label')).toBe(`Receipt for Pro plan, first month, ${formatDate('2026-03-02T15:00:00.000Z')}`);
    // Phones get the same figures as cards.
    const cards = within(screen.getByRole('list', { name: 'Subscription charges' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[1]).getAllByText('$100', { selector: 'dd' })).toHaveLength(2); // amount and refunded
  });

  it('says there is nothing yet when no charge was made', () => {
    renderList([]);
    expect(screen.getByText(/^No charges yet\./)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('SubscriptionReceipt', () => {
  const billedTo = { name: 'Max Mediator', email: 'max@example.com' };
  const totals = () =>
    Object.fromEntries(
      within(screen.getByRole('table'))
        .getAllByRole('rowheader')
        .map((th) => [th.textContent, th.parentElement!.querySelector('td')!.textContent]),
    );

  it('a paid charge: who, the plan and its period, the line and totals that add up', () => {
    render(<SubscriptionReceipt charge={charge({})} billedTo={billedTo} issuedAt={new Date('2026-03-05T10:00:00Z')} />);
    expect(screen.getByRole('heading', { name: 'Subscription receipt' })).toBeTruthy();
    expect(screen.getByText('max@example.com')).toBeTruthy();
    expect(screen.getByText('Pro (monthly)')).toBeTruthy();
    expect(screen.getByText(`For ${formatDate('2026-03-02T15:00:00.000Z')} – ${formatDate('2026-04-02T15:00:00.000Z')}`)).toBeTruthy();
    expect(totals()).toEqual({ 'Total charged': '$50', 'Total refunded': '$0', 'Net paid': '$50' });
  });

  it('a refunded charge lists the refund under it, and nets to nothing', () => {
    render(<SubscriptionReceipt charge={REFUNDED} billedTo={billedTo} issuedAt={new Date('2026-03-05T10:00:00Z')} />);
    const lines = within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1, 3)
      .map((row) => [row.querySelector('span')!.textContent, row.lastElementChild!.textContent]);
    expect(lines).toEqual([
      ['Unlimited plan, first month', '$100'],
      ['Refund', '−$100'],
    ]);
    expect(totals()).toEqual({ 'Total charged': '$100', 'Total refunded': '$100', 'Net paid': '$0' });
    expect(screen.getByText('Refunded', { selector: 'dd' })).toBeTruthy();
  });

  it('a declined renewal says nothing was charged', () => {
    render(<SubscriptionReceipt charge={RENEWAL_DECLINED} billedTo={billedTo} issuedAt={new Date('2026-04-05T10:00:00Z')} />);
    expect(screen.getByText('Declined: Your card was declined. Nothing was charged.')).toBeTruthy();
    expect(totals()).toEqual({ 'Total charged': '$0', 'Total refunded': '$0', 'Net paid': '$0' });
  });
});

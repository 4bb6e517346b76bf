// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_NAME } from '../../../common/constants';
import type { PaymentView } from '../../../common/schemas/payment-history';
import { displayMoney as money } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { ReceiptPage } from './receipt-page';

const ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const line = (kind: PaymentView['ledger'][number]['kind'], amount: string, extra: Partial<PaymentView['ledger'][number]> = {}) => ({
  id: `cccccccc-0000-4000-8000-${kind.length}${amount.replace('.', '').padStart(11, '0')}`,
  kind,
  amount,
  platformFee: '0.00',
  note: null,
  createdAt: '2026-03-02T15:00:00Z',
  payerId: '11111111-1111-4111-8111-111111111111',
  shareSide: null,
  ...extra,
});

const base: PaymentView = {
  id: ID,
  requestId: 'bbbbbbbb-0000-4000-8000-000000000001',
  caseName: 'Smith v. Jones',
  caseNumber: 'CV-2026-0142',
  lawyerId: '11111111-1111-4111-8111-111111111111',
  mediatorId: '22222222-2222-4222-8222-222222222222',
  depositAmount: '250.00',
  amount: '250.00',
  platformFee: '140.00',
  mediatorPayout: '1260.00',
  status: 'refunded_partial',
  refundAmount: '1150.00',
  refundReason: 'The parties settled.',
  totalCharged: '1400.00',
  totalRefunded: '1150.00',
  settlement: { charged: '1400.00', refunded: '1150.00', platformFeeKept: '25.00', paidToMediator: '225.00', held: '0.00', planned: null },
  paidToYou: null,
  paidAt: null,
  createdAt: '2026-03-02T15:00:00Z',
  updatedAt: '2026-03-02T15:00:00Z',
  ledger: [
    line('deposit_charge', '250.00'),
    line('balance_charge', '1150.00'),
    line('refund', '1150.00', { note: 'Cancelled by the lawyer: balance refunded' }),
    line('cancellation_fee', '225.00', { platformFee: '25.00', note: 'Cancellation fee' }),
  ],
};

const fetchMock = vi.fn<typeof fetch>();
const printMock = vi.fn();

function renderReceipt(answer: Response) {
  fetchMock.mockImplementation(async (input) => (String(input) === `/api/payments/${ID}` ? answer : json({ message: 'Not found', code: 'not_found' }, 404)));
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/payments/${ID}/receipt`]}>
        <Routes>
          <Route path="/payments/:id/receipt" element={<ReceiptPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  printMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('print', printMock);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => (r.textContent ?? '').trim());

describe('ReceiptPage', () => {
  it("the lawyer's receipt: platform, payment id, case, dates, each line with its amount, the totals; Print prints", async () => {
    renderReceipt(json(base));
    const receipt = await screen.findByRole('article', { name: 'Payment receipt' });
    expect(within(receipt).getByText(APP_NAME)).toBeTruthy();
    expect(within(receipt).getByText(ID)).toBeTruthy();
    expect(within(receipt).getByText('Smith v. Jones (CV-2026-0142)')).toBeTruthy();
    expect(within(receipt).getByText('Partly refunded')).toBeTruthy();
    expect(within(receipt).getAllByText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/).length).toBeGreaterThanOrEqual(2);

    const rows = rowsOf(within(receipt).getByRole('table', { name: 'Charges and refunds' }));
    expect(rows.slice(1, 5).map((r) => r.replace(/^[A-Z][a-z]{2} \d{2}, \d{4}/, ''))).toEqual([
      `Deposit charged${money('250.00')}`,
      `Balance charged${money('1150.00')}`,
      `RefundCancelled by the lawyer: balance refunded−${money('1150.00')}`,
      `Cancellation fee to the mediatorPaid from the amount held, after the platform fee of ${money('25.00')}${money('225.00')}`,
    ]);
    expect(rows.slice(5)).toEqual([`Total charged${money('1400.00')}`, `Total refunded${money('1150.00')}`, `Net paid${money('250.00')}`]);

    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(printMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to payments' }).getAttribute('href')).toBe('/payments');
  });

  it("the mediator's statement: only what was paid to them, after the platform fee, and the total", async () => {
    renderReceipt(json({ ...base, paidToYou: '225.00', paidAt: '2026-03-02T15:00:00Z', ledger: [base.ledger[3]] }));
    const statement = await screen.findByRole('article', { name: 'Payout statement' });
    expect(within(statement).getByText('Paid, part refunded')).toBeTruthy();
    const rows = rowsOf(within(statement).getByRole('table', { name: 'Amounts paid to you' }));
    expect(rows.slice(1).map((r) => r.replace(/^[A-Z][a-z]{2} \d{2}, \d{4}/, ''))).toEqual([
      `Cancellation fee to youAfter the platform fee of ${money('25.00')}${money('225.00')}`,
      `Total paid to you${money('225.00')}`,
    ]);
    expect(statement.textContent).not.toMatch(/Deposit charged|Balance charged|Total charged/);
  });

  it('a two-sided case: each charge says whose share it paid and who paid it (issue 24)', async () => {
    const insurer = '33333333-3333-4333-8333-333333333333';
    renderReceipt(
      json({
        ...base,
        status: 'held',
        ledger: [
          line('deposit_charge', '125.00', { payerId: insurer, shareSide: 'second' }),
          line('balance_charge', '575.00', { payerId: insurer, shareSide: 'second' }),
          line('balance_charge', '575.00', { payerId: insurer, shareSide: 'first' }),
        ],
      }),
    );
    const receipt = await screen.findByRole('article', { name: 'Payment receipt' });
    const rows = rowsOf(within(receipt).getByRole('table', { name: 'Charges and refunds' }));
    expect(rows.slice(1, 4).map((r) => r.replace(/^[A-Z][a-z]{2} \d{2}, \d{4}/, ''))).toEqual([
      `Deposit chargedPaid by the opposing side for its own share of the deposit${money('125.00')}`,
      `Balance chargedPaid by the opposing side for its own share of the balance${money('575.00')}`,
      `Balance chargedPaid by the opposing side for the requesting side's share of the balance${money('575.00')}`,
    ]);
  });

  it('a two-sided case’s payout statement: one part per charge, each naming whose payment it is', async () => {
    const other = '33333333-3333-4333-8333-333333333333';
    renderReceipt(
      json({
        ...base,
        status: 'released',
        paidToYou: '1260.00',
        paidAt: '2026-03-02T15:00:00Z',
        ledger: [line('payout_transfer', '630.00', { platformFee: '70.00' }), line('payout_transfer', '630.01', { platformFee: '69.99', payerId: other })],
      }),
    );
    const statement = await screen.findByRole('article', { name: 'Payout statement' });
    const rows = rowsOf(within(statement).getByRole('table', { name: 'Amounts paid to you' }));
    expect(rows.slice(1, 3).map((r) => r.replace(/^[A-Z][a-z]{2} \d{2}, \d{4}/, ''))).toEqual([
      `Payout to youFrom the requesting side's payment, after the platform fee of ${money('70.00')}${money('630.00')}`,
      `Payout to youFrom the opposing side's payment, after the platform fee of ${money('69.99')}${money('630.01')}`,
    ]);
  });

  it('a payment that is not yours: not found, no Print button', async () => {
    renderReceipt(json({ message: 'Payment not found', code: 'not_found' }, 404));
    expect(await screen.findByRole('heading', { name: 'Receipt not found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });
});

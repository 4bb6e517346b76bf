// @vitest-environment jsdom
import { cleanup, render, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestDto, SettlementDto } from '../../../common/api-types';
import { parseCents } from '../../../common/money';
import type { AdminPayment } from '../../../common/schemas/admin-lists';
import type { PaymentView } from '../../../common/schemas/payment-history';
import { SETTLEMENT_OUTCOMES } from '../../../../tests/helpers/settlement-outcomes';
import { PaymentCard } from '../../features/admin-payments/payment-card';
import { RELEASED } from '../../features/admin-payments/payment.fixture';
import { PaymentReceipt } from '../../features/payment-history/receipt';
import { PaymentsList } from '../../features/payment-history/payments-list';
import { PaymentFiguresCard } from '../../features/requests/payment-figures-card';
import { RequestDetailsCard } from '../../features/requests/request-details-card';
import { displayMoney } from '../../lib/format';

// Issue 21: for each outcome of RULES.md 2.6, the lawyer's request page, the receipt, the mediator's earnings and the
// admins' payments show the same charged, refunded, kept and paid figures, and they add up to the cent. The
// settlements are the ones the API test (settlement-views.api.test.ts) gets from the server for the same outcomes.

type Figures = { charged: string; refunded: string; platformFeeKept: string; paidToMediator: string; held: string };
const FIGURES = ['charged', 'refunded', 'platformFeeKept', 'paidToMediator', 'held'] as const;
const ZERO = displayMoney('0.00');

/** The figures an element shows through its data-figure cells; a part a page leaves out because it is zero reads $0. */
function figuresIn(element: HTMLElement): Figures {
  const read = (figure: string) => element.querySelector(`[data-figure="${figure}"]`)?.textContent?.trim() ?? ZERO;
  return Object.fromEntries(FIGURES.map((f) => [f, read(f)])) as Figures;
}

const shown = (settlement: SettlementDto): Figures => Object.fromEntries(FIGURES.map((f) => [f, displayMoney(settlement[f])])) as Figures;

const request = (settlement: SettlementDto) =>
  ({
    id: 'bbbbbbbb-0000-4000-8000-000000000001',
    status: 'completed',
    caseDescription: 'Custody',
    disputeType: 'Family Law',
    jurisdiction: 'California',
    desiredDate: null,
    budget: '1200.00',
    mediatorPayout: '1080.00',
    platformFee: '120.00',
    mediationType: 'online',
    pricingModel: 'flat',
    flatFee: '1200.00',
    documents: [],
    fullAccess: true,
    settlement,
  }) as unknown as RequestDto;

const view = (settlement: SettlementDto, mediator: boolean): PaymentView => ({
  ...RELEASED,
  settlement,
  paidToYou: mediator ? settlement.paidToMediator : null,
  paidAt: mediator ? RELEASED.createdAt : null,
  ledger: [],
});

/** The desktop table's row of the payment (the phone cards carry the same cells). */
function earningsRow(payment: PaymentView): HTMLElement {
  const list = {
    items: [payment],
    isLoading: false,
    error: null,
    isFetchNextPageError: false,
    refetch: () => {},
    isRefetching: false,
    hasNextPage: false,
    fetchNextPage: () => {},
    isFetchingNextPage: false,
  };
  const { container } = render(
    <MemoryRouter>
      <PaymentsList list={list} viewer="mediator" empty={null} />
    </MemoryRouter>,
  );
  return within(within(container).getByRole('table')).getAllByRole('row')[1];
}

afterEach(cleanup);

describe.each(Object.entries(SETTLEMENT_OUTCOMES))('%s: the same figures on every page', (_outcome, settlement) => {
  const expected = shown(settlement);

  it('they add up to the cent', () => {
    const c = (amount: string) => parseCents(amount)!;
    expect(c(settlement.refunded) + c(settlement.platformFeeKept) + c(settlement.paidToMediator) + c(settlement.held)).toBe(c(settlement.charged));
  });

  it("the lawyer's request page: the Payment card, and no planned fee in the details", () => {
    const { container } = render(
      <MemoryRouter>
        <RequestDetailsCard request={request(settlement)} isMediator={false} />
        <PaymentFiguresCard request={request(settlement)} reader="lawyer" />
      </MemoryRouter>,
    );
    const card = container.querySelector<HTMLElement>('[data-settlement]')!;
    expect(figuresIn(card)).toEqual(expected);
    expect(within(card).getByText('Charged to your card')).toBeTruthy();
    if (settlement.refunded !== '0.00') expect(within(card).getByText('Refunded to your card')).toBeTruthy();
    // The plan is over: neither the planned $120 fee nor a "planned" line anywhere on the page.
    expect(within(container).queryByText('Platform fee', { selector: 'dt.text-sm' })).toBeNull();
    expect(container.textContent).not.toMatch(/[Pp]lanned/);
  });

  it("the mediator's request page says what was paid to them, not the planned payout", () => {
    const { container } = render(
      <MemoryRouter>
        <RequestDetailsCard request={request(settlement)} isMediator />
        <PaymentFiguresCard request={request(settlement)} reader="mediator" />
      </MemoryRouter>,
    );
    expect(within(container).getByText('Your Payout').nextElementSibling?.textContent).toBe(expected.paidToMediator);
    expect(figuresIn(container.querySelector<HTMLElement>('[data-settlement]')!)).toEqual(expected);
  });

  it("the lawyer's receipt", () => {
    const { container } = render(<PaymentReceipt payment={view(settlement, false)} issuedAt={new Date('2026-11-27T12:00:00Z')} />);
    const breakdown = within(container).getByRole('region', { name: 'Where the money went' });
    expect(figuresIn(breakdown)).toEqual(expected);
  });

  it("the mediator's statement and earnings row", () => {
    const { container } = render(<PaymentReceipt payment={view(settlement, true)} issuedAt={new Date('2026-11-27T12:00:00Z')} />);
    expect(figuresIn(within(container).getByRole('region', { name: 'Where the money went' }))).toEqual(expected);
    cleanup();
    const row = earningsRow(view(settlement, true));
    expect(figuresIn(row)).toEqual({ ...expected, held: ZERO });
  });

  it("the admins' payments view", () => {
    const payment: AdminPayment = { ...RELEASED, settlement };
    const { container } = render(<PaymentCard payment={payment} onOpenLedger={() => {}} />);
    expect(figuresIn(container)).toEqual(expected);
    expect(container.textContent).not.toMatch(/planned/);
  });
});

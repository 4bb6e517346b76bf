// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CancellationPreviewDto, RequestDto } from '../../../common/api-types';
import { REFUND_POLICY } from '../../../common/domain/refunds';
import { apiGet } from '../../lib/api-client';
import { CancellationSummary, CancelRequestButton } from './cancel-request';
import { OWNER_ID, ownPayment, SECOND_ID, TWO_SIDED_REQUEST_ID } from './own-payment.fixture';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const REQUEST_ID = '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
const request = { id: REQUEST_ID, caseName: 'Smith v. Jones', status: 'matched', paymentStatus: 'held', refund: null } as RequestDto;
// 50% cancellation after selection: deposit 250.00 → 125.00 back; 112.50 to the mediator, 12.50 commission; balance 1,150.00 back.
const partial: CancellationPreviewDto = {
  kind: 'partial',
  deposit: '250.00',
  depositRefund: '125.00',
  balanceRefund: '1150.00',
  totalRefund: '1275.00',
  yourRefund: '1275.00',
  cancellationFee: '112.50',
  platformFee: '12.50',
  reason: 'Cancelled 3 or more business days before the mediation date: 50% of the deposit is refunded.',
};

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const cancelCalls = () => fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/cancel') && init?.method === 'POST');

function mockServer(preview: CancellationPreviewDto, shown: RequestDto = request) {
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url).endsWith('/cancellation')) return json(preview);
    if (String(url).endsWith('/cancel') && init?.method === 'POST')
      return json({ request: { ...shown, status: 'cancelled' }, refundAmount: preview.totalRefund, yourRefund: preview.yourRefund, kind: preview.kind });
    return json({ message: 'Not found' }, 404);
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

let client: QueryClient;
const previewCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/cancellation'));

function renderButton(shown: RequestDto = request) {
  client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(queryKey.join('/')), retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CancelRequestButton request={shown} />
    </QueryClientProvider>,
  );
}

async function openDialog(total = 'Total refunded to your card') {
  fireEvent.click(screen.getByRole('button', { name: 'Cancel request' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText(total);
  return dialog;
}

/** The breakdown as [label, amount] pairs, in order. */
function lines(dialog: HTMLElement): string[][] {
  const list = within(dialog).getByLabelText('Refund breakdown');
  const terms = [...list.querySelectorAll('dt')].map((dt) => dt.textContent ?? '');
  const values = [...list.querySelectorAll('dd')].map((dd) => dd.textContent ?? '');
  return terms.map((term, i) => [term, values[i]]);
}

describe('CancelRequestButton', () => {
  it('shows the deposit part, the balance, the mediator fee and the total as lines; nothing is cancelled until confirmed', async () => {
    mockServer(partial);
    renderButton();
    const dialog = await openDialog();
    expect(lines(dialog)).toEqual([
      ['Deposit refund (50% of the $250 deposit)', '$125'],
      ['Balance refund', '$1,150'],
      ["The mediator's cancellation fee (kept from the deposit)", '$112.50'],
      ['Platform commission (kept from the deposit)', '$12.50'],
      ['Total refunded to your card', '$1,275'],
    ]);
    expect(within(dialog).getByText(partial.reason)).toBeTruthy();
    // The policy in the one wording shared by every page.
    for (const line of REFUND_POLICY.lines) expect(within(dialog).getByText(line)).toBeTruthy();
    expect(cancelCalls()).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(toasts.toast).toHaveBeenCalledWith({ title: 'Request cancelled', description: '$1,275 will be refunded to your card.' }));
    expect(cancelCalls()).toHaveLength(1);
  });

  it('refreshing the requests while the dialog is open does not ask for the preview again', async () => {
    mockServer(partial);
    renderButton();
    await openDialog();
    expect(previewCalls()).toHaveLength(1);
    // The cancel's own refresh and its realtime event invalidate the requests while the dialog is still open: the
    // preview of a request now cancelled would answer 409 (twice on a cancelled request's page, issue 21).
    await client.invalidateQueries({ queryKey: ['/api/requests'] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(previewCalls()).toHaveLength(1);
  });

  it('before selection: the whole deposit back, no fee lines', async () => {
    mockServer({
      kind: 'full',
      deposit: '250.00',
      depositRefund: '250.00',
      balanceRefund: '0.00',
      totalRefund: '250.00',
      yourRefund: '250.00',
      cancellationFee: '0.00',
      platformFee: '0.00',
      reason: 'Cancelled before a mediator was selected: everything is refunded.',
    });
    renderButton();
    const dialog = await openDialog();
    expect(lines(dialog)).toEqual([
      ['Deposit refund (all of the $250 deposit)', '$250'],
      ['Total refunded to your card', '$250'],
    ]);
  });
});

describe('CancelRequestButton on a two-sided case (decision 049)', () => {
  // The journey's 60/40 case cancelled late by the owner: of the $1,275 refunded, $715 goes back to the owner's card
  // ($25 of its deposit share and its $690 balance share) and $560 to the other side's (all it paid).
  const twoSided = { ...request, lawyerId: OWNER_ID, opposingLawyerId: SECOND_ID } as RequestDto;
  const shared: CancellationPreviewDto = { ...partial, yourRefund: '715.00' };

  it("shows the total as both sides' and, under it, what goes back to the canceller's own card; the toast says both parts", async () => {
    mockServer(shared, twoSided);
    renderButton(twoSided);
    const dialog = await openDialog('Total refunded to both sides');
    expect(lines(dialog)).toEqual([
      ['Deposit refund (50% of the $250 deposit)', '$125'],
      ['Balance refund', '$1,150'],
      ["The mediator's cancellation fee (kept from the deposit)", '$112.50'],
      ['Platform commission (kept from the deposit)', '$12.50'],
      ['Total refunded to both sides', '$1,275'],
      ['Of it, to your card', '$715'],
    ]);
    expect(within(dialog).queryByText('Total refunded to your card')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() =>
      expect(toasts.toast).toHaveBeenCalledWith({
        title: 'Request cancelled',
        description: "$715 will be refunded to your card, and $560 to the other side's card.",
      }),
    );
  });

  it('the rule above the total is one line across both columns (one element), not one under each', async () => {
    for (const [shown, preview, total] of [
      [request, partial, 'Total refunded to your card'],
      [twoSided, shared, 'Total refunded to both sides'],
    ] as const) {
      mockServer(preview, shown);
      renderButton(shown);
      const dialog = await openDialog(total);
      const amount = within(dialog).getByTestId('total-refund');
      const group = amount.parentElement!;
      expect(group.tagName).toBe('DIV');
      expect(group.className).toMatch(/\bcol-span-2\b/);
      expect(group.className).toMatch(/\bborder-t\b/);
      expect(within(group).getByText(total).tagName).toBe('DT');
      for (const cell of within(dialog).getByLabelText('Refund breakdown').querySelectorAll('dt, dd')) expect(cell.className).not.toMatch(/border-t/);
      cleanup();
    }
  });
});

describe('CancellationSummary on a two-sided case: each counsel reads its own refund', () => {
  const reason = partial.reason;
  const refundedAt = '2026-03-02T15:20:00.000Z';
  // The case's refund (what the request DTO carries for the owner): $100 returned earlier + $715 + $560.
  const cancelled = {
    ...request,
    id: TWO_SIDED_REQUEST_ID,
    lawyerId: OWNER_ID,
    opposingLawyerId: SECOND_ID,
    status: 'cancelled',
    paymentStatus: 'refunded_partial',
    refund: { amount: '1375.00', refundedAt, reason },
  } as RequestDto;
  const secondPays = ownPayment(SECOND_ID, [
    ['deposit_charge', '100.00', '2026-03-01T10:00:00.000Z'],
    ['balance_charge', '460.00', '2026-03-01T11:00:00.000Z'],
    ['refund', '100.00', refundedAt, reason],
    ['refund', '460.00', refundedAt, reason],
  ]);
  const ownerPays = ownPayment(OWNER_ID, [
    ['deposit_charge', '250.00', '2026-03-01T09:00:00.000Z'],
    ['refund', '100.00', '2026-03-01T10:00:00.000Z', 'Returned: the other side paid its share of the deposit'],
    ['balance_charge', '690.00', '2026-03-01T11:00:00.000Z'],
    ['refund', '25.00', refundedAt, reason],
    ['refund', '690.00', refundedAt, reason],
  ]);
  const otherCase = { ...ownPayment(SECOND_ID, []), id: '9c0d1e2f-3a4b-4c9d-8e1f-2a3b4c5d6e7f', requestId: '3c4d5e6f-7a8b-4c3d-8e4f-5a6b7c8d9e0f' };

  /** The viewer's payments, newest first: another case's on the first page, this case's on the second. */
  function mockPayments(own: object) {
    fetchMock.mockImplementation(async (url) => {
      if (String(url) === '/api/payments?limit=100')
        return new Response(JSON.stringify([otherCase]), { headers: { 'Content-Type': 'application/json', 'X-Next-Cursor': 'page-2' } });
      if (String(url) === '/api/payments?limit=100&cursor=page-2') return json([own]);
      return json({ message: 'Not found' }, 404);
    });
  }

  function renderSummary(shown: RequestDto, as: 'owner' | 'second' | 'mediator') {
    const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queries}>
        <CancellationSummary request={shown} isOwner={as === 'owner'} isSecondSide={as === 'second'} />
      </QueryClientProvider>,
    );
  }

  it('opposing counsel, who paid $560 and got it all back, reads that (not "nothing was charged"), found on the second page of its payments', async () => {
    mockPayments(secondPays);
    renderSummary({ ...cancelled, refund: null }, 'second');
    const status = await screen.findByText(/you paid/);
    expect(status.textContent).toBe(
      `Of the $560 you paid, $560 was refunded to your card on ${new Date(refundedAt).toLocaleDateString(undefined, { month: 'short', day: '2-digit' })}, ${new Date(refundedAt).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}. ${reason}`,
    );
    expect(screen.getByRole('status').textContent).not.toContain('Nothing was charged');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/payments?limit=100', '/api/payments?limit=100&cursor=page-2']);
  });

  it("the owner reads its own $815 (the $100 returned earlier and $715 now), not the case's $1,375", async () => {
    mockPayments(ownerPays);
    renderSummary(cancelled, 'owner');
    const status = await screen.findByText(/you paid/);
    expect(status.textContent).toContain('Of the $940 you paid, $815 was refunded to your card on');
    expect(screen.getByRole('status').textContent).not.toContain('1,375');
  });

  it('when its payments cannot be read, counsel is not told that it paid nothing', async () => {
    fetchMock.mockImplementation(async () => json({ message: 'Internal error' }, 500));
    renderSummary({ ...cancelled, refund: null }, 'second');
    expect(await screen.findByText('What went back to your card could not be loaded: your payments and receipts show it.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).not.toContain('paid nothing');
  });

  it('counsel who paid nothing toward the case is told so; the mediator reads what went back to the payers', async () => {
    mockPayments(ownPayment(SECOND_ID, []));
    renderSummary({ ...cancelled, refund: null }, 'second');
    expect(await screen.findByText('You paid nothing toward this case, so nothing is refunded to you.')).toBeTruthy();
    cleanup();
    renderSummary(cancelled, 'mediator');
    expect(screen.getByRole('status').textContent).toContain("$1,375 was refunded to the payers' cards on");
  });
});

describe('CancellationSummary', () => {
  it('says what was refunded and when', () => {
    const refundedAt = '2026-03-02T15:20:00.000Z';
    render(
      <CancellationSummary
        request={{ ...request, status: 'cancelled', paymentStatus: 'refunded_partial', refund: { amount: '1275.00', refundedAt, reason: partial.reason } }}
        isOwner
      />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('$1,275 was refunded to your card on');
    expect(status.textContent).toContain(new Date(refundedAt).toLocaleDateString(undefined, { month: 'short', day: '2-digit' }));
    expect(status.textContent).toContain(partial.reason);
  });

  it('says nothing was charged for a cancelled draft', () => {
    render(<CancellationSummary request={{ ...request, status: 'cancelled', paymentStatus: null, refund: null }} isOwner />);
    expect(screen.getByRole('status').textContent).toContain('Nothing was charged, so there is nothing to refund.');
  });
});

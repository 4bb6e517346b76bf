// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CancellationPreviewDto, RequestDto } from '../../../common/api-types';
import { REFUND_POLICY } from '../../../common/domain/refunds';
import { apiGet } from '../../lib/api-client';
import { CancellationSummary, CancelRequestButton } from './cancel-request';

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
  cancellationFee: '112.50',
  platformFee: '12.50',
  reason: 'Cancelled 3 or more business days before the mediation date: 50% of the deposit is refunded.',
};

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const cancelCalls = () => fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/cancel') && init?.method === 'POST');

function mockServer(preview: CancellationPreviewDto) {
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url).endsWith('/cancellation')) return json(preview);
    if (String(url).endsWith('/cancel') && init?.method === 'POST')
      return json({ request: { ...request, status: 'cancelled' }, refundAmount: preview.totalRefund, kind: preview.kind });
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

function renderButton() {
  client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(queryKey.join('/')), retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CancelRequestButton request={request} />
    </QueryClientProvider>,
  );
}

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Cancel request' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('Total refunded to your card');
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

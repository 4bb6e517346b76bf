// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayMoney } from '../../../common/money';
import { apiGet } from '../../lib/api-client';
import { queryClient as appQueryClient } from '../../lib/query-client';
import { CancelMediationDialog } from './cancel-mediation-dialog';
import { MATCHED } from './mediation.fixture';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const cancelCalls = () => fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/cancel') && init?.method === 'POST');

// What the server answers for each choice on the matched mediation: a $250.01 deposit (odd, to show the half's
// rounding) and a $1,149.99 balance.
const HELD = { balanceRefund: '1149.99', cancellationFee: '0.00', deposit: '250.01', platformFee: '0.00', reason: 'Cancelled by an administrator.' };
const PREVIEWS: Record<string, object> = {
  full: { ...HELD, kind: 'full', depositRefund: '250.01', totalRefund: '1400.00' },
  partial: { ...HELD, kind: 'partial', depositRefund: '125.01', totalRefund: '1275.00' },
  none: { ...HELD, kind: 'none', depositRefund: '0.00', totalRefund: '1149.99' },
};

function mockServer(answer: () => Response, preview: (refund: string) => Response = (refund) => json(PREVIEWS[refund])) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const asked = url.match(new RegExp(`^/api/requests/${MATCHED.id}/cancellation\\?refund=(\\w+)$`));
    if (asked) return preview(asked[1]);
    if (init?.method === 'POST') return answer();
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

function renderDialog(client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(queryKey.join('/')), retry: false } } })) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <CancelMediationDialog mediation={MATCHED} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Cancel mediation' }), onOpenChange };
}

const choose = (dialog: HTMLElement, label: string) => fireEvent.click(within(dialog).getByRole('radio', { name: new RegExp(`^${label}`) }));
const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel mediation' }));
const preview = (dialog: HTMLElement) =>
  [...within(dialog).getByLabelText('Refund preview').querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

describe('CancelMediationDialog', () => {
  it("previews each choice with the server's figures: all, half (odd cent to the lawyer) or none of the deposit, always the balance", async () => {
    mockServer(() => json({}));
    const { dialog } = renderDialog();
    expect(await within(dialog).findByText('Choose a refund to see what goes back to the lawyer.')).toBeTruthy();
    expect(dialog.textContent).toContain('Anything paid beyond the deposit (the balance) is always refunded in full.');
    const held = `Deposit refunded (of ${displayMoney('250.01')} held)`;
    choose(dialog, 'Full refund');
    expect(await within(dialog).findByLabelText('Refund preview')).toBeTruthy();
    expect(preview(dialog)).toEqual([
      [held, displayMoney('250.01')],
      ['Balance refunded', displayMoney('1149.99')],
      ['Total refunded to the lawyer', displayMoney('1400.00')],
    ]);
    choose(dialog, 'Partial refund');
    await waitFor(() => expect(preview(dialog)[0]).toEqual([held, displayMoney('125.01')]));
    expect(preview(dialog)).toEqual([
      [held, displayMoney('125.01')],
      ['Balance refunded', displayMoney('1149.99')],
      ['Total refunded to the lawyer', displayMoney('1275.00')],
    ]);
    choose(dialog, 'No refund');
    await waitFor(() => expect(preview(dialog)[2]).toEqual(['Total refunded to the lawyer', displayMoney('1149.99')]));
  });

  it('describes the rule when the preview cannot be loaded', async () => {
    mockServer(
      () => json({}),
      () => json({ message: 'Server error' }, 500),
    );
    const { dialog } = renderDialog();
    choose(dialog, 'Full refund');
    expect(
      await within(dialog).findByText(/Full refunds the whole deposit, partial half of it, none nothing; the balance is refunded in every case./),
    ).toBeTruthy();
  });

  it('requires a refund choice and a reason; nothing is sent', async () => {
    mockServer(() => json({}));
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: '   ' } });
    submit(dialog);
    expect(await within(dialog).findByText('Choose a full, partial or no refund of the deposit')).toBeTruthy();
    expect(within(dialog).getByText('Please give a reason for cancelling')).toBeTruthy();
    expect(cancelCalls()).toHaveLength(0);
  });

  it('sends the choice and the reason, closes and tells the refund', async () => {
    mockServer(() => json({ id: MATCHED.id, status: 'cancelled', refundAmount: '1275.00', kind: 'partial' }));
    const { dialog, onOpenChange } = renderDialog();
    choose(dialog, 'Partial refund');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: ' The mediator fell ill. ' } });
    submit(dialog);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = cancelCalls()[0];
    expect(String(url)).toBe(`/api/admin/mediations/${MATCHED.id}/cancel`);
    expect(JSON.parse(String(init?.body))).toEqual({ refund: 'partial', reason: 'The mediator fell ill.' });
    expect(toasts.toast).toHaveBeenCalledWith({
      title: 'Mediation cancelled',
      description: `Smith v. Jones: ${displayMoney('1275.00')} refunded to the lawyer.`,
    });
  });

  it('does not ask for the preview again once the mediation is cancelled (the server would answer 409)', async () => {
    // The app's own client: what the cancellation refreshes afterwards is in it, the open preview included.
    appQueryClient.clear();
    mockServer(() => json({ id: MATCHED.id, status: 'cancelled', refundAmount: '1275.00', kind: 'partial' }));
    const { dialog, onOpenChange } = renderDialog(appQueryClient);
    choose(dialog, 'Partial refund');
    await within(dialog).findByLabelText('Refund preview');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Duplicate request' } });
    submit(dialog);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const previews = fetchMock.mock.calls.filter(([url]) => String(url).includes('/cancellation?'));
    expect(previews.map(([url]) => String(url))).toEqual([`/api/requests/${MATCHED.id}/cancellation?refund=partial`]);
    appQueryClient.clear();
  });

  it("shows the server's refusal and stays open", async () => {
    mockServer(() => json({ message: 'This mediation is already completed' }, 409));
    const { dialog, onOpenChange } = renderDialog();
    choose(dialog, 'No refund');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Duplicate request' } });
    submit(dialog);
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalled());
    expect(toasts.toastError.mock.calls[0][0]).toBe('Failed to cancel mediation');
    expect((toasts.toastError.mock.calls[0][1] as Error).message).toBe('This mediation is already completed');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

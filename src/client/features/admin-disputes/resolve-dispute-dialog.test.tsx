// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayCents } from '../../../common/money';
import { HELD_DISPUTE } from './dispute.fixture';
import { ResolveDisputeDialog } from './resolve-dispute-dialog';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const resolveCalls = () => fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/resolve') && init?.method === 'POST');
const money = (cents: number) => displayCents(cents);

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

function renderDialog(onOpenChange = vi.fn(), dispute = HELD_DISPUTE) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ResolveDisputeDialog dispute={dispute} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Resolve dispute' }), onOpenChange };
}

/** The preview as [label, amount] pairs. */
function preview(dialog: HTMLElement): string[][] {
  const list = within(dialog).getByLabelText('Resolution preview');
  const terms = [...list.querySelectorAll('dt')].map((dt) => dt.textContent ?? '');
  const values = [...list.querySelectorAll('dd')].map((dd) => dd.textContent ?? '');
  return terms.map((term, i) => [term, values[i]]);
}

const choose = (dialog: HTMLElement, label: string) => fireEvent.click(within(dialog).getByRole('radio', { name: new RegExp(`^${label}`) }));
const amountField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /^Refund to the lawyer/ });
const noteField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /^Note/ });
const review = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Review resolution' }));

describe('ResolveDisputeDialog', () => {
  it('asks for an outcome and a note before anything else; nothing is sent', async () => {
    const { dialog } = renderDialog();
    expect(within(dialog).getByText('Choose an outcome to see who receives what.')).toBeTruthy();
    review(dialog);
    expect(await within(dialog).findByText('Choose release, full refund or partial refund')).toBeTruthy();
    expect(within(dialog).getByText('Please add a note explaining the resolution')).toBeTruthy();
    expect(resolveCalls()).toHaveLength(0);
  });

  it('previews a release and a full refund from the amounts held', () => {
    const { dialog } = renderDialog();
    choose(dialog, 'Release the payout');
    expect(preview(dialog)).toEqual([
      ['Refunded to the lawyer', money(0)],
      ['Paid to the mediator', money(126000)],
      ['Kept as platform fee', money(14000)],
    ]);
    choose(dialog, 'Refund in full');
    expect(preview(dialog)).toEqual([
      ['Refunded to the lawyer', money(140000)],
      ['Paid to the mediator', money(0)],
      ['Kept as platform fee', money(0)],
    ]);
    expect(within(dialog).queryByRole('textbox', { name: /^Refund to the lawyer/ })).toBeNull();
  });

  it.each([
    ['', 'Enter the amount to refund'],
    ['0', `The refund must be more than $0`],
    ['1400', 'less than the'],
    ['1500.00', 'less than the'],
    ['12.345', 'Enter an amount such as 150.00'],
    ['abc', 'Enter an amount such as 150.00'],
  ])('refuses a partial refund of "%s" as the server would', async (amount, message) => {
    const { dialog } = renderDialog();
    choose(dialog, 'Refund part');
    fireEvent.change(amountField(dialog), { target: { value: amount } });
    fireEvent.change(noteField(dialog), { target: { value: 'Session cut short.' } });
    review(dialog);
    const error = await within(dialog).findByRole('alert');
    expect(error.textContent).toContain(message);
    expect(amountField(dialog).getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('button', { name: 'Confirm resolution' })).toBeNull();
    expect(resolveCalls()).toHaveLength(0);
  });

  it('previews a partial refund live: the rest to the mediator less the commission only, half-up to the cent', () => {
    const { dialog } = renderDialog();
    choose(dialog, 'Refund part');
    expect(within(dialog).getByText(/Enter a refund of more than \$0 and less than/)).toBeTruthy();
    fireEvent.change(amountField(dialog), { target: { value: '400' } });
    // 1,400.00 − 400.00 = 1,000.00 to split: 10 % fee (100.00, no minimum fee), 900.00 to the mediator.
    expect(preview(dialog)).toEqual([
      ['Refunded to the lawyer', money(40000)],
      ['Paid to the mediator', money(90000)],
      ['Kept as platform fee', money(10000)],
    ]);
    fireEvent.change(amountField(dialog), { target: { value: '333.33' } });
    // 1,066.67 left: 10 % is 106.667, rounded half-up to 106.67; the mediator gets 960.00.
    expect(preview(dialog)).toEqual([
      ['Refunded to the lawyer', money(33333)],
      ['Paid to the mediator', money(96000)],
      ['Kept as platform fee', money(10667)],
    ]);
  });

  it('a two-sided case: each payer’s refund, in proportion to what each holds (decision 052)', () => {
    const { dialog } = renderDialog(vi.fn(), {
      ...HELD_DISPUTE,
      payers: [
        { id: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d', name: 'Lena Lawyer', side: 'first', held: '840.00' },
        { id: '3c4d5e6f-7a8b-4c3d-8e4f-5a6b7c8d9e0f', name: 'Olivia Opponent', side: 'second', held: '560.00' },
      ],
    });
    // The refund goes back to each payer, not to "the lawyer": the field and the choices say so.
    expect(within(dialog).getByText('$1,400 goes back to the payers, each what it paid; nothing to the mediator.')).toBeTruthy();
    choose(dialog, 'Refund part');
    expect(within(dialog).queryByRole('textbox', { name: /^Refund to the lawyer/ })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Refund to the payers \(\$\)/ }), { target: { value: '400' } });
    expect(preview(dialog)).toEqual([
      ['Refunded to Lena Lawyer (requesting side)', money(24000)],
      ['Refunded to Olivia Opponent (opposing side)', money(16000)],
      ['Paid to the mediator', money(90000)],
      ['Kept as platform fee', money(10000)],
    ]);
    choose(dialog, 'Refund in full');
    expect(preview(dialog).slice(0, 2)).toEqual([
      ['Refunded to Lena Lawyer (requesting side)', money(84000)],
      ['Refunded to Olivia Opponent (opposing side)', money(56000)],
    ]);
  });

  it('confirms before sending, then posts the outcome, the amount with two decimals and the note', async () => {
    fetchMock.mockResolvedValue(json({ ...HELD_DISPUTE, status: 'resolved', outcome: 'refund_partial', refundAmount: '400.00' }));
    const { dialog, onOpenChange } = renderDialog();
    choose(dialog, 'Refund part');
    fireEvent.change(amountField(dialog), { target: { value: '400' } });
    fireEvent.change(noteField(dialog), { target: { value: 'The session ended after one hour.' } });
    review(dialog);
    const confirm = await within(dialog).findByRole('button', { name: 'Confirm resolution' });
    expect(within(dialog).getByText('Refund part?')).toBeTruthy();
    expect(preview(dialog)[1]).toEqual(['Paid to the mediator', money(90000)]);
    expect(resolveCalls()).toHaveLength(0);
    fireEvent.click(confirm);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(resolveCalls()).toHaveLength(1);
    const [url, init] = resolveCalls()[0];
    expect(String(url)).toBe(`/api/admin/disputes/${HELD_DISPUTE.id}/resolve`);
    expect(JSON.parse(String(init?.body))).toEqual({ outcome: 'refund_partial', refundAmount: '400.00', note: 'The session ended after one hour.' });
    expect(toasts.toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Dispute resolved' }));
  });

  it("shows the server's field error under the field and the failure toast with its message", async () => {
    const message = 'The refund must be more than $0 and less than the amount held';
    fetchMock.mockResolvedValue(json({ message, code: 'validation_failed', fieldErrors: { refundAmount: message } }, 400));
    const { dialog, onOpenChange } = renderDialog();
    choose(dialog, 'Refund part');
    fireEvent.change(amountField(dialog), { target: { value: '400' } });
    fireEvent.change(noteField(dialog), { target: { value: 'Partial.' } });
    review(dialog);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirm resolution' }));
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledTimes(1));
    expect(toasts.toastError.mock.calls[0][0]).toBe('Failed to resolve dispute');
    expect((toasts.toastError.mock.calls[0][1] as Error).message).toBe(message);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(amountField(dialog)).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

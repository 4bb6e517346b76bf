// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicSettingsDto, RequestDto } from '../../../common/api-types';
import { apiGet } from '../../lib/api-client';
import { DepositPaymentDialog } from './deposit-payment-dialog';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

// Stripe.js cannot load on these machines: the loader is replaced by a fake Stripe whose confirmation the test decides.
const fake = vi.hoisted(() => {
  const card = { mount: vi.fn(), destroy: vi.fn(), on: vi.fn(), off: vi.fn(), update: vi.fn(), unmount: vi.fn() };
  const elements = { create: vi.fn(() => card), getElement: vi.fn(() => card), update: vi.fn() };
  const stripe = { elements: vi.fn(() => elements), createToken: vi.fn(), createPaymentMethod: vi.fn(), confirmCardPayment: vi.fn() };
  return { card, stripe, loadStripe: vi.fn() };
});
vi.mock('@stripe/stripe-js', () => ({ loadStripe: fake.loadStripe }));

const REQUEST_ID = '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
const SETTINGS = { defaultDeposit: '250.00', matchWindowMinutes: 20 } as PublicSettingsDto;
const STRIPE = { provider: 'stripe', publishableKey: 'pk_test_browser' } as const;

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const calls = (suffix: string, method = 'GET') =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(suffix) && (init?.method ?? 'GET') === method);

/** The server: the public settings with `payments`, submit giving a new client secret each time, the request as `readRequest` says. */
function mockServer(payments: PublicSettingsDto['payments'], readRequest: () => Promise<Response> = async () => json({ id: REQUEST_ID, status: 'draft' })) {
  let secrets = 0;
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    if (path.endsWith('/api/settings/public')) return json({ ...SETTINGS, payments });
    if (path.endsWith(`/api/requests/${REQUEST_ID}/submit`)) return json({ clientSecret: `pi_${++secrets}_secret_x`, amount: '250.00' });
    if (path.endsWith(`/api/requests/${REQUEST_ID}`) && (init?.method ?? 'GET') === 'GET') return readRequest();
    if (path.endsWith('/api/payments/local/confirm')) return json({ status: 'succeeded' });
    return json({ message: 'Not found' }, 404);
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  toasts.toast.mockReset();
  fake.loadStripe.mockReset();
  fake.stripe.confirmCardPayment.mockReset();
  fake.card.on.mockClear();
  fake.loadStripe.mockResolvedValue(fake.stripe);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The dialog, once its lazily loaded code has drawn it (decision 058). */
async function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(queryKey.join('/')), retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DepositPaymentDialog requestId={REQUEST_ID} deposit="250.00" open onOpenChange={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.findByRole('dialog', {}, { timeout: 5000 });
}

const payButton = (dialog: HTMLElement) => within(dialog).findByRole('button', { name: 'Pay $250' });

describe('the payment dialog with the stripe provider', () => {
  it("confirms the intent with Stripe's card element, then waits for the server before saying the deposit is paid", async () => {
    let answer!: (res: Response) => void;
    const reads = [new Promise<Response>((resolve) => (answer = resolve)), Promise.resolve(json({ id: REQUEST_ID, status: 'pending_mediators' }))];
    mockServer(STRIPE, () => reads.shift() ?? Promise.resolve(json({ id: REQUEST_ID, status: 'pending_mediators' })));
    fake.stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const dialog = await renderDialog();

    fireEvent.click(await payButton(dialog));
    expect(await within(dialog).findByText('Processing your payment…')).toBeTruthy();
    expect(fake.loadStripe).toHaveBeenCalledWith('pk_test_browser');
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x', { payment_method: { card: fake.card } });
    expect(calls('/submit', 'POST')).toHaveLength(1);
    // Stripe.js said succeeded, but the request is still a draft on the server: no success yet.
    answer(json({ id: REQUEST_ID, status: 'draft' } as RequestDto));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toasts.toast).not.toHaveBeenCalled();
    expect(within(dialog).getByText('Processing your payment…')).toBeTruthy();

    // The webhook arrived: the next read shows the request live.
    await waitFor(
      () =>
        expect(toasts.toast).toHaveBeenCalledWith({
          title: 'Payment Successful',
          description: 'Your $250 deposit has been processed. Your request is now live!',
        }),
      {
        timeout: 4000,
      },
    );
    expect(calls(`/api/requests/${REQUEST_ID}`).length).toBeGreaterThanOrEqual(2);
  });

  it("shows a decline's message inline and in the 'Payment Failed' toast, and lets the lawyer pay again with a new intent", async () => {
    mockServer(STRIPE);
    fake.stripe.confirmCardPayment.mockResolvedValueOnce({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    const dialog = await renderDialog();

    fireEvent.click(await payButton(dialog));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(toasts.toast).toHaveBeenCalledWith({ title: 'Payment Failed', description: 'Your card was declined.', variant: 'destructive' });
    const again = await payButton(dialog);
    expect((again as HTMLButtonElement).disabled).toBe(false);
    expect(within(dialog).queryByText('Processing your payment…')).toBeNull();

    fake.stripe.confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_2', status: 'succeeded' } });
    fireEvent.click(again);
    expect(await within(dialog).findByText('Processing your payment…')).toBeTruthy();
    expect(fake.stripe.confirmCardPayment).toHaveBeenLastCalledWith('pi_2_secret_x', { payment_method: { card: fake.card } });
  });

  it("shows the card element's own validation message under it", async () => {
    mockServer(STRIPE);
    const dialog = await renderDialog();
    await payButton(dialog);
    const onChange = fake.card.on.mock.calls.find(([event]) => event === 'change')?.[1] as (event: unknown) => void;
    act(() =>
      onChange({ elementType: 'card', empty: false, complete: false, error: { type: 'validation_error', message: 'Your card number is incomplete.' } }),
    );
    expect(await within(dialog).findByText('Your card number is incomplete.')).toBeTruthy();
    act(() => onChange({ elementType: 'card', empty: false, complete: true }));
    await waitFor(() => expect(within(dialog).queryByText('Your card number is incomplete.')).toBeNull());
  });

  it('disables the pay button while Stripe confirms', async () => {
    mockServer(STRIPE);
    let finish!: (value: unknown) => void;
    fake.stripe.confirmCardPayment.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const dialog = await renderDialog();

    fireEvent.click(await payButton(dialog));
    const busy = await within(dialog).findByRole('button', { name: 'Processing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    finish({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    expect(((await payButton(dialog)) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says the form could not be loaded when Stripe.js fails, and loads it on retry', async () => {
    mockServer(STRIPE);
    fake.loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    const dialog = await renderDialog();

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The payment form could not be loaded. Check your connection and try again.');
    expect(within(dialog).queryByRole('button', { name: 'Pay $250' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await payButton(dialog)).toBeTruthy();
    expect(fake.loadStripe).toHaveBeenCalledTimes(2);
  });
  it('never falls back to the local form when the server runs stripe without a publishable key', async () => {
    mockServer({ provider: 'stripe', publishableKey: null });
    const dialog = await renderDialog();

    expect((await within(dialog).findByRole('alert')).textContent).toContain('The payment form could not be loaded.');
    expect(within(dialog).queryByLabelText('Card number')).toBeNull();
    expect(fake.loadStripe).not.toHaveBeenCalled();
  });
});

describe('the payment dialog with the local provider', () => {
  it('shows the built-in card form and never loads Stripe.js', async () => {
    mockServer({ provider: 'local', publishableKey: null });
    const dialog = await renderDialog();

    fireEvent.change(await within(dialog).findByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.change(within(dialog).getByLabelText('Name on card'), { target: { value: 'Jane Doe' } });
    fireEvent.change(within(dialog).getByLabelText('Expiry (MM/YY)'), { target: { value: '12/40' } });
    fireEvent.change(within(dialog).getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $250' }));

    await waitFor(() => expect(toasts.toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Payment Successful' })));
    expect(calls('/api/payments/local/confirm', 'POST')).toHaveLength(1);
    expect(fake.loadStripe).not.toHaveBeenCalled();
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicSettingsDto } from '../../../common/api-types';
import type { SubscriptionDto } from '../../../common/schemas/subscription';
import { apiGet } from '../../lib/api-client';
import { SubscriptionPage } from './subscription-page';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

// Stripe.js is replaced: the test decides what its confirmation answers.
const fake = vi.hoisted(() => {
  const card = { mount: vi.fn(), destroy: vi.fn(), on: vi.fn(), off: vi.fn(), update: vi.fn(), unmount: vi.fn() };
  const elements = { create: vi.fn(() => card), getElement: vi.fn(() => card), update: vi.fn() };
  const stripe = { elements: vi.fn(() => elements), createToken: vi.fn(), createPaymentMethod: vi.fn(), confirmCardPayment: vi.fn() };
  return { card, stripe, loadStripe: vi.fn() };
});
vi.mock('@stripe/stripe-js', () => ({ loadStripe: fake.loadStripe }));

const subscription = (tier: SubscriptionDto['tier'], pendingTier: SubscriptionDto['pendingTier'] = null): SubscriptionDto => ({
  id: '6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  mediatorId: '7d2e3f4a-5b6c-4d7e-9f8a-0b1c2d3e4f5a',
  tier,
  pendingTier,
  currentPeriodStart: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  monthlyMediations: { used: 1, limit: tier === 'free' ? 3 : null },
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
});

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  toasts.toast.mockReset();
  fake.loadStripe.mockReset().mockResolvedValue(fake.stripe);
  fake.stripe.confirmCardPayment.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('upgrading with the stripe provider', () => {
  it("says 'Subscription Updated' only once the server shows the new plan, not when Stripe.js confirms", async () => {
    // The webhook lands after the first read following the confirmation: that read still shows Free, pending Pro.
    let readsAfterConfirm = 0;
    let confirmed = false;
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path.endsWith('/api/settings/public'))
        return json({ matchWindowMinutes: 20, payments: { provider: 'stripe', publishableKey: 'pk_test_browser' } } as PublicSettingsDto);
      if (path.endsWith('/api/subscription/upgrade') && init?.method === 'POST') return json({ clientSecret: 'pi_sub_secret_x' });
      if (path.endsWith('/api/subscription')) {
        if (!confirmed) return json(subscription('free'));
        return json(readsAfterConfirm++ === 0 ? subscription('free', 'pro') : subscription('pro'));
      }
      return json({}, 200);
    });
    fake.stripe.confirmCardPayment.mockImplementation(async () => {
      confirmed = true;
      return { paymentIntent: { id: 'pi_sub', status: 'succeeded' } };
    });
    const client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(queryKey.join('/')), retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SubscriptionPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: /^Pay \$/ }));
    expect(await within(dialog).findByText('Processing your payment…')).toBeTruthy();
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_sub_secret_x', { payment_method: { card: fake.card } });
    await waitFor(() => expect(readsAfterConfirm).toBe(1));
    expect(toasts.toast).not.toHaveBeenCalled();

    await waitFor(
      () => expect(toasts.toast).toHaveBeenCalledWith({ title: 'Subscription Updated', description: 'Your subscription has been upgraded successfully.' }),
      {
        timeout: 4000,
      },
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

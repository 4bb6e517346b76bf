// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import axe from 'axe-core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionDto } from '../../../common/schemas/subscription';
import { Toaster } from '../../components/ui/toaster';
import { queryClient } from '../../lib/query-client';
import { SubscriptionPage } from './subscription-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const FREE: SubscriptionDto = {
  tier: 'free',
  currentPeriodStart: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  pendingTier: null,
  monthlyMediations: { used: 1, limit: 3 },
};
const PRO: SubscriptionDto = {
  tier: 'pro',
  currentPeriodStart: '2026-11-23T14:00:00.000Z',
  currentPeriodEnd: '2026-12-23T14:00:00.000Z',
  cancelAtPeriodEnd: false,
  pendingTier: null,
  monthlyMediations: { used: 4, limit: 10 },
};

interface Server {
  subscription: SubscriptionDto;
  /** What the card confirmation answers: the tier the plan becomes, or a decline. */
  confirm: { ok: true } | { ok: false; status: number; message: string };
  pendingTier?: SubscriptionDto['tier'];
}

const fetchMock = vi.fn<typeof fetch>();
function serve(server: Server) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url === '/api/subscription' && method === 'GET') return json(server.subscription);
    if (url === '/api/subscription/upgrade' && method === 'POST') {
      server.pendingTier = body.tier;
      return json({ clientSecret: `pi_test_secret_${body.tier}` });
    }
    if (url === '/api/payments/local/confirm' && method === 'POST') {
      if (!server.confirm.ok) return json({ message: server.confirm.message, code: 'payment_declined' }, server.confirm.status);
      server.subscription = { ...PRO, tier: server.pendingTier!, monthlyMediations: { used: 1, limit: server.pendingTier === 'pro' ? 10 : null } };
      return json({ status: 'succeeded' });
    }
    if (url === '/api/subscription/cancel' && method === 'POST') {
      server.subscription = { ...server.subscription, cancelAtPeriodEnd: true };
      return json(server.subscription);
    }
    return json({ message: 'Not found', code: 'not_found' }, 404);
  });
}

function renderPage() {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/subscription']}>
        <SubscriptionPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const plan = (name: string) => screen.getByRole('listitem', { name });
const posts = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => [String(url), init?.body ? JSON.parse(String(init.body)) : null]);

async function payWith(number: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(within(dialog).getByLabelText('Expiry (MM/YY)'), { target: { value: '12/30' } });
  fireEvent.change(within(dialog).getByLabelText('CVC'), { target: { value: '123' } });
  fireEvent.click(within(dialog).getByRole('button', { name: /^Pay / }));
}

describe('SubscriptionPage', () => {
  it('Free: three plans with the spec’s prices and features, Current Plan on Free, Upgrade on the others, the usage', async () => {
    serve({ subscription: FREE, confirm: { ok: true } });
    renderPage();
    expect(await screen.findByText('You are on the Free plan')).toBeTruthy();
    expect(screen.getByTestId('subscription-usage').textContent).toBe('1 of 3 mediations this month');
    expect(screen.queryByTestId('subscription-period')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();

    const free = plan('Free');
    expect(within(free).getByText('$0')).toBeTruthy();
    expect(within(free).getAllByText('Current Plan')).toHaveLength(2); // the marker and the disabled button
    expect(within(free).getByRole('button', { name: 'Current Plan' }).hasAttribute('disabled')).toBe(true);
    for (const feature of ['Up to 3 mediations per month', 'Basic listing', 'Standard support']) expect(within(free).getByText(feature)).toBeTruthy();
    expect(within(plan('Pro')).getByText('$50')).toBeTruthy();
    expect(within(plan('Pro')).getByText('Counteroffers')).toBeTruthy();
    expect(within(plan('Unlimited')).getByText('$100')).toBeTruthy();
    expect(within(plan('Unlimited')).getByText('Featured mediator badge')).toBeTruthy();
    expect(screen.getAllByText('per month')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Upgrade to Unlimited' }).hasAttribute('disabled')).toBe(false);
  });

  it('Upgrade pays in the dialog, toasts Subscription Updated and shows the new plan with its renewal date', async () => {
    serve({ subscription: FREE, confirm: { ok: true } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Upgrade to Pro')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Pay $50' })).toBeTruthy();
    await payWith('4242 4242 4242 4242');

    expect(await screen.findByText('Subscription Updated')).toBeTruthy();
    expect(screen.getByText('Your subscription has been upgraded successfully.')).toBeTruthy();
    expect(await screen.findByText('You are on the Pro plan')).toBeTruthy();
    expect(screen.getByTestId('subscription-period').textContent).toBe('Renews on Dec 23, 2026');
    expect(within(plan('Pro')).getByRole('button', { name: 'Current Plan' }).hasAttribute('disabled')).toBe(true);
    expect(within(plan('Free')).getByRole('button', { name: 'Contact Support' }).hasAttribute('disabled')).toBe(true);
    expect(posts()).toEqual([
      ['/api/subscription/upgrade', { tier: 'pro' }],
      ['/api/payments/local/confirm', { clientSecret: 'pi_test_secret_pro', card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } }],
    ]);
  });

  it('a declined card: Upgrade Failed with the server’s message, the plan unchanged', async () => {
    serve({ subscription: FREE, confirm: { ok: false, status: 402, message: 'Your card was declined.' } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Unlimited' }));
    await payWith('4000 0000 0000 0002');
    expect(await screen.findByText('Upgrade Failed')).toBeTruthy();
    expect(screen.getAllByText(/Your card was declined\./).length).toBeGreaterThan(0);
    expect(screen.getByText('You are on the Free plan')).toBeTruthy();
  });

  it('Pro: Cancel subscription asks first, then says when the plan ends and that Free follows', async () => {
    serve({ subscription: PRO, confirm: { ok: true } });
    renderPage();
    expect(await screen.findByText('You are on the Pro plan')).toBeTruthy();
    expect(screen.getByTestId('subscription-usage').textContent).toBe('4 of 10 mediations this month');
    expect(within(plan('Unlimited')).getByRole('button', { name: 'Upgrade to Unlimited' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cancel your Pro subscription?')).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(screen.getByTestId('subscription-period').textContent).toBe('Ends on Dec 23, 2026 — you return to Free'));
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(posts()).toEqual([['/api/subscription/cancel', null]]);
  });

  it('Unlimited: no monthly limit, lower plans say Contact Support (disabled)', async () => {
    serve({ subscription: { ...PRO, tier: 'unlimited', monthlyMediations: { used: 12, limit: null } }, confirm: { ok: true } });
    renderPage();
    expect(await screen.findByText('You are on the Unlimited plan')).toBeTruthy();
    expect(screen.getByTestId('subscription-usage').textContent).toBe('12 mediations this month (no monthly limit)');
    for (const name of ['Free', 'Pro']) expect(within(plan(name)).getByRole('button', { name: 'Contact Support' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: /^Upgrade/ })).toBeNull();
  });

  it('is accessible (axe, structure and names; colours are checked in the browser journeys)', async () => {
    serve({ subscription: PRO, confirm: { ok: true } });
    renderPage();
    expect(await screen.findByText('You are on the Pro plan')).toBeTruthy();
    const check = async () => {
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
      return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    expect(await check()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Unlimited' }));
    await screen.findByRole('dialog');
    expect(await check()).toEqual([]);
  });
});

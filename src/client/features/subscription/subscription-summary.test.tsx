// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionDto } from '../../../common/schemas/subscription';
import { queryClient } from '../../lib/query-client';
import { subscriptionKey, useSubscription } from './api';
import { SubscriptionSummary } from './subscription-summary';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const END = '2026-04-02T15:00:00.000Z';
// As the server answers (extra fields of the contract may come and go; the summary reads these).
const pro = (cancelAtPeriodEnd: boolean) =>
  ({
    tier: 'pro',
    pendingTier: null,
    currentPeriodStart: '2026-03-02T15:00:00.000Z',
    currentPeriodEnd: END,
    cancelAtPeriodEnd,
    monthlyMediations: { used: 2, limit: 10 },
  }) as SubscriptionDto;

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
beforeEach(() => {
  fetchMock.mockReset();
  toasts.toast.mockReset();
  toasts.toastError.mockReset();
  queryClient.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The summary as the page shows it: from the subscription query, so an answer of the server redraws it. */
function Summary() {
  const { data } = useSubscription();
  return data ? <SubscriptionSummary subscription={data} /> : null;
}

function renderWith(subscription: SubscriptionDto) {
  queryClient.setQueryData(subscriptionKey, subscription);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Summary />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SubscriptionSummary', () => {
  it('a cancelled plan still running says when it ends and offers "Keep my plan" in the summary itself', async () => {
    let current = pro(true);
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path.endsWith('/api/subscription/resume') && init?.method === 'POST') return json((current = pro(false)));
      if (path.endsWith('/api/subscription')) return json(current);
      return json({});
    });
    renderWith(current);
    expect(screen.getByTestId('subscription-period').textContent).toMatch(/^Ends on .+ — you return to Free$/);
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Keep my plan' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url))).toEqual(['/api/subscription/resume']);
    expect(screen.getByTestId('subscription-period').textContent).toMatch(/^Renews on /);
    expect(screen.queryByRole('button', { name: 'Keep my plan' })).toBeNull();
    expect(toasts.toast).toHaveBeenCalledWith({ title: 'Plan kept', description: expect.stringMatching(/^Your Pro plan renews on .+\.$/) });
  });

  it('says why when keeping the plan is refused (the period ended meanwhile), and keeps the button', async () => {
    fetchMock.mockImplementation(async () =>
      json({ message: 'Your Pro plan ended on Apr 02, 2026. Choose a plan to start a new one.', code: 'conflict' }, 409),
    );
    renderWith(pro(true));
    fireEvent.click(screen.getByRole('button', { name: 'Keep my plan' }));
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledWith('Could not keep your plan', expect.objectContaining({ status: 409 })));
    expect(screen.getByRole('button', { name: 'Keep my plan' })).toBeTruthy();
  });

  it('a running plan offers the cancellation only; Free offers neither', () => {
    renderWith(pro(false));
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Keep my plan' })).toBeNull();
    cleanup();
    renderWith({ ...pro(false), tier: 'free', currentPeriodStart: null, currentPeriodEnd: null, monthlyMediations: { used: 0, limit: 3 } });
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Keep my plan' })).toBeNull();
  });
});

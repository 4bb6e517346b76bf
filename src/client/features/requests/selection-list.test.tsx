// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AcceptanceDto, RequestDto } from '../../../common/api-types';
import { apiGet } from '../../lib/api-client';
import { SelectionList } from './selection-list';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const REQUEST_ID = '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
const PLAIN_ID = '1c8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
const COUNTER_ID = '2d8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
// Hourly, 4 hours at $350 = $1,400 budget; $250 deposit paid.
const request = {
  id: REQUEST_ID,
  caseName: 'Smith v. Jones',
  status: 'awaiting_selection',
  pricingModel: 'hourly',
  hourlyRate: '350.00',
  hoursNeeded: 4,
  flatFee: null,
  budget: '1400.00',
  depositAmount: '250.00',
} as RequestDto;

const mediator = (id: string, firstName: string, lastName: string) => ({
  id,
  firstName,
  lastName,
  profileImageUrl: null,
  rating: '4.80',
  reviewCount: 3,
  specialization: 'Family Law',
  specializations: ['Family Law'],
  bio: null,
  yearsOfExperience: 10,
  hourlyRate: '350.00',
  verified: true,
});
const acceptances: AcceptanceDto[] = [
  {
    id: 'a1',
    requestId: REQUEST_ID,
    mediatorId: PLAIN_ID,
    status: 'pending',
    proposedRate: null,
    note: null,
    acceptedAt: '2026-01-01T00:00:00.000Z',
    mediator: mediator(PLAIN_ID, 'Maria', 'Lopez'),
  },
  {
    id: 'a2',
    requestId: REQUEST_ID,
    mediatorId: COUNTER_ID,
    status: 'pending',
    proposedRate: '400.00',
    note: null,
    acceptedAt: '2026-01-01T00:00:00.000Z',
    mediator: mediator(COUNTER_ID, 'James', 'Whitfield'),
  },
] as AcceptanceDto[];

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const selectCalls = () => fetchMock.mock.calls.filter(([url, init]) => String(url).includes('/select-mediator/') && init?.method === 'POST');

beforeEach(() => {
  fetchMock.mockReset();
  toasts.toast.mockReset();
  toasts.toastError.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url).endsWith('/pending-acceptances')) return json(acceptances);
    if (String(url).includes('/select-mediator/') && init?.method === 'POST') return json({ ...request, status: 'matched' });
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderList(onSelected = vi.fn(), onBalanceDue = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(queryKey.join('/')), retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SelectionList request={request} onSelected={onSelected} onBalanceDue={onBalanceDue} />
    </QueryClientProvider>,
  );
  return { onSelected, onBalanceDue };
}

async function clickSelect(name: string) {
  const item = (await screen.findByText(name)).closest('li')!;
  fireEvent.click(within(item).getByRole('button', { name: 'Select Mediator' }));
  return screen.findByRole('dialog');
}

describe('SelectionList confirmation', () => {
  it('shows the balance (budget − deposit) for a plain acceptance and charges nothing until confirmed', async () => {
    const { onSelected } = renderList();
    const dialog = await clickSelect('Maria Lopez');
    expect(within(dialog).getByRole('heading', { name: 'Select Maria Lopez?' })).toBeTruthy();
    expect(within(dialog).getByText('$1,400')).toBeTruthy();
    expect(within(dialog).getByText('−$250')).toBeTruthy();
    expect(within(dialog).getByTestId('selection-charge').textContent).toBe('$1,150');
    expect(within(dialog).getByText(/card you saved with the deposit/)).toBeTruthy();
    expect(selectCalls()).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and pay' }));
    await waitFor(() => expect(onSelected).toHaveBeenCalledTimes(1));
    expect(selectCalls()).toHaveLength(1);
    expect(String(selectCalls()[0][0])).toContain(`/api/requests/${REQUEST_ID}/select-mediator/${PLAIN_ID}`);
  });

  it('shows the counteroffer budget (proposed rate × hours) and its balance', async () => {
    renderList();
    const dialog = await clickSelect('James Whitfield');
    expect(within(dialog).getByText('Counteroffer: $400/hour × 4 hours')).toBeTruthy();
    expect(within(dialog).getByText('$1,600')).toBeTruthy();
    expect(within(dialog).getByTestId('selection-charge').textContent).toBe('$1,350');
  });

  it('closes without any call when the lawyer cancels', async () => {
    const { onSelected } = renderList();
    const dialog = await clickSelect('James Whitfield');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(selectCalls()).toHaveLength(0);
    expect(onSelected).not.toHaveBeenCalled();
  });

  it('keeps the 402 path: a declined saved card hands the balance to the page for another card', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/pending-acceptances')) return json(acceptances);
      if (init?.method === 'POST')
        return json({ message: 'Your card was declined.', code: 'payment_declined', clientSecret: 'pi_secret', amount: '1350.00' }, 402);
      return json({ message: 'Not found' }, 404);
    });
    const { onSelected, onBalanceDue } = renderList();
    const dialog = await clickSelect('James Whitfield');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and pay' }));
    await waitFor(() => expect(onBalanceDue).toHaveBeenCalledWith({ clientSecret: 'pi_secret', amount: '$1,350' }));
    expect(onSelected).not.toHaveBeenCalled();
  });
});

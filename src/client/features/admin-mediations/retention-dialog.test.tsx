// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RetentionDto } from '../../../common/schemas/account-data';
import { apiGet } from '../../lib/api-client';
import { MATCHED } from './mediation.fixture';
import { RetentionDialog } from './retention-dialog';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const CLOSED = { ...MATCHED, status: 'completed' as const, completedAt: '2026-01-10T12:00:00.000Z' };
const BASE: RetentionDto = {
  requestId: CLOSED.id,
  policyDays: 30,
  closedAt: '2026-01-10T12:00:00.000Z',
  noticeSentAt: null,
  purgeDueAt: '2026-02-09T12:00:00.000Z',
  purgedAt: null,
  heldAt: null,
  heldBy: null,
};

beforeEach(() => {
  fetchMock.mockReset();
  toasts.toast.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(String(queryKey[0])), retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RetentionDialog mediation={CLOSED} onOpenChange={() => undefined} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog');
}

describe('the documents retention dialog', () => {
  it('says when the documents go, and holds them', async () => {
    let current = BASE;
    fetchMock.mockImplementation(async (_url, init) => {
      if (init?.method === 'PUT') {
        expect(JSON.parse(String(init.body))).toEqual({ hold: true });
        current = { ...BASE, heldAt: '2026-01-20T09:00:00.000Z', heldBy: { id: 'a', name: 'Ada Admin' } };
      }
      return json(current);
    });
    const dialog = renderDialog();
    expect(
      await within(dialog).findByText(/due to be removed on .*\(30 days after it closed\)\. The parties are told a week before\./, {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hold from purging' }));
    expect(await within(dialog).findByText(/Held from purging by Ada Admin/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Release the hold' })).toBeTruthy();
    expect(toasts.toast).toHaveBeenCalledWith({ title: 'Documents held', description: 'Smith v. Jones: kept until released.' });
  });

  it('offers no hold once purged, and says when there is no policy', async () => {
    fetchMock.mockResolvedValueOnce(json({ ...BASE, purgedAt: '2026-02-09T13:00:00.000Z' }));
    const dialog = renderDialog();
    expect(await within(dialog).findByText(/were removed under the retention policy on/, {}, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Hold from purging' })).toBeNull();
    cleanup();

    fetchMock.mockResolvedValueOnce(json({ ...BASE, policyDays: null, purgeDueAt: null }));
    const again = renderDialog();
    expect(await within(again).findByText('No retention policy is set: documents are kept for good.')).toBeTruthy();
  });
});

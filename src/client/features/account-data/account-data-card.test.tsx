// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DATA_TEXTS, type DataExportDto } from '../../../common/schemas/account-data';
import { AccountDataCard } from './account-data-card';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ID = '6f1c2b1e-9a0d-4c1e-8f3a-2d5b7c9e0a11';
const archive = (over: Partial<DataExportDto>): DataExportDto => ({
  id: ID,
  status: 'pending',
  requestedAt: '2026-03-02T15:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  size: null,
  downloadUrl: null,
  ...over,
});

/** The server: GET answers `current`; POST answers `asked` (and becomes the current one when it is a 202). */
function mockServer(current: DataExportDto | null, asked: () => Response = () => json(archive({}), 202)) {
  let latest = current;
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url).endsWith('/api/profile/data-export') && (init?.method ?? 'GET') === 'POST') {
      const res = asked();
      if (res.status === 202) latest = archive({});
      return res;
    }
    if (String(url).endsWith('/api/profile/data-export')) return json({ export: latest });
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

// The first answer may take a while on a loaded machine (the file's first render pays for the imports).
const SLOW = { timeout: 5000 };

function renderCard(canDelete = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AccountDataCard canDelete={canDelete} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Your data card', () => {
  it('asks for an archive once and then says it is being prepared', async () => {
    mockServer(null);
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }, SLOW));
    expect(await screen.findByText(/Preparing your archive/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download my data' })).toBeNull();
    expect(toasts.toast).toHaveBeenCalledWith({ title: 'Archive requested', description: 'We will e-mail you a link when it is ready.' });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('says so when one is already being prepared (409)', async () => {
    mockServer(null, () => json({ message: ACCOUNT_DATA_TEXTS.exportRunning }, 409));
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }, SLOW));
    await waitFor(() => expect(toasts.toast).toHaveBeenCalledWith({ title: 'Already in progress', description: ACCOUNT_DATA_TEXTS.exportRunning }));
    expect(toasts.toastError).not.toHaveBeenCalled();
  });

  it('offers the download while the archive is ready, and says when it expired', async () => {
    const url = `/api/profile/data-export/${ID}/download`;
    mockServer(archive({ status: 'ready', readyAt: '2026-03-02T15:01:00.000Z', expiresAt: '2026-03-09T15:01:00.000Z', size: 2_400_000, downloadUrl: url }));
    renderCard();
    const link = await screen.findByRole('link', { name: 'Download archive' }, SLOW);
    expect(link.getAttribute('href')).toBe(url);
    expect(screen.getByText(/Your archive is ready \(2\.4 MB\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prepare a new archive' })).toBeTruthy();
    cleanup();

    mockServer(archive({ status: 'expired', expiresAt: '2026-03-09T15:01:00.000Z' }));
    renderCard();
    expect(await screen.findByText(/Your last archive expired on/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download archive' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeTruthy();
  });

  it('opens the deletion dialog on demand, and offers none to an admin', async () => {
    mockServer(null);
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByRole('heading', { name: 'Delete your account?' })).toBeTruthy();
    cleanup();

    renderCard(false);
    expect(await screen.findByRole('button', { name: 'Download my data' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).toBeNull();
  });
});

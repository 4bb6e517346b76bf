// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '../../common/api-types';
import { ImpersonationBanner } from './impersonation-banner';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('./ui/use-toast', () => toasts);
const reload = vi.hoisted(() => ({ fullReload: vi.fn() }));
vi.mock('../lib/full-reload', () => reload);

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const VIEWED = {
  id: '4a2b3c4d-5e6f-4a70-8b9c-0d1e2f3a4b5c',
  email: 'lena.lawyer@example.com',
  firstName: 'Lena',
  lastName: 'Lawyer',
  role: 'lawyer',
  impersonatedBy: { id: '5b3c4d5e-6f7a-4b80-9c0d-1e2f3a4b5c6d', email: 'ada.admin@example.com', firstName: 'Ada', lastName: 'Admin' },
} as UserDto;

beforeEach(() => {
  fetchMock.mockReset();
  toasts.toastError.mockReset();
  reload.fullReload.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBanner(user: UserDto) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ImpersonationBanner user={user} />
    </QueryClientProvider>,
  );
}

/** axe on what is rendered (jsdom cannot compute colours; a component alone has no page landmarks). */
async function axeViolations() {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`);
}

describe('ImpersonationBanner', () => {
  it('is absent for a user nobody is viewing as', () => {
    renderBanner({ ...VIEWED, impersonatedBy: null });
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
  });

  it('names the user and role, and the way back stops the impersonation and reloads to the Users tab', async () => {
    fetchMock.mockResolvedValue(json({ ...VIEWED, id: VIEWED.impersonatedBy!.id, role: 'admin', impersonatedBy: null }));
    renderBanner(VIEWED);
    screen.getByRole('region', { name: 'Impersonation' });
    expect(screen.getByRole('status').textContent).toBe('You are viewing MediateHub as Lena Lawyer (lawyer).');
    fireEvent.click(screen.getByRole('button', { name: 'Return to your admin account' }));
    await waitFor(() => expect(reload.fullReload).toHaveBeenCalledWith('/admin/users'));
    const [url, init] = fetchMock.mock.calls[0];
    expect([String(url), init?.method]).toEqual(['/api/admin/impersonate/stop', 'POST']);
    expect((screen.getByRole('button', { name: 'Return to your admin account' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is accessible (axe)', async () => {
    renderBanner(VIEWED);
    expect(await axeViolations()).toEqual([]);
  });

  it('a failed stop says why and stays', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Only admins can do this', code: 'forbidden' }, 403));
    renderBanner(VIEWED);
    fireEvent.click(screen.getByRole('button', { name: 'Return to your admin account' }));
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalledTimes(1));
    expect((toasts.toastError.mock.calls[0][1] as Error).message).toBe('Only admins can do this');
    expect(reload.fullReload).not.toHaveBeenCalled();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Return to your admin account' }) as HTMLButtonElement).disabled).toBe(false));
  });
});

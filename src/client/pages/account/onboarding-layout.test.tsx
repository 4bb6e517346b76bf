// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '../../../common/api-types';
import { OnboardingLayout } from './onboarding-layout';
import { RoleSelectionPage } from './role-selection-page';

// The account-setup pages are outside the app shell; while an admin views the product as this user (decision 020)
// they must still say so and offer the way back, as every page of the shell does.

const reload = vi.hoisted(() => ({ fullReload: vi.fn() }));
vi.mock('../../lib/full-reload', () => reload);

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ADMIN = { id: '5b3c4d5e-6f7a-4b80-9c0d-1e2f3a4b5c6d', email: 'ada.admin@example.com', firstName: 'Ada', lastName: 'Admin' };
const NEW_USER = {
  id: '4a2b3c4d-5e6f-4a70-8b9c-0d1e2f3a4b5c',
  email: 'nina.new@example.com',
  firstName: 'Nina',
  lastName: 'Newcomer',
  role: null,
  profileCompleted: false,
  impersonatedBy: null,
} as unknown as UserDto;

beforeEach(() => {
  fetchMock.mockReset();
  reload.fullReload.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders a page as the signed-in `user` (the current-user query answered from the cache, as the guards left it). */
function renderAs(user: UserDto, page: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(['/api/user'], user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const onboarding = (
  <OnboardingLayout title="Complete your mediator profile" description="Tell lawyers about your practice.">
    <p>form</p>
  </OnboardingLayout>
);

describe('the account-setup pages during an impersonation', () => {
  it('role selection shows who the admin is viewing as, above the header', () => {
    renderAs({ ...NEW_USER, impersonatedBy: ADMIN }, <RoleSelectionPage />);
    const banner = screen.getByRole('region', { name: 'Impersonation' });
    expect(banner.textContent).toContain('You are viewing MediateHub as Nina Newcomer (no role yet).');
    expect(banner.compareDocumentPosition(screen.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    screen.getByRole('heading', { name: 'How will you use MediateHub?' });
  });

  it('onboarding shows it too, and its way back stops the impersonation and reloads to the Users tab', async () => {
    fetchMock.mockResolvedValue(json({ ...ADMIN, role: 'admin', impersonatedBy: null }));
    renderAs({ ...NEW_USER, role: 'mediator', impersonatedBy: ADMIN } as UserDto, onboarding);
    expect(screen.getByRole('region', { name: 'Impersonation' }).textContent).toContain('as Nina Newcomer (mediator).');
    fireEvent.click(screen.getByRole('button', { name: 'Return to your admin account' }));
    await waitFor(() => expect(reload.fullReload).toHaveBeenCalledWith('/admin/users'));
    const [url, init] = fetchMock.mock.calls[0];
    expect([String(url), init?.method]).toEqual(['/api/admin/impersonate/stop', 'POST']);
  });

  it('neither page shows a banner to a user signing up on their own', () => {
    renderAs(NEW_USER, <RoleSelectionPage />);
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
    cleanup();
    renderAs({ ...NEW_USER, role: 'lawyer' } as UserDto, onboarding);
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
    screen.getByRole('link', { name: 'Sign Out' });
  });
});

// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '../../../common/api-types';
import { storeUser } from '../../lib/current-user';
import { queryClient } from '../../lib/query-client';
import { RequestsPage } from './requests-page';

// The mediator's tabs show the server's counts; the server counts each up to 100, and 100 reads "99+"
// (docs/decisions/022).

const ME = '11111111-1111-4111-8111-111111111111';
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const mediator = {
  id: ME,
  email: 'mia@example.test',
  firstName: 'Mia',
  lastName: 'Mediator',
  profileImageUrl: null,
  role: 'mediator',
  profileCompleted: true,
  status: 'approved',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  lawyerProfile: null,
  mediatorProfile: { subscriptionTier: 'pro', jurisdiction: 'California', specializations: ['Family Law'] },
  impersonatedBy: null,
} as unknown as UserDto;

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function serve(counts: { available: number; accepted: number; completed: number }) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/requests/counts')) return json(counts);
    if (url.startsWith('/api/requests')) return json([]);
    return json({});
  });
}

function renderPage() {
  storeUser(mediator);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/requests']}>
        <RequestsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RequestsPage: the mediator tab counts', () => {
  it('show the counts as they are below 100', async () => {
    serve({ available: 99, accepted: 3, completed: 0 });
    renderPage();
    expect(await screen.findByRole('tab', { name: 'Available (99)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'My Accepted (3)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Completed (0)' })).toBeTruthy();
  });

  it('show "99+" where the server stopped counting', async () => {
    serve({ available: 100, accepted: 100, completed: 42 });
    renderPage();
    expect(await screen.findByRole('tab', { name: 'Available (99+)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'My Accepted (99+)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Completed (42)' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /\(100\)/ })).toBeNull();
  });
});

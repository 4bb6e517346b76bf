// @vitest-environment jsdom
// Issue 9 "Found when the app was tried": signed in as the admin, every screen reached is an admin's.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { RequestsPage } from '../requests/requests-page';
import { DashboardPage } from './dashboard-page';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
let role: 'admin' | 'lawyer' = 'admin';

beforeEach(() => {
  role = 'admin';
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/user')
      return json({ id: '11111111-1111-4111-8111-111111111111', role, firstName: 'Ada', lastName: 'Admin', profileCompleted: true });
    return json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string, element: React.ReactNode) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('an admin’s screens', () => {
  it('sends the admin from /dashboard to the admin dashboard', async () => {
    renderAt('/dashboard', <DashboardPage />);
    expect((await screen.findByTestId('where')).textContent).toBe('/admin');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/dashboard');
  });

  it('titles the admin’s /requests "All Mediation Requests", with no way to create one', async () => {
    renderAt('/requests', <RequestsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'All Mediation Requests' })).toBeTruthy();
    expect(document.title).toContain('All Mediation Requests');
    expect(await screen.findByText(/Lawyers’ requests appear here/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /request/i })).toBeNull();
  });

  it('keeps a lawyer’s /requests "My Mediation Requests"', async () => {
    role = 'lawyer';
    renderAt('/requests', <RequestsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Mediation Requests' })).toBeTruthy();
  });
});

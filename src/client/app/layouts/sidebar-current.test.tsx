// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestDto, UserDto } from '../../../common/api-types';
import { AppSidebar } from '../../components/sidebar/app-sidebar';
import { requestPageNavPath } from '../../components/sidebar/nav-items';
import { SidebarProvider } from '../../components/sidebar/sidebar-state';
import { useSidebarCurrent } from './sidebar-current';

// jsdom has no matchMedia: a wide screen, where the sidebar is the desktop one.
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MEDIATOR = { id: '22222222-2222-4222-8222-222222222222', role: 'mediator', firstName: 'Max', lastName: 'Mediator', email: 'max@example.com' } as UserDto;
const LAWYER = { id: '33333333-3333-4333-8333-333333333333', role: 'lawyer', firstName: 'Lena', lastName: 'Lawyer', email: 'lena@example.com' } as UserDto;
const ADMIN = { id: '11111111-1111-4111-8111-111111111111', role: 'admin', firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com' } as UserDto;
const REQUEST_ID = '44444444-4444-4444-8444-444444444444';

type Relation = Pick<RequestDto, 'selectedMediatorId' | 'myAcceptance'>;
const acceptance = (status: 'pending' | 'selected' | 'rejected'): Relation['myAcceptance'] => ({
  status,
  proposedRate: null,
  note: null,
  acceptedAt: '2026-03-02T15:00:00.000Z',
});
const AVAILABLE: Relation = { selectedMediatorId: null, myAcceptance: null };
const COMPLETED_MINE: Relation = { selectedMediatorId: MEDIATOR.id, myAcceptance: acceptance('selected') };

describe('requestPageNavPath: the sidebar link a request’s page belongs under (spec 2)', () => {
  it.each([
    ['a mediator, a request available to them', MEDIATOR, AVAILABLE, '/requests'],
    ['a mediator, their pending acceptance', MEDIATOR, { selectedMediatorId: null, myAcceptance: acceptance('pending') }, '/acceptances'],
    ['a mediator, selected (matched, completed)', MEDIATOR, COMPLETED_MINE, '/acceptances'],
    ['a mediator, not selected', MEDIATOR, { selectedMediatorId: LAWYER.id, myAcceptance: acceptance('rejected') }, '/acceptances'],
    ['a mediator assigned by an admin without accepting', MEDIATOR, { selectedMediatorId: MEDIATOR.id, myAcceptance: null }, '/acceptances'],
    ['a mediator, request not loaded yet', MEDIATOR, undefined, null],
    ['a lawyer (only their own requests)', LAWYER, undefined, '/requests'],
    ['an admin (no link for requests)', ADMIN, AVAILABLE, null],
  ] as const)('%s', (_, viewer, request, expected) => {
    expect(requestPageNavPath(viewer, request)).toBe(expected);
  });
});

/** The shell's sidebar at `path`, with the request's page's query cache as given. */
function renderShellSidebar(user: UserDto, path: string, client: QueryClient) {
  function Sidebar() {
    return <AppSidebar user={user} current={useSidebarCurrent(user)} />;
  }
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <SidebarProvider>
          <Sidebar />
        </SidebarProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const currentLinks = () =>
  within(screen.getAllByRole('navigation', { name: 'Main' })[0])
    .getAllByRole('link')
    .filter((a) => a.getAttribute('aria-current') === 'page')
    .map((a) => a.textContent);

describe('the shell’s sidebar on a request’s page', () => {
  it('a mediator viewing a completed request they were selected for: My Acceptances, not Browse Requests', () => {
    const client = new QueryClient();
    client.setQueryData(['/api/requests', REQUEST_ID], { id: REQUEST_ID, status: 'completed', ...COMPLETED_MINE });
    renderShellSidebar(MEDIATOR, `/requests/${REQUEST_ID}`, client);
    expect(currentLinks()).toEqual(['My Acceptances']);
  });

  it('a mediator viewing an available request: Browse Requests; none until the page has the request', async () => {
    const client = new QueryClient();
    renderShellSidebar(MEDIATOR, `/requests/${REQUEST_ID}`, client);
    expect(currentLinks()).toEqual([]);
    await act(async () => {
      client.setQueryData(['/api/requests', REQUEST_ID], { id: REQUEST_ID, status: 'pending_mediators', ...AVAILABLE });
    });
    expect(currentLinks()).toEqual(['Browse Requests']);
  });

  it('elsewhere the URL decides, pages under a link included; a lawyer’s request is under My Requests', () => {
    const client = new QueryClient();
    for (const [user, path, expected] of [
      [MEDIATOR, '/requests', ['Browse Requests']],
      [MEDIATOR, '/acceptances', ['My Acceptances']],
      [MEDIATOR, '/subscription/charges/abc/receipt', ['Subscription']],
      [MEDIATOR, '/messages/abc', ['Messages']],
      [LAWYER, `/requests/${REQUEST_ID}`, ['My Requests']],
      [LAWYER, '/requests/new', ['My Requests']],
      [ADMIN, `/requests/${REQUEST_ID}`, []],
      [ADMIN, '/admin', ['Dashboard']],
    ] as const) {
      renderShellSidebar(user, path, client);
      expect(currentLinks(), `${user.role} at ${path}`).toEqual(expected);
      cleanup();
    }
  });
});

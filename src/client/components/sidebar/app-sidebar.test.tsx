// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '../../../common/api-types';
import { AppSidebar } from './app-sidebar';
import { SidebarProvider } from './sidebar-state';

// jsdom has no matchMedia: a wide screen, where the sidebar is the desktop one.
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ADMIN = { id: '11111111-1111-4111-8111-111111111111', role: 'admin', firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com' } as UserDto;

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SidebarProvider>
        <AppSidebar user={ADMIN} />
      </SidebarProvider>
    </MemoryRouter>,
  );
  return within(screen.getAllByRole('navigation', { name: 'Main' })[0]);
}

describe('AppSidebar for an admin', () => {
  it('marks Dashboard as the current page at /admin, where an admin lands, as at /admin/dashboard', () => {
    for (const path of ['/admin', '/admin/dashboard']) {
      const nav = renderAt(path);
      expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
      expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
      expect(nav.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page')).toHaveLength(1);
      cleanup();
    }
  });

  it('marks only the tab’s own link elsewhere', () => {
    const nav = renderAt('/admin/users');
    expect(
      nav
        .getAllByRole('link')
        .filter((a) => a.getAttribute('aria-current') === 'page')
        .map((a) => a.textContent),
    ).toEqual(['Users']);
  });
});

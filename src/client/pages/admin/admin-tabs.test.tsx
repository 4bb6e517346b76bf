// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminTabs } from './admin-tabs';

afterEach(cleanup);

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminTabs />
    </MemoryRouter>,
  );

describe('AdminTabs', () => {
  it('lists every admin section in order as links', () => {
    renderAt('/admin');
    const links = screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Overview', '/admin'],
      ['Users', '/admin/users'],
      ['Mediations', '/admin/mediations'],
      ['Payments', '/admin/payments'],
      ['Ratings', '/admin/ratings'],
      ['Settings', '/admin/settings'],
      ['Support', '/admin/support'],
      ['Disputes', '/admin/disputes'],
      ['Audit log', '/admin/audit'],
    ]);
  });

  it.each([
    ['/admin', 'Overview'],
    ['/admin/dashboard', 'Overview'],
    ['/admin/analytics/', 'Overview'],
    ['/admin/users/123', 'Users'],
    ['/admin/audit', 'Audit log'],
  ])('marks the current tab at %s', (path, label) => {
    renderAt(path);
    const current = screen.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual([label]);
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminNotFoundPage } from './admin-not-found-page';

afterEach(cleanup);

describe('AdminNotFoundPage', () => {
  it('says the admin page does not exist, keeps the admin tabs and leads back to /admin', () => {
    render(
      <MemoryRouter initialEntries={['/admin/reports']}>
        <AdminNotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(document.title).toContain('Page Not Found');
    expect(screen.getByText('/admin/reports')).toBeTruthy();
    expect(screen.queryByText(/coming next/i)).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Admin sections' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/admin');
  });
});

import { expect, test } from '@playwright/test';
import { E2E_ADMIN, signInByApi } from './helpers/accounts';
import { checkPage } from './helpers/admin';
import { expectPath } from './helpers/ui';

// DESIGN 5 for the admin area (issue 9): every tab, reached through the tab bar, is free of axe violations and, at
// 375 px, does not scroll sideways (the bar itself scrolls inside its own box). Both projects run it: 1280 and 375 px.

const TABS = [
  { tab: 'Overview', path: '/admin', heading: 'Super Admin Dashboard' },
  { tab: 'Users', path: '/admin/users', heading: 'Users' },
  { tab: 'Mediations', path: '/admin/mediations', heading: 'Mediations' },
  { tab: 'Payments', path: '/admin/payments', heading: 'Payments' },
  { tab: 'Ratings', path: '/admin/ratings', heading: 'Ratings' },
  { tab: 'Settings', path: '/admin/settings', heading: 'Settings' },
  { tab: 'Support', path: '/admin/support', heading: 'Support' },
  { tab: 'Disputes', path: '/admin/disputes', heading: 'Disputes' },
  { tab: 'Audit log', path: '/admin/audit', heading: 'Audit log' },
] as const;

test('every admin tab is accessible and fits the screen', async ({ page }) => {
  test.setTimeout(150_000);
  await signInByApi(page, E2E_ADMIN);
  await page.goto('/admin');
  for (const { tab, path, heading } of TABS) {
    const link = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: tab, exact: true });
    // The overview is where the admin lands; every other tab is reached by its link.
    if (path !== '/admin') await link.click();
    await expectPath(page, path);
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await checkPage(page, path);
  }
});

test('an admin path that does not exist stays in the admin’s frame, and the way back lands on the marked dashboard', async ({ page }) => {
  await signInByApi(page, E2E_ADMIN);
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found', exact: true })).toBeVisible();
  await expect(page.getByText(/coming next/i)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
  await checkPage(page, '/admin/reports');
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expectPath(page, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
  // On a phone the sidebar is a sheet, closed; on a wide screen it shows the admin's Dashboard link as the current page.
  if ((page.viewportSize()?.width ?? 0) >= 768) {
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  }
});

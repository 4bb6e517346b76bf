import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/a11y';
import { signedInUser } from './helpers/accounts';

// After a deploy, a tab opened earlier asks for chunks that no longer exist. The route's error element reloads the
// page once by itself (to fetch the new index.html); if the chunk still fails, it shows a message and 'Reload'
// instead of reloading in a loop (src/client/app/route-error.tsx).

const PRIVACY_CHUNK = /\/assets\/privacy-page-[^/]*\.js$/;

test('a missing chunk reloads the page once, then offers Reload, which works once the chunk is back', async ({ page }) => {
  await page.route(PRIVACY_CHUNK, (route) => route.abort());
  let loads = 0;
  page.on('load', () => loads++);

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'A new version is available' })).toBeVisible();
  await expect.poll(() => loads).toBe(2);
  await expectAccessible(page, 'route error (missing chunk)');
  // Still two: the sessionStorage guard stopped a second automatic reload.
  expect(loads).toBe(2);

  await page.unroute(PRIVACY_CHUNK);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
});

// Parts loaded after their page (decision 058) fail the same way: the phone sidebar's sheet is fetched when the page is
// idle and drawn at the first press of the sidebar button.
const MOBILE_SIDEBAR_CHUNK = /\/assets\/mobile-sidebar-[^/]*\.js$/;

test("a missing chunk of a part loaded after the page shows the route's stale-chunk handling, not a blank page", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signedInUser(page, 'complete', 'lawyer');
  await page.route(MOBILE_SIDEBAR_CHUNK, (route) => route.abort());
  let loads = 0;
  page.on('load', () => loads++);

  await page.goto('/dashboard');
  const toggle = page.getByRole('button', { name: 'Toggle sidebar (Ctrl+B)' });
  await toggle.click();
  await expect.poll(() => loads).toBe(2);
  // Reloaded by itself once; pressing again within a minute fails again and shows the message instead.
  await toggle.click();
  await expect(page.getByRole('heading', { name: 'A new version is available' })).toBeVisible();
  expect(loads).toBe(2);

  await page.unroute(MOBILE_SIDEBAR_CHUNK);
  await page.getByRole('button', { name: 'Reload' }).click();
  await toggle.click();
  await expect(page.getByRole('dialog', { name: 'Navigation' }).getByRole('link', { name: 'My Requests' })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/a11y';

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

import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/a11y';
import { DEMO, signedInUser, signInByUi } from './helpers/accounts';
import { expectPath } from './helpers/ui';

// Decision 033: pages drawn into their document paint before the app's scripts run; the app then takes over.

/** Holds the app's entry script back until `release` is called. */
async function holdAppScript(page: import('@playwright/test').Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/app-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

test("a signed-in shell page shows the shell's frame before the app runs, then the live shell and page", async ({ page }) => {
  await signedInUser(page, 'complete', 'lawyer');
  const release = await holdAppScript(page);
  await page.goto('/requests', { waitUntil: 'commit' });
  const header = page.locator('#root header');
  await expect(header).toBeVisible();
  await expect(header.locator('svg')).toBeVisible();
  await expect(page.locator('#root main')).toBeEmpty();
  await expect(page.locator('#root').getByRole('button')).toHaveCount(0);

  release();
  await expect(page.getByRole('heading', { name: 'My Mediation Requests', level: 1 })).toBeVisible();
  await expect(page.locator('#root header')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Toggle sidebar (Ctrl+B)' })).toBeEnabled();
});

// Decision 064: the dashboard's document also has the page's heading, with the user's name, before any script runs.
test("/dashboard shows its heading with the user's name before the app runs, in the place the live page keeps it", async ({ page }) => {
  const account = await signedInUser(page, 'complete', 'lawyer');
  const release = await holdAppScript(page);
  await page.goto('/dashboard', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { name: `Welcome back, ${account.firstName}!`, level: 1 });
  await expect(heading).toBeVisible();
  await expect(page.getByText('Here is where your mediation requests stand.')).toBeVisible();
  await expect(page.locator('#root').getByRole('button')).toHaveCount(0);
  const drawnAt = await heading.boundingBox();

  release();
  await expect(page.getByRole('button', { name: 'Toggle sidebar (Ctrl+B)' })).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  await expect(heading).toHaveCount(1);
  // The live heading is where the drawn one was: nothing moves as the app takes over.
  expect(await heading.boundingBox()).toEqual(drawnAt);
  await expectAccessible(page, '/dashboard after the frame');
});

test('a session that has ended, on a shell page, goes from the frame to /auth', async ({ page, context }) => {
  await context.addCookies([{ name: 'sid', value: 'ended-session', url: test.info().project.use.baseURL ?? 'http://127.0.0.1' }]);
  await page.goto('/requests');
  await expectPath(page, '/auth');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('/auth starts its scripts after the drawn page, and signing in breaks no Content Security Policy rule', async ({ page }) => {
  // zod probes for `new Function` unless configured jitless (main.tsx); the CSP refuses it and Chromium reports it.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto('/auth');
  // The entry is added by /load-app.js, not named by the document (once the page is drawn: after `load`, at times).
  await expect(page.locator('head script[type="module"][src*="/assets/app-"]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await page.getByRole('button', { name: 'Sign In' }).click(); // empty: the schema's messages
  await expect(page.getByRole('tabpanel', { name: 'Login' }).getByText(/email/i).first()).toBeVisible();
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  expect(await violations()).toEqual([]);
  await signInByUi(page, { email: DEMO.lawyer.email, password: DEMO.password });
  await expectPath(page, '/dashboard'); // a new document: its own listener
  expect(await violations()).toEqual([]);
});

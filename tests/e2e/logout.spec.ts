import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/a11y';
import { DEMO, signedInUser, signInByUi } from './helpers/accounts';
import { SERVER_LOG } from './helpers/paths';
import { expectPath, landingHeaderLink, openSidebar } from './helpers/ui';

// Spec 2: "Sign Out sends the browser to /api/logout", which ends the session and redirects to / (RULES 7).

test('Sign Out in the sidebar ends the session and lands on the landing page', async ({ page }) => {
  const account = await signedInUser(page, 'complete', 'mediator');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome back, ${account.firstName}!` })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(200);
  await expectAccessible(page, '/dashboard (mediator)');

  const sidebar = await openSidebar(page);
  await sidebar.getByRole('link', { name: 'Sign Out' }).click();
  await expectPath(page, '/');
  await expect(page.locator('#home')).toBeVisible();
  await expect(await landingHeaderLink(page, 'Sign In')).toBeVisible();
  await expectAccessible(page, 'landing page after signing out');

  expect((await page.request.get('/api/user')).status()).toBe(401);
  await page.goto('/dashboard');
  await expectPath(page, '/auth');
});

const DEMO_USERS = [
  { who: 'the demo lawyer', email: DEMO.lawyer.email, greeting: `Welcome back, ${DEMO.lawyer.firstName}!`, summary: 'Active Requests' },
  { who: 'the demo mediator', email: DEMO.mediator.email, greeting: `Welcome back, ${DEMO.mediator.firstName}!`, summary: 'Monthly Mediations' },
];

for (const demo of DEMO_USERS) {
  test(`${demo.who} printed by the seed can sign in`, async ({ page }) => {
    await page.goto('/auth');
    await signInByUi(page, { email: demo.email, password: DEMO.password });
    await expectPath(page, '/dashboard');
    await expect(page.getByRole('heading', { name: demo.greeting })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText(demo.summary);
    await expectAccessible(page, `/dashboard (${demo.who})`);
  });
}

test('every demo account printed by the seed signs in', async ({ request }) => {
  const log = await readFile(SERVER_LOG, 'utf8');
  const header = 'Demo accounts (created on this new database):';
  expect(log).toContain(header);
  const table = log.split(header)[1].split('\n\n')[0];
  const printed = [...table.matchAll(/^ +\S.*? (\S+@demo\.test) +(\S+) /gm)].map((m) => ({ email: m[1], password: m[2] }));
  // The seed may grow; these are the ones the README and the journeys rely on.
  expect(printed.map((p) => p.email)).toEqual(
    expect.arrayContaining(['admin@demo.test', DEMO.lawyer.email, DEMO.mediator.email, 'mediator.pro@demo.test', 'mediator.unlimited@demo.test']),
  );
  for (const { email, password } of printed) {
    expect(password).toBe(DEMO.password);
    const res = await request.post('/api/login', { data: { email, password } });
    expect(res.status(), `${email}: ${await res.text()}`).toBe(200);
    expect((await res.json()).email).toBe(email);
    await request.get('/api/logout', { maxRedirects: 0 });
  }
});

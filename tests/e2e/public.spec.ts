import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './helpers/a11y';
import { expectToast } from './helpers/accounts';
import { expectPath, field, landingHeaderLink } from './helpers/ui';

// Spec 2, signed-out visitors: the landing page, the static pages and the contact form.

const SECTIONS = ['home', 'about', 'for-lawyers', 'for-mediators', 'how-it-works', 'blog'];
const NAVIGATION: [string, string][] = [
  ['Home', 'home'],
  ['For Lawyers', 'for-lawyers'],
  ['For Mediators', 'for-mediators'],
  ['How It Works', 'how-it-works'],
  ['Our Blog', 'blog'],
];
const ROLE_BUTTONS = ["I'm a Lawyer", "I'm a Mediator", 'Get Started as a Lawyer', 'Join as a Mediator', 'Sign Up as Lawyer', 'Sign Up as Mediator'];

/** Every public page has a header link back to / (spec 2). */
async function expectHomeLinkInHeader(page: Page): Promise<void> {
  await expect(page.getByRole('banner').locator('a[href="/"]').first()).toBeVisible();
}

test('the landing page has its sections, navigation and claims', async ({ page }) => {
  await page.goto('/');
  for (const id of SECTIONS) await expect(page.locator(`#${id}`), `#${id}`).toHaveCount(1);
  await expect(page.locator('#blog')).toContainText(/coming soon/i);
  for (const claim of ['500+', '200+', '4.9', '92%']) await expect(page.getByRole('main')).toContainText(claim);
  await expectAccessible(page, 'landing page');

  for (const [name, id] of NAVIGATION) {
    await (await landingHeaderLink(page, name)).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(page.locator(`#${id}`)).toBeInViewport();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await (await landingHeaderLink(page, 'Sign In')).click();
  await expectPath(page, '/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
});

test('the landing document loads no React until a header button is pressed, then the press works', async ({ page }) => {
  // Decision 028: the page is the build's HTML; only the header is hydrated, on its first use.
  const scripts: string[] = [];
  const scriptBytes: Promise<number>[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scriptBytes.push(response.body().then((body) => body.length));
  });
  const settings = { defaultDeposit: '300.00', minimumPlatformFee: '75.00', commissionPercentage: '12.5', matchWindowMinutes: 45 };
  await page.route('**/api/settings/public', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ...settings } });
  });
  await page.goto('/');
  // The admins' current terms replace the build's defaults.
  const main = page.getByRole('main');
  await expect(main).toContainText('$300 deposit held securely');
  await expect(main).toContainText('The larger of $75 or 12.5% of the budget');
  await expect(main).toContainText('within 45 minutes');
  await page.waitForLoadState('networkidle');
  // Its own small entry and the few modules it imports (the build may split them into several tiny files); not the
  // header's island (React and the header's code, ~75 KB gzip on its own).
  expect(scripts.filter((url) => !url.endsWith('/theme-init.js')).length).toBeLessThanOrEqual(8);
  const bytes = (await Promise.all(scriptBytes)).reduce((sum, n) => sum + n, 0);
  expect(bytes, `scripts of the landing page before any press: ${scripts.join(', ')}`).toBeLessThan(12 * 1024);
  expect(scripts.filter((url) => url.includes('landing-header-island'))).toEqual([]);

  const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
  const before = await dark();
  await page.getByRole('button', { name: before ? 'Switch to light theme' : 'Switch to dark theme' }).click();
  await expect.poll(dark).toBe(!before);
  await expect(page.getByRole('button', { name: before ? 'Switch to dark theme' : 'Switch to light theme' })).toBeVisible();
  expect(scripts.some((url) => url.includes('landing-header-island'))).toBe(true);
  await expectAccessible(page, 'landing page after the theme changed');
});

test('a signed-out first visit to an app page does not ask who is signed in: the document says nobody is', async ({ page }) => {
  // Decision 029: without a session cookie the server sends the app's document marked signed out.
  const asked: string[] = [];
  page.on('request', (request) => new URL(request.url()).pathname === '/api/user' && asked.push(request.url()));
  for (const url of ['/auth', '/privacy', '/dashboard']) {
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('data-signed-out', '');
  }
  // /dashboard sent the visitor to sign in, without a round trip to find out.
  await expectPath(page, '/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  expect(asked).toEqual([]);
});

test('/auth is drawn before the app runs, disabled, and the app replaces it with the live page', async ({ page }) => {
  // Decision 030: the build draws the sign-in page into /auth's document; held-back scripts show that copy alone.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/app-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/auth?tab=signup', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  const controls = page.locator('#root input, #root button');
  expect(await controls.count()).toBeGreaterThan(3);
  expect(await controls.evaluateAll((elements) => elements.filter((element) => !(element as HTMLInputElement).disabled).length)).toBe(0);

  release();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expectAccessible(page, '/auth once live');
});

test('every role button and pricing link on the landing page leads to /auth', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  for (const name of ROLE_BUTTONS) {
    const link = main.getByRole('link', { name, exact: true });
    await expect(link, name).toHaveCount(1);
    await expect(link, name).toHaveAttribute('href', /^\/auth(\?|$)/);
  }
  // The plan cards' links (spec 2: "the pricing links lead to /auth").
  const pricing = page.locator('#pricing').getByRole('link');
  expect(await pricing.count()).toBeGreaterThan(0);
  for (const href of await pricing.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) expect(href).toMatch(/^\/auth(\?|$)/);

  // Following one for real: the auth page opens, its Sign Up tab ready.
  await main.getByRole('link', { name: 'Join as a Mediator', exact: true }).click();
  await expectPath(page, '/auth');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, '/auth from a role button');
});

test('the Privacy Policy and the Terms of Use were last updated November 2024', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(page.getByText('Last updated November 2024')).toBeVisible();
  await expect(page.getByRole('main').locator('a[href="/contact"]').first()).toBeVisible();
  await expectHomeLinkInHeader(page);
  await expectAccessible(page, '/privacy');

  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Terms of Use', level: 1 })).toBeVisible();
  await expect(page.getByText('Last updated November 2024')).toBeVisible();
  for (const section of ['Acceptance of terms', 'Payment terms', 'Limitation of liability', 'Contact']) {
    await expect(page.getByRole('heading', { name: section, level: 2, exact: true })).toBeVisible();
  }
  await expectHomeLinkInHeader(page);
  await expectAccessible(page, '/terms');
});

test('the contact form sends a message and clears itself', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact Support', level: 1 })).toBeVisible();
  await expect(page.getByText('Monday-Friday 9am-5pm PST')).toBeVisible();
  await expectHomeLinkInHeader(page);
  await expectAccessible(page, '/contact');

  // All four fields are required.
  await page.getByRole('button', { name: 'Send Message' }).click();
  for (const label of ['Name', 'Email', 'Subject', 'Message']) {
    await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true');
  }
  await expectAccessible(page, '/contact with field errors');

  const fields: [string, string][] = [
    ['Name', 'Sam Rivera'],
    ['Email', 'sam.rivera@e2e.test'],
    ['Subject', 'Question about deposits'],
    ['Message', 'Is the deposit refundable if the other side refuses to mediate?'],
  ];
  for (const [label, value] of fields) await field(page, label).fill(value);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Message sent!', "We'll get back to you within 24 hours.");
  for (const [label] of fields) await expect(field(page, label)).toHaveValue('');
  await expectAccessible(page, '/contact after sending');
});

test('the Help Center and the Cookie Policy load', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'How can we help?', level: 1 })).toBeVisible();
  await expectHomeLinkInHeader(page);
  await expectAccessible(page, '/help');

  await page.goto('/cookies');
  await expect(page.getByRole('heading', { name: 'Cookie Policy', level: 1 })).toBeVisible();
  await expect(page.getByText('sidebar_state').filter({ visible: true }).first()).toBeVisible();
  await expectHomeLinkInHeader(page);
  await expectAccessible(page, '/cookies');

  // The footer links there from every public page.
  await page.goto('/terms');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Cookie Policy' }).click();
  await expectPath(page, '/cookies');
  await expect(page.getByRole('heading', { name: 'Cookie Policy', level: 1 })).toBeInViewport();
});

import { expect, request as newRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './helpers/a11y';
import { E2E_ADMIN, signInByApi } from './helpers/accounts';
import { checkPage, createUser, type NamedAccount } from './helpers/admin';
import { createFamilyLawRequest, payDeposit, submitRequest, withPlatformSettings } from './helpers/mediation';
import { expectPath } from './helpers/ui';

// DESIGN 5 for the admin area (issues 9 and 21): every tab, reached through the tab bar, with something in it, is free
// of axe violations — best-practice rules such as heading order included — and does not scroll sideways; the bar
// scrolls inside its own box, with the current tab in view. Both projects run it: 1280 and 375 px.

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

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('playwright.config.ts must set use.baseURL');
  return url;
}

/** A request context signed in as `account` (state-changing calls carry our Origin, as the browser's do). */
async function apiAs(account: { email: string; password: string }): Promise<APIRequestContext> {
  const api = await newRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { Origin: baseUrl() } });
  const res = await api.post('/api/login', { data: { email: account.email, password: account.password } });
  expect(res.ok(), `login ${account.email}: ${res.status()}`).toBe(true);
  return api;
}

async function ok(what: string, pending: ReturnType<APIRequestContext['post']>): Promise<Record<string, unknown>> {
  const res = await pending;
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json().catch(() => ({}))) as Record<string, unknown>;
}

/**
 * Something on every tab, through the API as the users would do it on screens other journeys walk: a new lawyer's
 * request that a new mediator completed, reviewed and disputed, the dispute resolved with a partial refund; a second
 * request paid and waiting for mediators; two support messages, one marked handled. Returns what the tabs should show.
 */
async function fillTheTabs(stamp: string): Promise<{ caseName: string; subject: string; handledSubject: string }> {
  const lawyer: NamedAccount = await createUser('lawyer', 'complete', 'Tabitha');
  const mediator: NamedAccount = await createUser('mediator', 'complete', 'Tobias');
  const [lawyerApi, mediatorApi, adminApi] = [await apiAs(lawyer), await apiAs(mediator), await apiAs(E2E_ADMIN)];
  try {
    const caseName = `Tabs ${stamp}`;
    // A hold window to dispute in, and no head start: the new (Free) mediator sees the request at once.
    const [disputedId] = await withPlatformSettings({ payoutHoldHours: 72, priorityHeadStartMinutes: 0 }, async () => {
      const first = await createFamilyLawRequest(lawyerApi, caseName);
      await payDeposit(lawyerApi, await submitRequest(lawyerApi, first));
      const second = await createFamilyLawRequest(lawyerApi, `${caseName} waiting`);
      await payDeposit(lawyerApi, await submitRequest(lawyerApi, second));
      return [first, second];
    });
    const accepted = await ok('accept', mediatorApi.post(`/api/requests/${disputedId}/accept`, { data: { noConflictConfirmed: true } }));
    await ok('select', lawyerApi.post(`/api/requests/${disputedId}/select-mediator/${String(accepted.mediatorId)}`));
    await ok('start', mediatorApi.post(`/api/requests/${disputedId}/start`));
    await ok('complete', mediatorApi.post(`/api/requests/${disputedId}/complete`, { data: { completionResults: 'Parenting plan agreed in part.' } }));
    await ok('review', lawyerApi.post('/api/reviews', { data: { requestId: disputedId, rating: 4, comment: 'Calm and well prepared.' } }));
    const dispute = await ok(
      'dispute',
      lawyerApi.post(`/api/requests/${disputedId}/dispute`, { data: { reason: `The session ended an hour early (${stamp}).` } }),
    );
    await ok(
      'resolve',
      adminApi.post(`/api/admin/disputes/${String(dispute.id)}/resolve`, {
        data: { outcome: 'refund_partial', refundAmount: '175.50', note: 'An hour of the four booked was not given.' },
      }),
    );

    const subject = `Cannot upload my brief (${stamp})`;
    const handledSubject = `Invoice question (${stamp})`;
    const contact = (s: string) =>
      ok('contact', lawyerApi.post('/api/contact', { data: { name: lawyer.name, email: lawyer.email, subject: s, message: 'See https://example.com/help.' } }));
    await contact(subject);
    const handled = await contact(handledSubject);
    const patched = await adminApi.patch(`/api/admin/support/${String(handled.id)}`, { data: { handled: true } });
    expect(patched.ok(), await patched.text()).toBe(true);
    return { caseName, subject, handledSubject };
  } finally {
    await Promise.all([lawyerApi.dispose(), mediatorApi.dispose(), adminApi.dispose()]);
  }
}

/** No sideways scroll of the page at any width (DESIGN 5): the document is no wider than the window. */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scrollWidth, `${label} is ${scrollWidth} px wide in a ${clientWidth} px window`).toBeLessThanOrEqual(clientWidth);
}

test('every admin tab, with content, is accessible and fits the screen, its tab in view', async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = `${test.info().project.name}-${Date.now().toString(36)}`;
  const { caseName, subject, handledSubject } = await fillTheTabs(stamp);

  await signInByApi(page, E2E_ADMIN);
  await page.goto('/admin');
  const bar = page.getByRole('navigation', { name: 'Admin sections' });
  for (const { tab, path, heading } of TABS) {
    const link = bar.getByRole('link', { name: tab, exact: true });
    // The overview is where the admin lands; every other tab is reached by its link.
    if (path !== '/admin') await link.click();
    await expectPath(page, path);
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    // The current tab is wholly on screen, not scrolled off the bar's edge.
    await expect(link).toBeInViewport({ ratio: 1 });
    await expectAccessible(page, path, { bestPractice: true });
    await expectNoSidewaysScroll(page, path);
  }

  // What was filled in shows where it belongs (the audit log in words, not ids or codes).
  await page.goto('/admin/support');
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await page.goto('/admin/audit');
  const handled = page.getByRole('listitem').filter({ hasText: `Support message “${handledSubject}”` });
  await expect(handled.getByRole('heading', { level: 2 })).toHaveText('Marked a support message handled');
  const resolved = page.getByRole('listitem').filter({ hasText: `Dispute on ${caseName} (Case #` });
  await expect(resolved.getByRole('heading', { level: 2 })).toHaveText('Resolved a dispute');
  await expect(resolved).toContainText('Partial refund of $175.50 to the lawyer; the rest paid to the mediator');
  for (const entry of [handled, resolved]) {
    const text = (await entry.textContent()) ?? '';
    expect(text).not.toMatch(UUID);
    expect(text).not.toMatch(/\b(true|false|refund_partial|support\.handled)\b/);
  }
  await expectAccessible(page, '/admin/audit (filled)', { bestPractice: true });
});

test('the tab bar works by keyboard: focus walks the tabs in order and the bar follows it', async ({ page }) => {
  await signInByApi(page, E2E_ADMIN);
  await page.goto('/admin');
  const bar = page.getByRole('navigation', { name: 'Admin sections' });
  await bar.getByRole('link', { name: 'Overview', exact: true }).focus();
  for (const { tab } of TABS.slice(1)) {
    await page.keyboard.press('Tab');
    const link = bar.getByRole('link', { name: tab, exact: true });
    await expect(link).toBeFocused();
    await expect(link).toBeInViewport({ ratio: 1 });
  }
  await page.keyboard.press('Enter');
  await expectPath(page, '/admin/audit');
  await expect(bar.getByRole('link', { name: 'Audit log', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(bar.getByRole('link', { name: 'Audit log', exact: true })).toBeInViewport({ ratio: 1 });
  // Back to the first tab: the bar scrolls back with the focus.
  await bar.getByRole('link', { name: 'Audit log', exact: true }).focus();
  for (let i = 0; i < TABS.length - 1; i++) await page.keyboard.press('Shift+Tab');
  await expect(bar.getByRole('link', { name: 'Overview', exact: true })).toBeFocused();
  await expect(bar.getByRole('link', { name: 'Overview', exact: true })).toBeInViewport({ ratio: 1 });
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

import { randomBytes } from 'node:crypto';
import { expect, request as newRequest, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { E2E_ADMIN, PASSWORD, registerVerified, type Account, type Stage } from './accounts';
import { expectNoHorizontalOverflow, markDocument } from './ui';

// What the admin journeys (tests/e2e/admin-*.spec.ts) share: the admin in a browser context of their own, users with
// names of their own (the Users tab finds them by name and e-mail), and the checks every admin page gets.

function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('playwright.config.ts must set use.baseURL');
  return url;
}

/** A new browser context at this project's viewport; its page, signed in as `account` when one is given. */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } | null,
  account?: Pick<Account, 'email' | 'password'>,
): Promise<Page> {
  const context = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 800 }, baseURL: baseUrl() });
  const page = await context.newPage();
  if (account) {
    const res = await page.request.post('/api/login', { data: { email: account.email, password: account.password } });
    expect(res.ok(), `login ${account.email}: ${res.status()} ${await res.text()}`).toBe(true);
  }
  return page;
}

/** The admin of the journeys' server (global-setup.ts), signed in on a browser context of their own. */
export function adminPage(browser: Browser, viewport: { width: number; height: number } | null): Promise<Page> {
  return newPage(browser, viewport, E2E_ADMIN);
}

/** Letters only (names are people's names): a random surname that no other test's user has. */
function uniqueSurname(stem: string): string {
  const letters = [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
  return `${stem}${letters[0].toUpperCase()}${letters.slice(1)}`;
}

export interface NamedAccount extends Account {
  name: string;
}

/**
 * A verified user with a name of their own at the given stage of the account flow, set up through the API on a
 * request context of its own (the test's pages stay signed out or signed in as whoever they are). A mediator matches
 * California Family Law requests; a new account is pending until an admin approves it.
 */
export async function createUser(role: 'lawyer' | 'mediator', stage: Stage, firstName: string): Promise<NamedAccount> {
  const lastName = uniqueSurname(role === 'lawyer' ? 'Lawson' : 'Medina');
  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const account = { firstName, lastName, email: `admin-journey-${role}.${suffix}@e2e.test`, password: PASSWORD };
  const api = await newRequest.newContext({ baseURL: baseUrl() });
  try {
    await registerVerified(api, account);
    const login = await api.post('/api/login', { data: { email: account.email, password: account.password } });
    expect(login.ok(), `login: ${login.status()}`).toBe(true);
    if (stage !== 'needs-role') {
      const chosen = await api.patch('/api/user/role', { data: { role } });
      expect(chosen.ok(), `choose role: ${await chosen.text()}`).toBe(true);
    }
    if (stage === 'complete') {
      const profile = role === 'lawyer' ? { jurisdiction: 'California' } : { jurisdiction: 'California', hourlyRate: '300', specializations: ['Family Law'] };
      const created = await api.post(`/api/profile/${role}`, { data: profile });
      expect(created.ok(), `complete profile: ${await created.text()}`).toBe(true);
    }
  } finally {
    await api.dispose();
  }
  return { ...account, name: `${firstName} ${lastName}` };
}

/** axe and, at 375 px, no sideways scrolling: what every admin page a journey visits gets. */
export async function checkPage(page: Page, label: string): Promise<void> {
  await expectAccessible(page, label);
  await expectNoHorizontalOverflow(page, label);
}

/**
 * Opens /admin/users and searches for one account by e-mail; its status select (table row on wide screens, card on
 * narrow ones) once the list shows it alone.
 */
export async function findUser(admin: Page, user: NamedAccount): Promise<Locator> {
  await admin.goto('/admin/users');
  await expect(admin.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await admin.getByRole('search', { name: 'Filter users' }).getByLabel('Search').fill(user.email);
  const status = admin.getByRole('combobox', { name: `Status of ${user.name}` });
  await expect(status).toBeVisible();
  await expect(admin.getByRole('combobox', { name: /^Status of / })).toHaveCount(1);
  return status;
}

/**
 * Runs `action` and waits until it has reloaded the whole page (a new document, loaded), as starting an impersonation
 * does a second after its toast. Until then the old document may already show the next screen (its socket closes
 * and it re-reads who is signed in), so checking the path alone could look at the page about to be replaced.
 */
export async function expectFullReload(page: Page, action: () => Promise<void>): Promise<void> {
  await markDocument(page);
  await action();
  await expect
    .poll(
      async () => {
        try {
          return await page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark ?? null);
        } catch {
          return 'navigating';
        }
      },
      { message: 'the page should reload', timeout: 20_000 },
    )
    .toBeNull();
  await page.waitForLoadState('load');
}

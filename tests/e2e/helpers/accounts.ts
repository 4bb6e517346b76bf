import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { mailedLink } from './mail';

export const PASSWORD = 'correct-horse-42';

export interface Account {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A new, unique account (tests run in parallel and never share users). */
export function newAccount(prefix: string, firstName = 'Jordan', lastName = 'Avery'): Account {
  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return { firstName, lastName, email: `${prefix}.${suffix}@e2e.test`, password: PASSWORD };
}

/** The admin the journeys' server is started with (global-setup.ts). */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password-42' } as const;

/** The demo accounts the seed prints (src/server/modules/users/accounts.service.ts). */
export const DEMO = {
  password: 'demo-password',
  lawyer: { email: 'lawyer@demo.test', firstName: 'Alice' },
  mediator: { email: 'mediator.free@demo.test', firstName: 'Maria' },
} as const;

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<void> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text().catch(() => '')}`).toBe(true);
}

/** Registers through the API and follows the e-mailed verification link from the server log. */
export async function registerVerified(request: APIRequestContext, account: Account): Promise<void> {
  const { firstName, lastName, email, password } = account;
  await ok(await request.post('/api/register', { data: { firstName, lastName, email, password } }), 'register');
  const link = await mailedLink(email, 'verify');
  const verified = await request.get(link, { maxRedirects: 0 });
  expect(verified.headers().location).toBe('/auth?verified=true');
}

/** Signs the page's browser context in (page.request shares its cookies). */
export async function signInByApi(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await ok(await page.request.post('/api/login', { data: { email: account.email, password: account.password } }), 'login');
}

export type Stage = 'needs-role' | 'needs-profile' | 'complete';

/** A verified, signed-in user at the given stage of spec 2's account flow. */
export async function signedInUser(page: Page, stage: Stage, role: 'lawyer' | 'mediator' = 'lawyer'): Promise<Account> {
  const account = newAccount(`${role}-${stage}`);
  await registerVerified(page.request, account);
  await signInByApi(page, account);
  if (stage === 'needs-role') return account;
  await ok(await page.request.patch('/api/user/role', { data: { role } }), 'choose role');
  if (stage === 'needs-profile') return account;
  const profile = role === 'lawyer' ? { jurisdiction: 'California' } : { jurisdiction: 'California', hourlyRate: '300' };
  await ok(await page.request.post(`/api/profile/${role}`, { data: profile }), 'complete profile');
  return account;
}

/** Signs in through the Login tab of /auth; the page reloads on success (spec 4). */
export async function signInByUi(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Email').fill(account.email);
  await login.getByLabel('Password').fill(account.password);
  await login.getByRole('button', { name: 'Sign In' }).click();
}

/** The toast on screen (at most one, spec 2), found inside the F8 notifications region. */
export function toast(page: Page): Locator {
  return page.getByRole('region', { name: /notifications/i }).getByRole('listitem');
}

/**
 * Closes the toast on screen, if any, and waits until none is left. A toast closes itself after 5 s, so it may go
 * between finding its Close button and clicking it; that click is then moot, not a failure.
 */
export async function closeToasts(page: Page): Promise<void> {
  for (const close of await toast(page).getByRole('button', { name: 'Close notification' }).all()) {
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  }
  await expect(toast(page)).toHaveCount(0);
}

export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const shown = toast(page);
  await expect(shown).toContainText(title);
  if (description) await expect(shown).toContainText(description);
}

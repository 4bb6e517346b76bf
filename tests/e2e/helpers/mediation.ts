import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, request as newRequest, test, type APIRequestContext, type APIResponse, type Browser, type Page } from '@playwright/test';
import { DEMO, E2E_ADMIN } from './accounts';
import { ARTIFACTS_DIR } from './paths';

// Setting up a mediation through the API, as the journeys' users would through the screens they already test
// (requests.spec.ts): a lawyer's request, its deposit, a demo mediator's acceptance; and the platform settings an
// admin changes for one request. The after-match journey drives only what comes after through the UI.

/**
 * The seeded Pro mediators who match a California Family Law request (src/server/modules/users/accounts.service.ts):
 * Pro members see a new request at once, so they can accept it straight away.
 */
export const DEMO_PRO_MEDIATORS = {
  pro: { email: 'mediator.pro@demo.test', firstName: 'James', lastName: 'Whitfield' },
  pro2: { email: 'mediator.pro2@demo.test', firstName: 'Rachel', lastName: 'Kim' },
} as const;

export type DemoMediator = (typeof DEMO_PRO_MEDIATORS)[keyof typeof DEMO_PRO_MEDIATORS];

async function expectOk(response: APIResponse, what: string): Promise<void> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text().catch(() => '')}`).toBe(true);
}

function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('playwright.config.ts must set use.baseURL');
  return url;
}

/** A new browser context at this project's viewport, signed in as a demo account; its page. */
export async function demoPage(browser: Browser, email: string, viewport: { width: number; height: number } | null): Promise<Page> {
  const context = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 800 }, baseURL: baseUrl() });
  const page = await context.newPage();
  await expectOk(await page.request.post('/api/login', { data: { email, password: DEMO.password } }), `login ${email}`);
  return page;
}

/**
 * The platform settings are one row that every worker shares. A test that changes them for one request holds this
 * lock (a directory: mkdir is atomic across processes) from the change to the restore, so two such tests never
 * restore each other's change before their request copied it. A lock left by a killed run expires.
 */
async function withSettingsLock<T>(fn: () => Promise<T>): Promise<T> {
  const lock = path.join(ARTIFACTS_DIR, `settings-${new URL(baseUrl()).port}.lock`);
  const deadline = Date.now() + 60_000;
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > 60_000) await rm(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`the settings lock ${lock} stayed taken for a minute`);
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** The admin of the journeys' server, signed in on its own API context (state-changing calls carry our Origin). */
async function adminApi(): Promise<APIRequestContext> {
  const url = baseUrl();
  const api = await newRequest.newContext({ baseURL: url, extraHTTPHeaders: { Origin: url } });
  await expectOk(await api.post('/api/login', { data: E2E_ADMIN }), 'admin login');
  return api;
}

/**
 * Runs `fn` with some platform settings changed (PATCH /api/admin/settings), then puts back the values they had,
 * whatever happens. Requests copy the settings when they are submitted, so `fn` should only submit.
 */
export async function withPlatformSettings<T>(change: Record<string, unknown>, fn: () => Promise<T>): Promise<T> {
  const admin = await adminApi();
  try {
    return await withSettingsLock(async () => {
      const before = await admin.get('/api/admin/settings');
      await expectOk(before, 'read settings');
      const current = (await before.json()) as Record<string, unknown>;
      const restore = Object.fromEntries(Object.keys(change).map((key) => [key, current[key]]));
      await expectOk(await admin.patch('/api/admin/settings', { data: change }), `change settings ${JSON.stringify(change)}`);
      try {
        return await fn();
      } finally {
        await expectOk(await admin.patch('/api/admin/settings', { data: restore }), `restore settings ${JSON.stringify(restore)}`);
      }
    });
  } finally {
    await admin.dispose();
  }
}

/** A California Family Law draft (4 hours at $350), created by the signed-in lawyer of `api`; its id. `extra` adds fields. */
export async function createFamilyLawRequest(api: APIRequestContext, caseName: string, extra: Record<string, unknown> = {}): Promise<string> {
  const created = await api.post('/api/requests', {
    data: {
      caseNumber: `E2E-${Date.now().toString(36)}`,
      caseName,
      caseType: 'Family Law',
      jurisdiction: 'California',
      description: 'Parenting plan and child support for two children; both parents want to settle before trial.',
      mediationType: 'online',
      pricingModel: 'hourly',
      hourlyRate: '350',
      hoursNeeded: 4,
      budget: '1400.00',
      ...extra,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** Submits a draft: the deposit intent is created and the request takes the platform's current settings. */
export async function submitRequest(api: APIRequestContext, id: string): Promise<string> {
  const submitted = await api.post(`/api/requests/${id}/submit`);
  await expectOk(submitted, 'submit');
  return ((await submitted.json()) as { clientSecret: string }).clientSecret;
}

/** Pays the deposit with the local provider's card form, as the payment dialog does (a card that succeeds). */
export async function payDeposit(api: APIRequestContext, clientSecret: string): Promise<void> {
  const paid = await api.post('/api/payments/local/confirm', {
    data: { clientSecret, card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 30, cvc: '123' } },
  });
  await expectOk(paid, 'pay the deposit');
}

/** The signed-in mediator of `api` accepts at the request's rate. */
export async function acceptRequest(api: APIRequestContext, id: string): Promise<void> {
  await expectOk(await api.post(`/api/requests/${id}/accept`, { data: { noConflictConfirmed: true } }), 'accept');
}

/** Pays in the card dialog named `dialogName` with the card `number` (the local provider's test cards). */
export async function payInDialog(page: Page, dialogName: string, number: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/30');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: /^Pay/ }).click();
}

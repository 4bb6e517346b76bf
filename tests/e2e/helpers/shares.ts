import { expect, test, type APIRequestContext, type APIResponse, type Browser, type Locator, type Page } from '@playwright/test';
import { businessDaysBetween } from '../../../src/common/domain/refunds';
import { expectAccessible } from './a11y';
import { newAccount, registerVerified, signInByApi, type Account } from './accounts';
import { mailedLink } from './mail';
import { expectNoHorizontalOverflow } from './ui';

// What the shares journey (tests/e2e/shares-journey.spec.ts) needs beyond the other helpers: people in browser contexts
// of their own, a preferred date for a late cancellation, the split and refund arithmetic done independently of the
// product (so the pages are checked against numbers the test worked out), and reading the pages' money lists.

/** The settings every amount of the journey follows, copied onto each request when it is submitted (RULES.md 1). */
export const TERMS = { commissionPercentage: '10', minimumPlatformFee: '50', defaultDeposit: '250', payoutHoldHours: 72 } as const;

/** The local provider's cards (src/server/adapters/payments/local-provider.ts). */
export const CARD = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  /** Pays when the card form is used, then declines every charge made later off-session (a saved card). */
  declinesLater: '4000 0000 0000 0341',
} as const;

function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('playwright.config.ts must set use.baseURL');
  return url;
}

export async function expectOk(response: APIResponse, what: string): Promise<APIResponse> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text().catch(() => '')}`).toBe(true);
  return response;
}

export interface Person {
  page: Page;
  account: Account;
  id: string;
  name: string;
}

/**
 * A new browser context at this project's viewport (in `options.timezoneId`'s zone when given) with a new account
 * signed in and its profile complete: a lawyer in California, or a Pro mediator (paid through the local provider) who
 * matches a California Family Law request and sees it at once.
 */
export async function person(
  browser: Browser,
  role: 'lawyer' | 'mediator',
  firstName: string,
  lastName: string,
  options: { timezoneId?: string } = {},
): Promise<Person> {
  const viewport = test.info().project.use.viewport ?? { width: 1280, height: 800 };
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), extraHTTPHeaders: { Origin: baseUrl() }, ...options });
  const page = await context.newPage();
  const account = newAccount(`shares-${role}`, firstName, lastName);
  await registerVerified(page.request, account);
  await signInByApi(page, account);
  await expectOk(await page.request.patch('/api/user/role', { data: { role } }), 'choose role');
  const profile =
    role === 'lawyer'
      ? { jurisdiction: 'California', firmName: `${lastName} LLP` }
      : { jurisdiction: 'California', hourlyRate: '300', specializations: ['Family Law'] };
  await expectOk(await page.request.post(`/api/profile/${role}`, { data: profile }), 'complete profile');
  if (role === 'mediator') {
    const upgrade = await expectOk(await page.request.post('/api/subscription/upgrade', { data: { tier: 'pro' } }), 'upgrade');
    const { clientSecret } = (await upgrade.json()) as { clientSecret: string };
    const card = { number: CARD.ok, expMonth: 12, expYear: 30, cvc: '123' };
    await expectOk(await page.request.post('/api/payments/local/confirm', { data: { clientSecret, card } }), 'pay the upgrade');
  }
  const { id } = (await (await page.request.get('/api/user')).json()) as { id: string };
  return { page, account, id, name: `${firstName} ${lastName}` };
}

/** axe, and at 375 px no sideways scrolling: every page state the journey shows gets both. */
export async function check(page: Page, label: string): Promise<void> {
  await expectAccessible(page, label);
  await expectNoHorizontalOverflow(page, label);
}

/** A full-page screenshot in the test's output folder. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A preferred date for which a cancellation today, after selection, keeps half the deposit (RULES.md 2.4): fewer than
 * 7 calendar days away, with 3 or more business days (Mon–Fri) between today and then. Any 5 consecutive days hold at
 * most 2 weekend days, so today + 6 always qualifies; the nearest date that does is taken.
 */
export function halfRefundDate(now = new Date()): string {
  const today = Math.floor(now.getTime() / DAY_MS);
  for (let offset = 1; offset < 7; offset++) {
    if (businessDaysBetween(today, today + offset) >= 3) return new Date((today + offset) * DAY_MS).toISOString().slice(0, 10);
  }
  throw new Error('no date within 7 days has 3 business days of notice');
}

/** The two sides' shares of an amount in cents: the opposing side's rounded down, the inviting side takes the odd cent. */
export function split(totalCents: number, firstPercent: number): { first: number; second: number } {
  const second = Math.floor((totalCents * (100 - firstPercent)) / 100);
  return { first: totalCents - second, second };
}

/**
 * `total` cents shared in proportion to `weights` (largest remainder; an odd cent to the larger remainder, the first
 * on a tie): how a refund is shared between payers (decision 052).
 */
export function proportional(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}

/** `percent` % of `cents`, half-up to the cent (the commission). */
export const percentOfCents = (cents: number, percent: number): number => Math.floor((cents * percent + 50) / 100);

/** [term, amount] pairs of a definition list (the cancel dialog's breakdown, the resolve dialog's preview). */
export async function lines(list: Locator): Promise<string[][]> {
  const terms = await list.locator('dt').allTextContents();
  const values = await list.locator('dd').allTextContents();
  return terms.map((term, i) => [term.trim(), values[i]?.trim() ?? '']);
}

/**
 * The Payment card's figures on a request page ([data-figure] → amount), read after a reload: refunds and transfers are
 * carried out just after the change that decides them, so a caller polls this until it shows what it expects.
 */
export async function settlementFigures(page: Page): Promise<Record<string, string>> {
  await page.reload();
  const card = page.locator('[data-settlement]');
  await expect(card).toBeVisible();
  const out: Record<string, string> = {};
  for (const cell of await card.locator('[data-figure]').all()) {
    out[(await cell.getAttribute('data-figure'))!] = (await cell.textContent())?.trim() ?? '';
  }
  return out;
}

/**
 * A receipt's (or statement's) lines, each as "label | detail" (or the label alone) and its amount, and its totals as
 * [label, amount].
 */
export async function receiptRows(page: Page): Promise<{ rows: string[][]; totals: string[][] }> {
  const table = page.getByRole('table', { name: /Charges and refunds|Amounts paid to you/ });
  await expect(table).toBeVisible();
  const rows: string[][] = [];
  for (const row of await table.locator('tbody tr').all()) {
    const cells = row.locator('td');
    if ((await cells.count()) !== 3) continue;
    const parts = (await cells.nth(1).locator('span').allTextContents()).map((t) => t.trim());
    rows.push([parts.join(' | '), (await cells.nth(2).textContent())?.trim() ?? '']);
  }
  const totals: string[][] = [];
  for (const row of await table.locator('tfoot tr').all()) {
    totals.push([(await row.locator('th').textContent())?.trim() ?? '', (await row.locator('td').textContent())?.trim() ?? '']);
  }
  return { rows, totals };
}

/** Lines compared whatever their order (entries written at the same moment have no order of their own). */
export const sorted = (rows: string[][]): string[][] => [...rows].sort((a, b) => a.join('\u0000').localeCompare(b.join('\u0000')));

/**
 * Where the rest of each charge goes once a dispute's refunds are taken: the platform fee from the first charges first
 * (decision 016), the remainder of each charge paid to the mediator from that charge (one transfer per source charge).
 */
export function transfersAfterFee(remaining: number[], platformFee: number): number[] {
  let left = platformFee;
  return remaining.map((amount) => {
    const fee = Math.min(left, amount);
    left -= fee;
    return amount - fee;
  });
}

/** The payment of `caseName` on /payments, in whichever layout the width shows (cards or table): {column → text}. */
export async function paymentEntry(page: Page, caseName: string): Promise<Record<string, string>> {
  await page.goto('/payments');
  const card = page.getByRole('list', { name: 'Payments' }).getByRole('listitem').filter({ hasText: caseName });
  const row = page.getByRole('table').locator('tbody tr').filter({ hasText: caseName });
  await expect(card.or(row)).toBeVisible();
  const out: Record<string, string> = {};
  if (await card.isVisible()) {
    const terms = await card.locator('dt').allTextContents();
    const values = await card.locator('dd').allTextContents();
    terms.forEach((term, i) => (out[term.trim()] = values[i]?.trim() ?? ''));
  } else {
    const headers = await page.getByRole('table').locator('thead th').allTextContents();
    const cells = await row.locator('td').allTextContents();
    headers.forEach((header, i) => (out[header.trim()] = cells[i]?.trim() ?? ''));
  }
  return out;
}

/**
 * The owner invites `counsel` with the owner's share of the fee at `firstSidePercent`, and counsel joins from the
 * e-mailed link (accepting the split), both through the API.
 */
export async function inviteAndJoinByApi(owner: APIRequestContext, counsel: Person, requestId: string, firstSidePercent: number): Promise<void> {
  await expectOk(
    await owner.post(`/api/requests/${requestId}/invitation`, {
      data: { email: counsel.account.email, name: counsel.name, firstSidePercent, secondSidePercent: 100 - firstSidePercent },
    }),
    'invite',
  );
  const token = new URL(await mailedLink(counsel.account.email, 'invitation')).pathname.split('/').pop();
  await expectOk(await counsel.page.request.post(`/api/invitations/${token}/accept`), 'join');
}

/** Pays a side's next share (start, then the card form's confirmation) through the API with `card`. */
export async function payShareByApi(payer: APIRequestContext, requestId: string, side: 'first' | 'second', card: string = CARD.ok): Promise<void> {
  const started = await expectOk(await payer.post(`/api/requests/${requestId}/shares/${side}/pay`), `start ${side} share`);
  const { clientSecret } = (await started.json()) as { clientSecret: string };
  await expectOk(
    await payer.post('/api/payments/local/confirm', { data: { clientSecret, card: { number: card, expMonth: 12, expYear: 30, cvc: '123' } } }),
    `pay ${side} share`,
  );
}

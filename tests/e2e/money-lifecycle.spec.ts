import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { businessDaysBetween } from '../../src/common/domain/refunds';
import { displayCents } from '../../src/common/money';
import { FREE_TIER_COUNTEROFFER } from '../../src/common/schemas/requests';
import { expectAccessible } from './helpers/a11y';
import { E2E_ADMIN, expectToast, signedInUser } from './helpers/accounts';
import { createFamilyLawRequest, DEMO_PRO_MEDIATORS, demoPage, payDeposit, submitRequest, withPlatformSettings } from './helpers/mediation';
import { expectNoHorizontalOverflow, expectPath, openSidebar } from './helpers/ui';

// Issue 8's money journeys on the `local` provider, through the screens wherever a user would click: the deposit paid
// in the payment dialog, the balance charged on selection, a problem reported within the hold window and resolved by
// an admin on /admin/disputes with a partial refund; a matched request cancelled with 50 % of its deposit back; and a
// Free mediator's upgrade to Pro (counteroffers allowed from then on) and its cancellation at the period's end.
// Amounts are written as the product shows them (displayCents), so the assertions follow the one money format.
//
// The two projects run these at the same time: each takes its own demo Pro mediator (both match California Family
// Law and see a new request at once) and its own new lawyers; the admin is shared, so disputes are found by case name.

/** The settings every amount below follows, copied onto each request when it is submitted (RULES.md 1). */
const TERMS = { commissionPercentage: '10', minimumPlatformFee: '50', defaultDeposit: '250', payoutHoldHours: 72 };

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (date: Date) => Math.floor(date.getTime() / DAY_MS);
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * A preferred date for which a cancellation today refunds half the deposit (RULES.md 2.4): fewer than 7 calendar days
 * away, with 3 or more business days (Mon–Fri) between today and then. Any 5 consecutive days hold at most 2 weekend
 * days, so today + 6 always qualifies; the nearest date that does is taken.
 */
function halfRefundDate(now = new Date()): string {
  const today = utcDay(now);
  for (let offset = 1; offset < 7; offset++) {
    if (businessDaysBetween(today, today + offset) >= 3) return isoDay(today + offset);
  }
  throw new Error('no date within 7 days has 3 business days of notice');
}

async function check(page: Page, label: string): Promise<void> {
  await expectAccessible(page, label);
  await expectNoHorizontalOverflow(page, label);
}

/** The admin of the journeys' server in a browser context of their own, at this project's viewport. */
async function adminPage(browser: Browser, viewport: { width: number; height: number } | null): Promise<Page> {
  const context = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 800 }, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const res = await page.request.post('/api/login', { data: E2E_ADMIN });
  expect(res.ok(), `admin login: ${res.status()}`).toBe(true);
  return page;
}

async function pay(page: Page, number: string, dialogName = 'Complete Payment'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/30');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: /^Pay/ }).click();
}

/** [label, amount] pairs of a definition list (the cancel dialog's breakdown, the resolve dialog's preview). */
async function lines(list: Locator): Promise<string[][]> {
  const terms = await list.locator('dt').allTextContents();
  const values = await list.locator('dd').allTextContents();
  return terms.map((term, i) => [term.trim(), values[i]?.trim() ?? '']);
}

/** A California Family Law request of 4 hours at $350 with a preferred date, submitted and paid through the API. */
async function paidRequestWithDate(api: APIRequestContext, caseName: string, preferredDate: string): Promise<string> {
  const created = await api.post('/api/requests', {
    data: {
      caseNumber: `E2E-${Date.now().toString(36)}`,
      caseName,
      caseType: 'Family Law',
      jurisdiction: 'California',
      description: 'Division of a family business between two siblings; both want to settle before the hearing.',
      mediationType: 'online',
      pricingModel: 'hourly',
      hourlyRate: '350',
      hoursNeeded: 4,
      budget: '1400.00',
      preferredDate,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  await payDeposit(api, await submitRequest(api, id));
  return id;
}

test('a paid mediation end to end: the deposit, the balance, a problem reported and resolved by an admin with a partial refund', async ({
  page: lawyer,
  browser,
  viewport,
}) => {
  // Three people and axe on the three admin screens (the other pages have their own journeys' scans): about a minute
  // alone, several on a 2-core machine busy with both projects and more.
  test.setTimeout(240_000);
  const project = test.info().project.name;
  const mediatorAccount = project === 'phone' ? DEMO_PRO_MEDIATORS.pro2 : DEMO_PRO_MEDIATORS.pro;
  const mediatorName = `${mediatorAccount.firstName} ${mediatorAccount.lastName}`;
  await signedInUser(lawyer, 'complete', 'lawyer');
  const stamp = Date.now().toString(36);
  const caseName = `Escrow ${project} ${stamp}`;

  // 1. The lawyer posts the request (the form's default: 2 hours at $350 = $700) and pays the $250 deposit in the
  //    payment dialog.
  await withPlatformSettings(TERMS, async () => {
    await lawyer.goto('/requests/new');
    await lawyer.getByLabel('Case number').fill(`E2E-${stamp}`);
    await lawyer.getByLabel('Case name').fill(caseName);
    await lawyer.getByLabel('Case type').fill('Family Law');
    await lawyer.getByLabel('Jurisdiction').fill('California');
    await lawyer.getByLabel('Case description').fill('Parenting plan and child support for two children; both parents want to settle.');
    await expect(lawyer.getByLabel('Budget ($)')).toHaveValue('700.00');
    await lawyer.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(lawyer.getByRole('dialog', { name: 'Complete Payment' })).toContainText(`Pay ${displayCents(25_000)} deposit`);
  });
  await pay(lawyer, '4242 4242 4242 4242');
  await expectToast(lawyer, 'Payment Successful', `Your ${displayCents(25_000)} deposit has been processed. Your request is now live!`);
  await lawyer.getByRole('link', { name: caseName }).click();
  await expect(lawyer).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);
  const requestPath = new URL(lawyer.url()).pathname;
  await expect(lawyer.getByText('Pending Mediators')).toBeVisible();

  // 2. The mediator accepts; the lawyer selects them, and the confirmation shows the $450 balance charged now.
  const mediator = await demoPage(browser, mediatorAccount.email, viewport);
  await mediator.goto(requestPath);
  await mediator.getByRole('button', { name: 'Accept Request' }).click();
  await mediator.getByRole('checkbox').check();
  await mediator.getByRole('button', { name: 'Confirm Acceptance' }).click();
  await expectToast(mediator, 'Request Accepted');

  await lawyer.goto(requestPath);
  await lawyer.getByRole('listitem').filter({ hasText: mediatorName }).getByRole('button', { name: 'Select Mediator' }).click();
  const confirmSelection = lawyer.getByRole('dialog', { name: `Select ${mediatorName}?` });
  await expect(confirmSelection.getByTestId('selection-charge')).toHaveText(displayCents(45_000));
  await confirmSelection.getByRole('button', { name: 'Confirm and pay' }).click();
  await expectToast(lawyer, 'Mediator Selected');
  await expectPath(lawyer, '/requests');

  // 3. The mediator starts and completes.
  await mediator.goto(requestPath);
  await mediator.getByRole('button', { name: 'Start Mediation' }).click();
  await expectToast(mediator, 'Mediation Started');
  await mediator.getByRole('button', { name: 'Mark as Complete' }).click();
  const completion = mediator.getByRole('dialog', { name: `Complete ${caseName}` });
  await completion.getByLabel(/^Completion results/).fill('No agreement on the parenting plan; the session ended early.');
  await completion.getByRole('button', { name: 'Confirm Completion' }).click();
  await expectToast(mediator, 'Request Completed');
  await mediator.goto(requestPath);
  await expect(mediator.getByText(/^Payout scheduled for/)).toBeVisible();

  // 4. Within the 72-hour hold window the lawyer reports a problem; the payout pauses.
  await lawyer.goto(requestPath);
  await expect(lawyer.getByRole('heading', { name: 'Mediation completed' })).toBeVisible();
  await lawyer.getByRole('button', { name: 'Report a problem' }).click();
  const report = lawyer.getByRole('dialog', { name: 'Report a problem' });
  await report.getByLabel(/^What went wrong\?/).fill(`The mediator left after forty minutes of the two hours booked (${stamp}).`);
  await report.getByRole('button', { name: 'Report Problem' }).click();
  await expectToast(lawyer, 'Problem reported');
  await expect(lawyer.getByText('Problem reported — the payout is paused while our team reviews it.')).toBeVisible();

  // 5. The admin finds it on /admin/disputes (sidebar link) and refunds $175.50 of the $700 held: $524.50 is left,
  //    10 % commission ($52.45, no minimum fee) is kept and the mediator receives $472.05.
  const admin = await adminPage(browser, viewport);
  await admin.goto('/notifications');
  await (await openSidebar(admin)).getByRole('link', { name: 'Disputes' }).click();
  await expectPath(admin, '/admin/disputes');
  const openDisputes = admin.getByRole('region', { name: 'Open', exact: true });
  const card = openDisputes.getByRole('listitem').filter({ hasText: caseName });
  await expect(card).toContainText(mediatorName);
  await expect(card).toContainText(displayCents(70_000));
  await check(admin, '/admin/disputes');
  await card.getByRole('button', { name: caseName }).click();
  const detail = admin.getByRole('dialog', { name: caseName });
  await expect(detail).toContainText('The mediator left after forty minutes');
  expect(await lines(detail.getByLabel('Money held'))).toEqual([
    ['Budget', displayCents(70_000)],
    ['Deposit held', displayCents(25_000)],
    ['Balance held', displayCents(45_000)],
    ['Platform fee (planned)', displayCents(7_000)],
    ['Mediator payout (planned, on hold)', displayCents(63_000)],
    ['Total held', displayCents(70_000)],
  ]);
  await expect(detail.getByRole('link', { name: /Open the request/ })).toHaveAttribute('href', requestPath);
  await check(admin, 'dispute detail');
  await detail.getByRole('button', { name: 'Resolve dispute' }).click();

  const resolve = admin.getByRole('dialog', { name: 'Resolve dispute' });
  await resolve.getByRole('radio', { name: /^Refund part/ }).check();
  const amount = resolve.getByRole('textbox', { name: /^Refund to the lawyer/ });
  await amount.fill('700');
  await resolve.getByLabel(/^Note/).fill('The session ran 40 of 120 minutes: two thirds of the balance back.');
  await resolve.getByRole('button', { name: 'Review resolution' }).click();
  await expect(resolve.getByRole('alert')).toContainText(`less than the ${displayCents(70_000)} held`);
  await amount.fill('175.50');
  expect(await lines(resolve.getByLabel('Resolution preview'))).toEqual([
    ['Refunded to the lawyer', displayCents(17_550)],
    ['Paid to the mediator', displayCents(47_205)],
    ['Kept as platform fee', displayCents(5_245)],
  ]);
  await check(admin, 'resolve dialog');
  await resolve.getByRole('button', { name: 'Review resolution' }).click();
  await expect(resolve).toContainText('Refund part?');
  await resolve.getByRole('button', { name: 'Confirm resolution' }).click();
  await expectToast(admin, 'Dispute resolved');
  await expect(resolve).toBeHidden();
  const resolvedCard = admin.getByRole('region', { name: 'Resolved', exact: true }).getByRole('listitem').filter({ hasText: caseName });
  await expect(resolvedCard).toContainText(displayCents(17_550));
  await expect(openDisputes.getByRole('listitem').filter({ hasText: caseName })).toHaveCount(0);
  await expectNoHorizontalOverflow(admin, '/admin/disputes (resolved)');

  // 6. Both request pages say what each side received, each in their own words, with the Payment card's figures:
  // $700 charged = $175.50 refunded + $52.45 platform fee + $472.05 paid to the mediator (issue 21).
  const figures = { charged: displayCents(70_000), refunded: displayCents(17_550), platformFeeKept: displayCents(5_245), paidToMediator: displayCents(47_205) };
  const expectFigures = async (page: Page) => {
    const card = page.locator('[data-settlement]');
    for (const [figure, amount] of Object.entries(figures)) await expect(card.locator(`[data-figure="${figure}"]`)).toHaveText(amount);
  };
  await lawyer.goto(requestPath);
  await expect(lawyer.getByText(/^Problem resolved on /)).toBeVisible();
  await expect(
    lawyer.getByText(
      `${displayCents(17_550)} was refunded to you, and ${displayCents(47_205)} was paid to the mediator after the ${displayCents(5_245)} platform fee.`,
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  await expectFigures(lawyer);
  await expect(lawyer.getByText('Refunded to your card', { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(lawyer, 'request (dispute resolved, lawyer)');
  await mediator.goto(requestPath);
  await expect(
    mediator.getByText(
      `${displayCents(17_550)} was refunded to the lawyer, and ${displayCents(47_205)} was paid to you after the ${displayCents(5_245)} platform fee.`,
      {
        exact: false,
      },
    ),
  ).toHaveCount(1);
  await expectFigures(mediator);
  await expect(mediator.getByText('Your Payout').locator('xpath=following-sibling::dd')).toHaveText(displayCents(47_205));
  await expectNoHorizontalOverflow(mediator, 'request (dispute resolved, mediator)');

  await mediator.context().close();
  await admin.context().close();
});

test('a matched request cancelled 3 or more business days before its date: half the deposit and all the balance back, line by line', async ({
  page: lawyer,
  browser,
  viewport,
}) => {
  test.setTimeout(120_000);
  const project = test.info().project.name;
  const mediatorAccount = project === 'phone' ? DEMO_PRO_MEDIATORS.pro2 : DEMO_PRO_MEDIATORS.pro;
  await signedInUser(lawyer, 'complete', 'lawyer');
  const caseName = `Cancelled ${project} ${Date.now().toString(36)}`;

  // Setup through the API (the first journey walks it in the screens): $1,400 with the $250 deposit paid, the
  // mediator accepts and is selected (the $1,150 balance charged).
  const id = await withPlatformSettings(TERMS, () => paidRequestWithDate(lawyer.request, caseName, halfRefundDate()));
  const mediator = await demoPage(browser, mediatorAccount.email, viewport);
  const accepted = await mediator.request.post(`/api/requests/${id}/accept`, { data: { noConflictConfirmed: true } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const { mediatorId } = (await accepted.json()) as { mediatorId: string };
  const selected = await lawyer.request.post(`/api/requests/${id}/select-mediator/${mediatorId}`);
  expect(selected.ok(), await selected.text()).toBe(true);
  await mediator.context().close();

  // The lawyer cancels: half the $250 deposit and the whole balance back; the other $125 goes to the mediator less
  // the 10 % commission.
  await lawyer.goto(`/requests/${id}`);
  await expect(lawyer.getByText('Matched', { exact: true })).toBeVisible();
  await lawyer.getByRole('button', { name: 'Cancel request' }).click();
  const cancel = lawyer.getByRole('dialog', { name: 'Cancel this request?' });
  const breakdown = cancel.getByLabel('Refund breakdown');
  await expect(breakdown).toBeVisible();
  expect(await lines(breakdown)).toEqual([
    [`Deposit refund (50% of the ${displayCents(25_000)} deposit)`, displayCents(12_500)],
    ['Balance refund', displayCents(115_000)],
    ["The mediator's cancellation fee (kept from the deposit)", displayCents(11_250)],
    ['Platform commission (kept from the deposit)', displayCents(1_250)],
    ['Total refunded to your card', displayCents(127_500)],
  ]);
  await expect(cancel).toContainText('Cancelled 3 or more business days before the mediation date: 50% of the deposit is refunded.');
  await expectNoHorizontalOverflow(lawyer, 'cancel dialog (50 %)');
  await cancel.getByRole('button', { name: 'Cancel request' }).click();
  await expectToast(lawyer, 'Request cancelled', `${displayCents(127_500)} will be refunded to your card.`);
  await expect(lawyer.getByText('This request was cancelled.')).toBeVisible();
  await expect(lawyer.getByText(`${displayCents(127_500)} was refunded to your card on`, { exact: false })).toBeVisible();
  await expectNoHorizontalOverflow(lawyer, 'request (cancelled, 50 %)');
});

test('a Free mediator upgrades to Pro on /subscription, may then counteroffer where it was refused, and cancels at the period end', async ({
  page: mediator,
  browser,
  viewport,
}) => {
  test.setTimeout(120_000);
  const project = test.info().project.name;
  const caseName = `Counteroffer ${project} ${Date.now().toString(36)}`;
  // A new Free mediator who matches California Family Law requests.
  await signedInUser(mediator, 'needs-profile', 'mediator');
  const profile = await mediator.request.post('/api/profile/mediator', {
    data: { jurisdiction: 'California', hourlyRate: '300', specializations: ['Family Law'] },
  });
  expect(profile.ok(), await profile.text()).toBe(true);

  // A lawyer's request, submitted with no priority head start so that a Free matching mediator sees it at once.
  const lawyerContext = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 800 }, baseURL: test.info().project.use.baseURL });
  const lawyer = await lawyerContext.newPage();
  await signedInUser(lawyer, 'complete', 'lawyer');
  const id = await createFamilyLawRequest(lawyer.request, caseName);
  const clientSecret = await withPlatformSettings({ priorityHeadStartMinutes: 0 }, () => submitRequest(lawyer.request, id));
  await payDeposit(lawyer.request, clientSecret);

  // Free: the accept dialog offers no rate of one's own, and the server refuses one sent anyway (RULES.md 4).
  await mediator.goto(`/requests/${id}`);
  await mediator.getByRole('button', { name: 'Accept Request' }).click();
  const freeDialog = mediator.getByRole('dialog', { name: `Accept ${caseName}` });
  await expect(freeDialog).toContainText(FREE_TIER_COUNTEROFFER);
  await expect(freeDialog.getByLabel(/^Proposed rate/)).toHaveCount(0);
  await freeDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(freeDialog).toBeHidden();
  const refused = await mediator.request.post(`/api/requests/${id}/accept`, { data: { noConflictConfirmed: true, proposedRate: '400' } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(FREE_TIER_COUNTEROFFER);

  // Upgrade to Pro through the payment dialog.
  await mediator.goto('/subscription');
  await expect(mediator.getByText('You are on the Free plan')).toBeVisible();
  await mediator.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await pay(mediator, '4242 4242 4242 4242', 'Upgrade to Pro');
  await expectToast(mediator, 'Subscription Updated', 'Your subscription has been upgraded successfully.');
  await expect(mediator.getByText('You are on the Pro plan')).toBeVisible();
  await expect(mediator.getByTestId('subscription-period')).toHaveText(/^Renews on /);
  await expectNoHorizontalOverflow(mediator, '/subscription (Pro)');

  // Pro: the same request now takes a proposed rate, and the lawyer sees it.
  await mediator.goto(`/requests/${id}`);
  await mediator.getByRole('button', { name: 'Accept Request' }).click();
  const proDialog = mediator.getByRole('dialog', { name: `Accept ${caseName}` });
  await proDialog.getByLabel(/^Proposed rate/).fill('400');
  await proDialog.getByLabel(/^Note to the lawyer/).fill('Four hours at $400: I bring a co-mediator for the financial questions.');
  await proDialog.getByRole('checkbox').check();
  await proDialog.getByRole('button', { name: 'Confirm Acceptance' }).click();
  await expectToast(mediator, 'Request Accepted');
  await lawyer.goto(`/requests/${id}`);
  await expect(lawyer.getByText(`${displayCents(40_000)}/hour`)).toBeVisible();

  // Cancel at the period's end: the page says until when the plan lasts.
  await mediator.goto('/subscription');
  await mediator.getByRole('button', { name: 'Cancel subscription' }).click();
  await mediator.getByRole('dialog', { name: 'Cancel your Pro subscription?' }).getByRole('button', { name: 'Cancel subscription' }).click();
  await expectToast(mediator, 'Subscription cancelled');
  const subscription = (await (await mediator.request.get('/api/subscription')).json()) as { currentPeriodEnd: string; cancelAtPeriodEnd: boolean };
  expect(subscription.cancelAtPeriodEnd).toBe(true);
  const end = await mediator.evaluate(
    (iso) => new Date(iso).toLocaleDateString(undefined, { month: 'short', day: '2-digit', year: 'numeric' }),
    subscription.currentPeriodEnd,
  );
  await expect(mediator.getByTestId('subscription-period')).toHaveText(`Ends on ${end} — you return to Free`);
  await expect(mediator.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await expectNoHorizontalOverflow(mediator, '/subscription (cancelled)');
  await lawyerContext.close();
});

import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './helpers/a11y';
import { DEMO, expectToast, signedInUser } from './helpers/accounts';
import { expectNoHorizontalOverflow } from './helpers/ui';

// Issue 3's journey: a lawyer posts a case with documents and pays; two matching mediators accept (one with a
// counteroffer); the lawyer selects one. And the declined-card path. Demo mediators (seeded, California, Family Law):
// mediator.pro@demo.test and mediator.pro2@demo.test, both Pro, so they see the request at once and may counteroffer.

const PDF = (title: string) => ({
  name: `${title}.pdf`,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`),
});

async function pay(page: Page, number: string) {
  const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/30');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: /^Pay/ }).click();
}

async function fillCase(page: Page, caseName: string) {
  await page.getByLabel('Case number').fill(`E2E-${Date.now().toString(36)}`);
  await page.getByLabel('Case name').fill(caseName);
  await page.getByLabel('Case type').fill('Family Law');
  await page.getByLabel('Jurisdiction').fill('California');
  await page.getByLabel('Case description').fill('Parenting plan and child support for two children; both parents want to settle.');
}

async function mediatorPage(browser: Browser, email: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const res = await page.request.post('/api/login', { data: { email, password: DEMO.password } });
  expect(res.ok()).toBe(true);
  return page;
}

test('a lawyer posts a case with documents, pays, two mediators accept and the lawyer selects one', async ({ page, browser, viewport }) => {
  // Three people and seven axe scans in one story: longer than the default minute on a 2-core machine.
  test.setTimeout(180_000);
  await signedInUser(page, 'complete', 'lawyer');
  const caseName = `Custody ${test.info().project.name} ${Date.now().toString(36)}`;

  await page.goto('/requests');
  await expect(page.getByText('No mediation requests yet. Create your first request to get started.')).toBeVisible();
  await expectAccessible(page, '/requests (empty)');
  await expectNoHorizontalOverflow(page, '/requests (empty)');
  await page.getByRole('link', { name: 'Create First Request' }).click();
  await expect(page.getByRole('heading', { name: 'Create Mediation Request' })).toBeVisible();

  // Validation texts of spec 5 appear under the fields.
  await page.getByLabel('Case description').fill('short');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Case number is required')).toBeVisible();
  await expect(page.getByText('Please provide a detailed description')).toBeVisible();
  await expectAccessible(page, '/requests/new (errors)');
  await expectNoHorizontalOverflow(page, '/requests/new (errors)');

  await fillCase(page, caseName);
  await page.getByLabel('Hours needed').selectOption('4');
  await expect(page.getByLabel('Budget ($)')).toHaveValue('1400.00');
  await page.getByLabel('Mediation brief').setInputFiles(PDF('brief'));
  await page.getByLabel('Case files').setInputFiles([PDF('exhibit-a'), PDF('exhibit-b')]);
  await expect(page.getByText('exhibit-b.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  await expect(page.getByRole('dialog', { name: 'Complete Payment' })).toContainText('Pay $250 deposit to submit your mediation request');
  await expectAccessible(page, 'payment dialog');
  await expectNoHorizontalOverflow(page, 'payment dialog');
  await page.screenshot({ path: test.info().outputPath('payment-dialog.png') });
  await pay(page, '4242 4242 4242 4242');
  await expectToast(page, 'Payment Successful', 'Your $250 deposit has been processed. Your request is now live!');
  await expect(page).toHaveURL(/\/requests$/);
  await expect(page.getByRole('link', { name: caseName })).toBeVisible();
  await expectNoHorizontalOverflow(page, '/requests (one request)');
  await page.getByRole('link', { name: caseName }).click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Pending Mediators')).toBeVisible();
  const requestUrl = new URL(page.url()).pathname;
  await expectAccessible(page, 'request detail (live)');
  await expectNoHorizontalOverflow(page, 'request detail (live)');

  const size = viewport ?? { width: 1280, height: 800 };
  const pro = await mediatorPage(browser, 'mediator.pro@demo.test', size);
  await pro.goto('/requests');
  await expect(pro.getByRole('link', { name: caseName })).toBeVisible();
  await expectAccessible(pro, 'mediator Available tab');
  await expectNoHorizontalOverflow(pro, 'mediator Available tab');
  await pro.goto(requestUrl);
  await expect(pro.getByText('Your Payout', { exact: true })).toBeVisible();
  await pro.getByRole('button', { name: 'Accept Request' }).click();
  await pro.getByLabel(/Proposed rate/).fill('400');
  await pro.getByLabel(/Note to the lawyer/).fill('I have mediated many custody plans.');
  await expectAccessible(pro, 'accept dialog');
  await expectNoHorizontalOverflow(pro, 'accept dialog');
  await pro.getByRole('checkbox').check();
  await pro.getByRole('button', { name: 'Confirm Acceptance' }).click();
  await expectToast(pro, 'Request Accepted', 'The lawyer has been notified of your acceptance.');

  const pro2 = await mediatorPage(browser, 'mediator.pro2@demo.test', size);
  await pro2.goto(requestUrl);
  await pro2.getByRole('button', { name: 'Accept Request' }).click();
  await pro2.getByRole('checkbox').check();
  await pro2.getByRole('button', { name: 'Confirm Acceptance' }).click();
  await expectToast(pro2, 'Request Accepted');

  await page.goto(requestUrl);
  await expect(page.getByText('2 mediators have accepted your request', { exact: false })).toBeVisible();
  await expect(page.getByText('$400/hour')).toBeVisible();
  await expectAccessible(page, 'selection list');
  await expectNoHorizontalOverflow(page, 'selection list');
  // Kept with the run's artifacts (test-results/): the selection list at this project's width (375 or 1280 px).
  await page.screenshot({ path: test.info().outputPath('selection-list.png'), fullPage: true });
  await page.getByRole('listitem').filter({ hasText: 'James Whitfield' }).getByRole('button', { name: 'Select Mediator' }).click();
  // Nothing is charged before the lawyer confirms: the dialog shows the counteroffer's budget ($400/hour × 4 hours),
  // the deposit already paid and the balance charged now to the saved card.
  const confirm = page.getByRole('dialog', { name: 'Select James Whitfield?' });
  await expect(confirm).toContainText('Counteroffer: $400/hour × 4 hours');
  await expect(confirm.getByTestId('selection-charge')).toHaveText('$1,350');
  await expectAccessible(page, 'selection confirmation');
  await expectNoHorizontalOverflow(page, 'selection confirmation');
  await confirm.getByRole('button', { name: 'Confirm and pay' }).click();
  await expectToast(page, 'Mediator Selected', 'The mediator has been notified and will begin coordinating the mediation.');
  await page.goto(requestUrl);
  await expect(page.getByText('Mediator Selected')).toBeVisible();
  await expect(page.getByText('Matched', { exact: true })).toBeVisible();
  // Counteroffer: 400/hour × 4 hours, the budget; all of it charged and held until completion (the Payment card).
  await expect(page.getByText('Budget', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('$1,600');
  await expect(page.locator('[data-settlement] [data-figure="charged"]')).toHaveText('$1,600');
  await expect(page.locator('[data-settlement] [data-figure="held"]')).toHaveText('$1,600');
  await expectNoHorizontalOverflow(page, 'request detail (matched)');
  await page.screenshot({ path: test.info().outputPath('mediator-selected.png'), fullPage: true });

  // The selected mediator now has the documents.
  await pro.goto(requestUrl);
  await expect(pro.getByRole('link', { name: /Mediation brief: brief.pdf/ })).toBeVisible();
  await expectNoHorizontalOverflow(pro, 'request detail (selected mediator)');
  await pro.goto('/acceptances');
  await expect(pro.getByRole('link', { name: caseName })).toBeVisible();
  await expectAccessible(pro, '/acceptances');
  await expectNoHorizontalOverflow(pro, '/acceptances');
  await pro.goto('/notifications');
  await expect(pro.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expectAccessible(pro, '/notifications');
  await expectNoHorizontalOverflow(pro, '/notifications');
  await pro.context().close();
  await pro2.context().close();
});

test('a declined card shows Payment Failed and another card completes the deposit', async ({ page }) => {
  await signedInUser(page, 'complete', 'lawyer');
  const caseName = `Declined ${test.info().project.name} ${Date.now().toString(36)}`;
  await page.goto('/requests/new');
  await fillCase(page, caseName);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await pay(page, '4000 0000 0000 0002');
  // The dialog stays open for another card; it repeats the provider's message, and the toast says 'Payment Failed'.
  const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
  await expect(dialog.getByRole('alert')).toContainText('Your card was declined.');
  await expect(page.getByText('Payment Failed', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'payment dialog (declined)');
  await pay(page, '4242 4242 4242 4242');
  await expectToast(page, 'Payment Successful');
  await page.getByRole('link', { name: caseName }).click();
  await expect(page.getByText('Pending Mediators')).toBeVisible();
});

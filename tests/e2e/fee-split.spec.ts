import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './helpers/a11y';
import { expectToast, newAccount, registerVerified, signInByApi, type Account } from './helpers/accounts';
import { mailedLink } from './helpers/mail';
import { createFamilyLawRequest, payDeposit, payInDialog as pay, submitRequest } from './helpers/mediation';
import { expectNoHorizontalOverflow } from './helpers/ui';

// Issue 24's journey, first part (docs/decisions/049), at this project's width: the inviting lawyer offers a 60/40
// split of a $1,400 case with a $250 deposit; opposing counsel sees what that means in money before joining, joins, and
// pays their $100 share of the deposit (a declined card first, then a second card); the inviting lawyer's card gets
// back the $100 it paid for them. Amounts are checked on both sides' pages against each other and the ledger.

const DECLINED = '4000 0000 0000 0002';
const OK = '4242 4242 4242 4242';

function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('playwright.config.ts must set use.baseURL');
  return url;
}

async function lawyer(browser: Browser, firstName: string, lastName: string): Promise<{ page: Page; account: Account }> {
  const viewport = test.info().project.use.viewport ?? { width: 1280, height: 800 };
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), extraHTTPHeaders: { Origin: baseUrl() } });
  const page = await context.newPage();
  const account = newAccount('fee-split', firstName, lastName);
  await registerVerified(page.request, account);
  await signInByApi(page, account);
  expect((await page.request.patch('/api/user/role', { data: { role: 'lawyer' } })).ok()).toBe(true);
  expect((await page.request.post('/api/profile/lawyer', { data: { jurisdiction: 'California', firmName: `${lastName} LLP` } })).ok()).toBe(true);
  return { page, account };
}

async function check(page: Page, label: string) {
  await expectAccessible(page, label);
  await expectNoHorizontalOverflow(page, label);
}

/** The ledger of the request's payment as the owner's payments API gives it: [kind, amount, payerId] per entry. */
async function ledger(api: APIRequestContext, requestId: string) {
  const payments = (await (await api.get('/api/payments')).json()) as { requestId: string; ledger: { kind: string; amount: string }[] }[];
  return payments.find((p) => p.requestId === requestId)?.ledger.map((e) => [e.kind, e.amount]) ?? [];
}

test('fee split: 60/40 offered with the invitation, shown in money, accepted by joining; the other side pays its share after a declined card', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = `${test.info().project.name}-${Date.now().toString(36)}`;
  const caseName = `Split v. Share ${tag}`;
  const { page: first } = await lawyer(browser, 'Fran', 'First');
  const { page: second, account: secondAccount } = await lawyer(browser, 'Sam', 'Second');
  const id = await createFamilyLawRequest(first.request, caseName, { opposingLawyerName: 'Sam Second' });
  await payDeposit(first.request, await submitRequest(first.request, id));

  // The inviting lawyer offers 60/40 and sees the amounts as they type.
  await first.goto(`/requests/${id}`);
  await first.getByRole('button', { name: 'Invite opposing counsel' }).click();
  await first.getByLabel(/Opposing counsel email/).fill(secondAccount.email);
  await first.getByLabel("Your side's share of the fee (%)").fill('60');
  await expect(first.getByText('You pay $840 of the $1,400 budget, they pay $560 (40%)', { exact: false })).toBeVisible();
  await check(first, 'invite form with a split');
  await first.screenshot({ path: test.info().outputPath('invite-split.png'), fullPage: true });
  await first.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(first, 'Invitation sent');

  // Opposing counsel sees the split in money before joining, and joins (accepting it).
  const link = await mailedLink(secondAccount.email, 'invitation');
  await second.goto(new URL(link).pathname);
  const offered = second.getByTestId('offered-split');
  await expect(offered).toContainText('40%');
  await expect(offered).toContainText('$560');
  await expect(offered).toContainText('$100');
  await check(second, 'invitation page with the split');
  await second.screenshot({ path: test.info().outputPath('landing-split.png'), fullPage: true });
  await second.getByRole('button', { name: 'Join as Sam Second' }).click();
  await expectToast(second, 'You joined the case');
  await expect(second).toHaveURL(new RegExp(`/requests/${id}$`));

  // Both request pages show the same amounts: 60 % = $840 of the fee and $150 of the deposit; 40 % = $560 and $100.
  for (const page of [first, second]) {
    await page.goto(`/requests/${id}`);
    await expect(page.getByRole('heading', { name: 'Sharing the fee' })).toBeVisible();
    await expect(page.getByTestId('share-first-budget')).toHaveText('$840');
    await expect(page.getByTestId('share-first-deposit')).toHaveText('$150');
    await expect(page.getByTestId('share-second-budget')).toHaveText('$560');
    await expect(page.getByTestId('share-second-deposit')).toHaveText('$100');
    await expect(page.getByTestId('share-second')).toContainText('$100 of the deposit due');
  }
  await check(second, 'request page with the fee split (opposing counsel)');

  // A declined card, then a second card.
  await second.getByRole('button', { name: 'Pay your share ($100)' }).click();
  await pay(second, 'Pay your share of the deposit', DECLINED);
  await expect(second.getByRole('dialog', { name: 'Pay your share of the deposit' })).toContainText('Your card was declined');
  await pay(second, 'Pay your share of the deposit', OK);
  await expectToast(second, 'Payment Successful');
  await expect(second.getByTestId('share-second')).toContainText('Deposit share paid');
  await second.screenshot({ path: test.info().outputPath('share-paid.png'), fullPage: true });

  // The inviting side's page agrees; its card got back what it had paid for the other side.
  await first.reload();
  await expect(first.getByTestId('share-second')).toContainText('Deposit share paid');
  await expect(first.getByTestId('share-first')).toContainText('$150');
  await expect(first.getByRole('button', { name: /Propose/ })).toHaveCount(0);
  await expect
    .poll(() => ledger(first.request, id))
    .toEqual(
      expect.arrayContaining([
        ['deposit_charge', '250.00'],
        ['refund', '100.00'],
      ]),
    );
  await check(first, 'request page with the fee split (inviting side)');
});

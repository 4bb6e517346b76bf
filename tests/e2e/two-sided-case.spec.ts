import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './helpers/a11y';
import { closeToasts, expectToast, newAccount, registerVerified, signInByApi, type Account } from './helpers/accounts';
import { mailedLink } from './helpers/mail';
import { createFamilyLawRequest, payDeposit, payInDialog, submitRequest } from './helpers/mediation';
import { expectNoHorizontalOverflow } from './helpers/ui';

// Issue 23's journey in three browser contexts at this project's width (1280 or 375 px): the inviting lawyer, opposing
// counsel and the mediators. Invite → join → documents with different visibilities → two acceptances, one with a
// disclosure → proposal → decline with a reason → second proposal → approval → channels → completion → reviews
// revealed together. Every account is new (fresh Pro mediators, paid through the local provider), so the two projects
// never share a case or a mediator's history.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 30, cvc: '123' };

function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('playwright.config.ts must set use.baseURL');
  return url;
}

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text().catch(() => '')}`).toBe(true);
  return response;
}

/** A new browser context at the project's viewport with a new account signed in, its profile complete. */
async function person(browser: Browser, role: 'lawyer' | 'mediator', firstName: string, lastName: string): Promise<{ page: Page; account: Account }> {
  const viewport = test.info().project.use.viewport ?? { width: 1280, height: 800 };
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), extraHTTPHeaders: { Origin: baseUrl() } });
  const page = await context.newPage();
  const account = newAccount(`two-sided-${role}`, firstName, lastName);
  await registerVerified(page.request, account);
  await signInByApi(page, account);
  await ok(await page.request.patch('/api/user/role', { data: { role } }), 'choose role');
  const profile =
    role === 'lawyer'
      ? { jurisdiction: 'California', firmName: `${lastName} LLP` }
      : { jurisdiction: 'California', hourlyRate: '300', specializations: ['Family Law'] };
  await ok(await page.request.post(`/api/profile/${role}`, { data: profile }), 'complete profile');
  if (role === 'mediator') {
    // Pro, paid through the local provider's card form: a Pro mediator sees a new request at once.
    const upgrade = await ok(await page.request.post('/api/subscription/upgrade', { data: { tier: 'pro' } }), 'upgrade');
    const { clientSecret } = (await upgrade.json()) as { clientSecret: string };
    await ok(await page.request.post('/api/payments/local/confirm', { data: { clientSecret, card: CARD } }), 'pay the upgrade');
  }
  return { page, account };
}

/** A live California Family Law request of the page's lawyer, with the parties of their side; its id. */
async function liveRequest(api: APIRequestContext, caseName: string, party: string): Promise<string> {
  const id = await createFamilyLawRequest(api, caseName, {
    opposingLawyerName: 'Olivia Opponent',
    opposingLawyerFirmName: 'Opponent LLP',
    parties: [{ side: 'first', kind: 'party', name: party }],
  });
  await payDeposit(api, await submitRequest(api, id));
  return id;
}

function thread(page: Page) {
  return page.getByRole('log', { name: 'Messages' });
}

function bubble(page: Page, text: string) {
  return thread(page).getByRole('listitem').filter({ hasText: text });
}

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message', exact: true });
  await box.fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(box).toHaveValue('');
}

async function check(page: Page, label: string) {
  await expectAccessible(page, label);
  await expectNoHorizontalOverflow(page, label);
}

test('two-sided case: invite, join, documents by visibility, disclosure, proposal, decline, approval, channels, reviews revealed together', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const tag = `${test.info().project.name}-${Date.now().toString(36)}`;
  const party = `Harbor Holdings ${tag}`;

  // Mediator B's earlier case on the platform lists the same party: B must disclose when accepting this one.
  const { page: mediatorB } = await person(browser, 'mediator', 'Bea', 'Byrne');
  const { page: mediatorA } = await person(browser, 'mediator', 'Ari', 'Adler');
  const { page: earlierLawyer } = await person(browser, 'lawyer', 'Eli', 'Earlier');
  const earlier = await liveRequest(earlierLawyer.request, `Earlier v. Case ${tag}`, party);
  await ok(await mediatorB.request.post(`/api/requests/${earlier}/accept`, { data: { noConflictConfirmed: true } }), 'B accepts the earlier case');
  const bId = ((await (await mediatorB.request.get('/api/user')).json()) as { id: string }).id;
  await ok(await earlierLawyer.request.post(`/api/requests/${earlier}/select-mediator/${bId}`), 'B selected on the earlier case');

  // The inviting lawyer's case, live; they invite opposing counsel from the request page.
  const { page: lawyer } = await person(browser, 'lawyer', 'Lena', 'Lawyer');
  const caseName = `Parker v. Parker ${tag}`;
  const id = await liveRequest(lawyer.request, caseName, party);
  const { page: counsel, account: counselAccount } = await person(browser, 'lawyer', 'Olivia', 'Opponent');
  await lawyer.goto(`/requests/${id}`);
  await lawyer.getByRole('button', { name: 'Invite opposing counsel' }).click();
  await expect(lawyer.getByLabel(/Opposing counsel name/)).toHaveValue('Olivia Opponent');
  await lawyer.getByLabel(/Opposing counsel email/).fill(counselAccount.email);
  await check(lawyer, 'invite form');
  await lawyer.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(lawyer, 'Invitation sent');
  await expect(lawyer.locator('#main').getByText('Invitation sent', { exact: true })).toBeVisible();

  // Opposing counsel opens the e-mailed link and joins.
  const link = await mailedLink(counselAccount.email, 'invitation');
  await counsel.goto(new URL(link).pathname);
  await expect(counsel.getByRole('heading', { name: 'Join the mediation' })).toBeVisible();
  await expect(counsel.getByText(caseName)).toBeVisible();
  await check(counsel, 'invitation page');
  await counsel.getByRole('button', { name: 'Join as Olivia Opponent' }).click();
  await expectToast(counsel, 'You joined the case');
  await expect(counsel).toHaveURL(new RegExp(`/requests/${id}$`));
  await expect(counsel.getByText('Olivia Opponent (you)')).toBeVisible();
  await check(counsel, 'request page (opposing counsel)');
  await lawyer.reload();
  await expect(lawyer.getByText('Olivia Opponent', { exact: false }).first()).toBeVisible();

  // Documents: opposing counsel adds a brief for their side and the mediator, and a case file for everyone.
  for (const doc of [
    { name: 'our-brief.pdf', kind: 'Mediation brief', visibility: 'My side and the mediator' },
    { name: 'joint-exhibits.pdf', kind: 'Case file', visibility: 'Everyone in the case' },
  ]) {
    await counsel.locator('input[type="file"]').last().setInputFiles({ name: doc.name, mimeType: 'application/pdf', buffer: PDF });
    await counsel.getByLabel('Kind').selectOption({ label: doc.kind });
    await counsel.getByLabel('Who can see it').selectOption({ label: doc.visibility });
    await counsel.getByRole('button', { name: 'Add document' }).click();
    await expect(counsel.getByRole('link', { name: new RegExp(doc.name) })).toBeVisible();
  }
  await check(counsel, 'documents (opposing counsel)');
  // The inviting side sees the shared case file, not the other side's brief.
  await lawyer.reload();
  await expect(lawyer.getByRole('link', { name: /joint-exhibits\.pdf/ })).toBeVisible();
  await expect(lawyer.getByRole('link', { name: /our-brief\.pdf/ })).toHaveCount(0);

  // Two acceptances: A plainly (API), B in the UI, where the conflict check asks for a disclosure.
  await ok(await mediatorA.request.post(`/api/requests/${id}/accept`, { data: { noConflictConfirmed: true } }), 'A accepts');
  await mediatorB.goto(`/requests/${id}`);
  await mediatorB.getByRole('button', { name: 'Accept Request' }).click();
  await expect(mediatorB.getByText('Possible conflict', { exact: false })).toBeVisible();
  await mediatorB.getByRole('checkbox').check();
  await mediatorB.getByRole('button', { name: 'Confirm Acceptance' }).click();
  await expect(mediatorB.getByText('Please describe', { exact: false }).first()).toBeVisible();
  await mediatorB.getByLabel(/Disclosure/).fill(`I mediated an earlier case for ${party}; I had no contact with either side since.`);
  await check(mediatorB, 'accept dialog with a disclosure');
  await mediatorB.getByRole('button', { name: 'Confirm Acceptance' }).click();
  await expectToast(mediatorB, 'Request Accepted');

  // The inviting lawyer proposes A; opposing counsel declines with a reason.
  await lawyer.goto(`/requests/${id}`);
  await expect(lawyer.getByText('2 mediators have accepted your request', { exact: false })).toBeVisible();
  await expect(lawyer.getByText(/I mediated an earlier case/)).toBeVisible();
  await check(lawyer, 'selection list (two-sided)');
  await lawyer.getByRole('listitem').filter({ hasText: 'Ari Adler' }).getByRole('button', { name: 'Propose Mediator' }).click();
  const propose = lawyer.getByRole('dialog', { name: 'Propose Ari Adler?' });
  await propose.getByRole('button', { name: 'Propose to opposing counsel' }).click();
  await expectToast(lawyer, 'Mediator proposed');
  await expect(lawyer.getByText('Waiting for opposing counsel')).toBeVisible();
  await closeToasts(lawyer);

  await counsel.goto(`/requests/${id}`);
  await expect(counsel.getByText('Approve the proposed mediator')).toBeVisible();
  await check(counsel, 'proposal (opposing counsel)');
  await counsel.getByRole('button', { name: 'Decline', exact: true }).click();
  const decline = counsel.getByRole('dialog', { name: 'Decline the proposed mediator' });
  await decline.getByRole('button', { name: 'Decline mediator' }).click();
  await expect(decline.getByText('Please say why you decline this mediator')).toBeVisible();
  await decline.getByLabel(/Reason/).fill('Our client prefers a mediator with custody experience.');
  await check(counsel, 'decline dialog');
  await decline.getByRole('button', { name: 'Decline mediator' }).click();
  await expectToast(counsel, 'Mediator declined');

  // The inviting side reads the reason live, proposes B; opposing counsel approves.
  await expect(lawyer.getByText('“Our client prefers a mediator with custody experience.”')).toBeVisible();
  await lawyer.getByRole('listitem').filter({ hasText: 'Bea Byrne' }).getByRole('button', { name: 'Propose Mediator' }).click();
  await lawyer.getByRole('dialog', { name: 'Propose Bea Byrne?' }).getByRole('button', { name: 'Propose to opposing counsel' }).click();
  await expectToast(lawyer, 'Mediator proposed');
  await expect(counsel.getByRole('button', { name: 'Approve mediator' })).toBeVisible();
  await counsel.getByRole('button', { name: 'Approve mediator' }).click();
  await expectToast(counsel, 'Mediator approved', 'The selection takes effect once each side has paid its share of the fee.');

  // Each side pays its share (decision 050): the inviting side's saved card paid its $575 of the balance at once;
  // opposing counsel, with no card saved, pays its $125 of the deposit and then its $575 of the balance.
  await expect(counsel.getByTestId('selection-waiting')).toContainText('Your side owes $700');
  await expect(lawyer.getByTestId('selection-waiting')).toContainText('the other side still owes $700');
  await check(counsel, 'request page (approved, waiting for the shares)');
  await counsel.screenshot({ path: test.info().outputPath('two-sided-shares-due.png'), fullPage: true });
  await counsel.getByRole('button', { name: 'Pay your share ($125)' }).click();
  await payInDialog(counsel, 'Pay your share of the deposit', '4242 4242 4242 4242');
  await expectToast(counsel, 'Payment Successful');
  await counsel.getByRole('button', { name: 'Pay your share ($575)' }).click();
  await payInDialog(counsel, 'Pay your share of the balance', '4242 4242 4242 4242');
  await expect(counsel.getByText('Matched', { exact: true })).toBeVisible();
  // The numbered invoice (decision 053) is one click away for both sides.
  const invoiceLink = counsel.getByRole('link', { name: 'Download the invoice (PDF)' });
  await expect(invoiceLink).toBeVisible();
  const invoice = await counsel.request.get((await invoiceLink.getAttribute('href'))!);
  expect(invoice.headers()['content-type']).toBe('application/pdf');
  expect(invoice.headers()['content-disposition']).toMatch(/filename="INV-\d{4}-\d{6}\.pdf"/);
  await expect(lawyer.getByText('Matched', { exact: true })).toBeVisible();
  await check(lawyer, 'request page (matched, two-sided)');
  await lawyer.screenshot({ path: test.info().outputPath('two-sided-matched.png'), fullPage: true });

  // The selected mediator sees both counsel and both sides' shared documents, never a side's own-side material.
  await mediatorB.goto(`/requests/${id}`);
  await expect(mediatorB.getByText('Olivia Opponent', { exact: false }).first()).toBeVisible();
  await expect(mediatorB.getByRole('link', { name: /our-brief\.pdf/ })).toBeVisible();
  await check(mediatorB, 'request page (selected mediator, two-sided)');

  // Channels: the joint one reaches everyone live; a side's private channel reaches only the mediator.
  const jointText = `Welcome, both. Shall we start at 9:00? (${tag})`;
  await mediatorB.goto(`/messages/${id}`);
  await expect(mediatorB.getByRole('tab', { name: /Joint/ })).toHaveAttribute('aria-selected', 'true');
  await lawyer.goto(`/messages/${id}?channel=joint`);
  await counsel.goto(`/messages/${id}?channel=joint`);
  await send(mediatorB, jointText);
  await expect(bubble(lawyer, jointText)).toBeVisible();
  await expect(bubble(counsel, jointText)).toBeVisible();
  await check(counsel, 'joint channel (opposing counsel)');
  const caucus = `Between us: our floor is $40,000 (${tag})`;
  await counsel.getByRole('tab', { name: /Private with the mediator/ }).click();
  await expect(counsel).toHaveURL(/channel=second/);
  await send(counsel, caucus);
  await mediatorB.getByRole('tab', { name: /Private: Olivia Opponent/ }).click();
  await expect(bubble(mediatorB, caucus)).toBeVisible();
  await check(mediatorB, 'private channel (mediator)');
  // The inviting side never sees the other side's caucus: its private tab holds only its own conversation.
  await lawyer.getByRole('tab', { name: /Private with the mediator/ }).click();
  await expect(lawyer).toHaveURL(/channel=first/);
  await expect(thread(lawyer).getByText(caucus)).toHaveCount(0);
  expect((await lawyer.request.get(`/api/messages/${id}?channel=second`)).status()).toBe(404);

  // Completion, then four reviews revealed together: hidden from everyone until the last is in.
  await ok(await mediatorB.request.post(`/api/requests/${id}/complete`, { data: { completionResults: 'Settled: parenting plan agreed.' } }), 'complete');
  const reviewOf = async (page: Page, button: string, dialogTitle: string, stars: string) => {
    await page.goto(`/requests/${id}`);
    await page.getByRole('button', { name: button, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: dialogTitle });
    await dialog.getByRole('radio', { name: stars }).click();
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(page, 'Review Submitted');
    await expect(dialog).toBeHidden();
  };

  await reviewOf(lawyer, 'Leave a Review', 'Rate This Mediator', '5 stars');
  await expect(lawyer.getByText('Reviews are revealed when everyone has reviewed, or 14 days after completion')).toBeVisible();
  await expect(lawyer.getByText('Hidden until revealed')).toBeVisible();
  await check(lawyer, 'reviews before the reveal');
  await reviewOf(counsel, 'Leave a Review', 'Rate This Mediator', '4 stars');
  await reviewOf(mediatorB, 'Leave a review for Lena Lawyer', 'Rate Lena Lawyer', '5 stars');
  // Before the last review nobody reads the others', the mediator included.
  await expect(mediatorB.getByText('Reviews are revealed when everyone has reviewed, or 14 days after completion')).toBeVisible();
  await reviewOf(mediatorB, 'Leave a review for Olivia Opponent', 'Rate Olivia Opponent', '4 stars');
  await lawyer.reload();
  const revealed = lawyer.getByRole('heading', { name: 'Reviews', exact: true }).locator('xpath=ancestor::*[.//ul][1]').getByRole('listitem');
  await expect(revealed).toHaveCount(4);
  await check(lawyer, 'reviews revealed together');
  await lawyer.screenshot({ path: test.info().outputPath('two-sided-reviews.png'), fullPage: true });
});

import { expect, test, type Page } from '@playwright/test';
import { displayCents } from '../../src/common/money';
import { closeToasts, expectToast } from './helpers/accounts';
import { adminPage } from './helpers/admin';
import { mailedLink } from './helpers/mail';
import { acceptRequest, createFamilyLawRequest, payDeposit, payInDialog, submitRequest, withPlatformSettings } from './helpers/mediation';
import {
  CARD,
  check,
  expectOk,
  halfRefundDate,
  inviteAndJoinByApi,
  lines,
  payShareByApi,
  paymentEntry,
  percentOfCents,
  person,
  proportional,
  receiptRows,
  snap,
  settlementFigures,
  sorted,
  split,
  TERMS,
  transfersAfterFee,
} from './helpers/shares';

// Issue 24's "Done means" journey, at this project's width (1280 or 375 px): a 60/40 two-sided case of $1,400 with a
// $250 deposit. (A) Both sides pay their shares in the browser (the opposing side's saved card declines at selection,
// then a declined card in the form, then a second card), and the owner cancels late, bearing the cancellation fee
// alone (decision 049). (B) A completed case whose problem the opposing side reports, and which an admin resolves with
// a partial refund shared between the payers (decision 052). Every expected amount is worked out here from the split
// and the terms, never read off a page first; each page is checked against it, so the pages agree to the cent.
//
// Each counsel reads its own money on a two-sided case (decision 049): what it paid, what went back to its card, what
// of it went to the mediator and the platform; never the case's totals as its own. The journey first found these
// wrong, and checks each of them now:
//   - opposing counsel gets "Report a problem" (its request carries the payment's status, not the owner's amounts);
//   - each lawyer's payments list and receipt totals (and "Where the money went") are its own, like the receipt's lines;
//   - opposing counsel's page of a cancelled case says what it got back, not that nothing was charged;
//   - a resolved dispute tells each side its own part of the refund, "to you";
//   - the owner's cancel dialog, toast, cancelled notice and Payment card say which money is the case's (both sides')
//     and which is its own card's.

const BUDGET = 140_000;
const DEPOSIT = 25_000;
const FIRST_PERCENT = 60;
const COMMISSION_PERCENT = Number(TERMS.commissionPercentage);

const fee = split(BUDGET, FIRST_PERCENT); // each side's share of the fee: $840 / $560
const deposit = split(DEPOSIT, FIRST_PERCENT); // of the deposit: $150 / $100
const balance = { first: fee.first - deposit.first, second: fee.second - deposit.second }; // of the balance: $690 / $460
/** The $100 the owner paid at submit for the other side's share, returned to it once the other side paid. */
const excess = DEPOSIT - deposit.first;
const plannedFee = percentOfCents(BUDGET, COMMISSION_PERCENT); // $140 (above the $50 minimum)

const $ = displayCents;
const minus = (cents: number) => `−${$(cents)}`;
const SIDE_WORDS = { first: 'requesting', second: 'opposing' } as const;

/** Both sides' shares of the fee and of the deposit on the "Sharing the fee" card. */
async function expectShares(page: Page) {
  for (const side of ['first', 'second'] as const) {
    await expect(page.getByTestId(`share-${side}-budget`)).toHaveText($(fee[side]));
    await expect(page.getByTestId(`share-${side}-deposit`)).toHaveText($(deposit[side]));
  }
}

/** A side's own charges on its receipt: the owner's whole deposit at submit, the other side's deposit share; each balance share. */
function chargeRows(side: 'first' | 'second'): string[][] {
  const depositRow =
    side === 'first' ? ['Deposit charged', $(DEPOSIT)] : ['Deposit charged | Paid by the opposing side for its own share of the deposit', $(deposit.second)];
  return [depositRow, [`Balance charged | Paid by the ${SIDE_WORDS[side]} side for its own share of the balance`, $(balance[side])]];
}

test('A: both sides pay their 60/40 shares (a saved card declined, a declined card, then a second card); the owner cancels late and bears the fee', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = `${test.info().project.name}-${Date.now().toString(36)}`;
  const caseName = `Share v. Cancel ${tag}`;
  const owner = await person(browser, 'lawyer', 'Fran', 'First');
  const second = await person(browser, 'lawyer', 'Sam', 'Second');
  const mediator = await person(browser, 'mediator', 'Mara', 'Medina');

  // The owner's request has a preferred date 3–6 days away, so cancelling after selection keeps half the deposit. It
  // is submitted under the journey's terms; the owner pays the whole $250 deposit in the payment dialog.
  const id = await createFamilyLawRequest(owner.page.request, caseName, { opposingLawyerName: second.name, preferredDate: halfRefundDate() });
  await withPlatformSettings(TERMS, () => submitRequest(owner.page.request, id));
  await owner.page.goto(`/requests/${id}`);
  await owner.page.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(owner.page.getByRole('dialog', { name: 'Complete Payment' })).toContainText(`Pay ${$(DEPOSIT)} deposit`);
  await payInDialog(owner.page, 'Complete Payment', CARD.ok);
  await expectToast(owner.page, 'Payment Successful', `Your ${$(DEPOSIT)} deposit has been processed.`);

  // The owner invites opposing counsel at 60/40 (the invite form and the landing page have their own journey,
  // fee-split.spec.ts); opposing counsel joins from the e-mailed link.
  await owner.page.goto(`/requests/${id}`);
  await owner.page.getByRole('button', { name: 'Invite opposing counsel' }).click();
  await owner.page.getByLabel(/Opposing counsel email/).fill(second.account.email);
  await owner.page.getByLabel("Your side's share of the fee (%)").fill(String(FIRST_PERCENT));
  await expect(owner.page.getByText(`You pay ${$(fee.first)} of the ${$(BUDGET)} budget, they pay ${$(fee.second)} (40%)`, { exact: false })).toBeVisible();
  await owner.page.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(owner.page, 'Invitation sent');
  await second.page.goto(new URL(await mailedLink(second.account.email, 'invitation')).pathname);
  await second.page.getByRole('button', { name: `Join as ${second.name}` }).click();
  await expectToast(second.page, 'You joined the case');
  await expect(second.page).toHaveURL(new RegExp(`/requests/${id}$`));

  // Opposing counsel pays its $100 deposit share with a card that pays now and declines later: its saved card.
  await expectShares(second.page);
  await expect(second.page.getByTestId('share-second-due')).toHaveText(`${$(deposit.second)} of the deposit due`);
  await second.page.getByRole('button', { name: `Pay your share (${$(deposit.second)})` }).click();
  await payInDialog(second.page, 'Pay your share of the deposit', CARD.declinesLater);
  await expectToast(second.page, 'Payment Successful');
  await expect(second.page.getByTestId('share-second')).toContainText('Deposit share paid');
  await closeToasts(second.page);

  // The mediator accepts; the owner proposes them and opposing counsel approves.
  await acceptRequest(mediator.page.request, id);
  await owner.page.goto(`/requests/${id}`);
  await owner.page.getByRole('listitem').filter({ hasText: mediator.name }).getByRole('button', { name: 'Propose Mediator' }).click();
  await owner.page
    .getByRole('dialog', { name: `Propose ${mediator.name}?` })
    .getByRole('button', { name: 'Propose to opposing counsel' })
    .click();
  await expectToast(owner.page, 'Mediator proposed');
  await second.page.goto(`/requests/${id}`);
  await second.page.getByRole('button', { name: 'Approve mediator' }).click();
  await expectToast(second.page, 'Mediator approved', 'The selection takes effect once each side has paid its share of the fee.');

  // Each side's balance share goes to its saved card: the owner's $690 goes through, opposing counsel's $460 is
  // declined, so opposing counsel owes it, and both pages say so.
  await expect(second.page.getByTestId('selection-waiting')).toContainText(`Your side owes ${$(balance.second)}`);
  await expect(second.page.getByTestId('share-first-balance')).toHaveText($(balance.first));
  await expect(second.page.getByTestId('share-second-balance')).toHaveText($(balance.second));
  await expect(second.page.getByTestId('share-second-due')).toHaveText(`${$(balance.second)} of the balance due`);
  await expect(second.page.getByTestId('share-first')).toContainText('Share paid');
  await check(second.page, 'request page: saved card declined, balance share due (opposing side)');
  await snap(second.page, 'a-balance-share-due');
  await owner.page.goto(`/requests/${id}`);
  await expect(owner.page.getByTestId('selection-waiting')).toContainText(`the other side still owes ${$(balance.second)}`);
  await check(owner.page, 'request page: waiting for the other side (owner)');

  // A declined card in the form, then a second card: the selection takes effect on both pages.
  await second.page.getByRole('button', { name: `Pay your share (${$(balance.second)})` }).click();
  await payInDialog(second.page, 'Pay your share of the balance', CARD.declined);
  await expect(second.page.getByRole('dialog', { name: 'Pay your share of the balance' })).toContainText('Your card was declined');
  await check(second.page, 'balance share dialog after a declined card');
  await payInDialog(second.page, 'Pay your share of the balance', CARD.ok);
  await expect(second.page.getByText('Matched', { exact: true })).toBeVisible();
  await expect(owner.page.getByText('Matched', { exact: true })).toBeVisible();
  await expectShares(owner.page);
  await expect(owner.page.getByTestId('share-first-balance')).toHaveText($(balance.first));
  await expect(owner.page.getByTestId('share-second-balance')).toHaveText($(balance.second));
  // The case's money (the owner's Payment card): both sides' charges, the $100 returned, the whole budget held.
  const charged = DEPOSIT + deposit.second + balance.first + balance.second;
  await expect.poll(() => settlementFigures(owner.page)).toEqual({ charged: $(charged), refunded: $(excess), held: $(BUDGET) });
  await check(owner.page, 'request page: matched, every share paid (owner)');

  // The owner cancels late: half the deposit is kept (the mediator's fee and the commission on it), all of it from the
  // owner's own $150 deposit charge; everything else goes back to whoever paid it.
  const kept = DEPOSIT - Math.ceil(DEPOSIT / 2); // $125
  const commission = percentOfCents(kept, COMMISSION_PERCENT); // $12.50
  const cancellationFee = kept - commission; // $112.50
  const ownerDepositBack = deposit.first - kept; // $25
  const ownerRefund = ownerDepositBack + balance.first; // $715
  const secondRefund = deposit.second + balance.second; // $560: everything it paid
  await owner.page.getByRole('button', { name: 'Cancel request' }).click();
  const cancel = owner.page.getByRole('dialog', { name: 'Cancel this request?' });
  const breakdown = cancel.getByLabel('Refund breakdown');
  await expect(breakdown).toBeVisible();
  expect((await lines(breakdown)).slice(0, 4)).toEqual([
    [`Deposit refund (50% of the ${$(DEPOSIT)} deposit)`, $(ownerDepositBack + deposit.second)],
    ['Balance refund', $(balance.first + balance.second)],
    ["The mediator's cancellation fee (kept from the deposit)", $(cancellationFee)],
    ['Platform commission (kept from the deposit)', $(commission)],
  ]);
  // The dialog's total is the case's, what the two sides get back together; under it, what goes back to the owner.
  expect((await lines(breakdown)).slice(4)).toEqual([
    ['Total refunded to both sides', $(ownerRefund + secondRefund)],
    ['Of it, to your card', $(ownerRefund)],
  ]);
  await expect(cancel.getByTestId('total-refund')).toHaveText($(ownerRefund + secondRefund));
  await expect(cancel.getByTestId('your-refund')).toHaveText($(ownerRefund));
  await expect(cancel).toContainText('Cancelled 3 or more business days before the mediation date: 50% of the deposit is refunded.');
  await check(owner.page, 'cancel dialog (two-sided, late)');
  await snap(owner.page, 'a-cancel-dialog');
  await cancel.getByRole('button', { name: 'Cancel request' }).click();
  await expectToast(owner.page, 'Request cancelled', `${$(ownerRefund)} will be refunded to your card, and ${$(secondRefund)} to the other side's card.`);
  await expect(owner.page.getByText('This request was cancelled.')).toBeVisible();
  await closeToasts(owner.page);
  // The case's money again: charged = refunded (both sides) + the commission + the mediator's fee.
  await expect
    .poll(() => settlementFigures(owner.page))
    .toEqual({
      charged: $(charged),
      refunded: $(excess + ownerRefund + secondRefund),
      platformFeeKept: $(commission),
      paidToMediator: $(cancellationFee),
    });
  // The Payment card says these are both sides' figures; the notice says what the owner paid and got back itself.
  const paymentCard = owner.page.locator('[data-settlement]');
  await expect(paymentCard).toContainText('Charged to both sides');
  await expect(paymentCard).not.toContainText('your card');
  const ownerNotice = owner.page.getByText('This request was cancelled.').locator('xpath=..');
  await expect(ownerNotice).toContainText(`Of the ${$(DEPOSIT + balance.first)} you paid, ${$(excess + ownerRefund)} was refunded to your card`);
  await check(owner.page, 'request page: cancelled (owner)');
  await snap(owner.page, 'a-cancelled-owner');

  // Opposing counsel's request page: the case is cancelled, and it got back all it paid.
  await second.page.goto(`/requests/${id}`);
  const secondNotice = second.page.getByText('This request was cancelled.').locator('xpath=..');
  await expect(secondNotice).toBeVisible();
  await expect(secondNotice, 'opposing counsel paid and was refunded').toContainText(
    `Of the ${$(deposit.second + balance.second)} you paid, ${$(secondRefund)} was refunded to your card`,
  );
  await expect(secondNotice).not.toContainText('Nothing was charged');
  await check(second.page, 'request page: cancelled (opposing side)');
  await snap(second.page, 'a-cancelled-second');

  // Each side's payments and receipt: its own money. The owner: $250 at submit and its $690 share of the balance;
  // back: the $100 it paid for the other side, then $25 of its deposit share and its $690; the $112.50 fee and the
  // $12.50 commission come from its deposit charge.
  const reason = 'Cancelled 3 or more business days before the mediation date: 50% of the deposit is refunded.';
  const ownerCharged = DEPOSIT + balance.first;
  const ownerRefunded = excess + ownerRefund;
  const ownerEntry = await paymentEntry(owner.page, caseName);
  expect(ownerEntry.Status).toBe('Partly refunded');
  expect(ownerEntry.Charged, "the owner's payments list shows its own charges, not the case's").toBe($(ownerCharged));
  expect(ownerEntry.Refunded, "the owner's payments list shows its own refunds, not the case's").toBe($(ownerRefunded));
  await check(owner.page, '/payments (owner, cancelled)');
  await owner.page.getByRole('link', { name: `Receipt for ${caseName}` }).click();
  const ownerReceipt = await receiptRows(owner.page);
  expect(sorted(ownerReceipt.rows)).toEqual(
    sorted([
      ...chargeRows('first'),
      ['Refund | Returned: the other side paid its share of the deposit', minus(excess)],
      [`Refund | ${reason}`, minus(ownerDepositBack)],
      [`Refund | ${reason}`, minus(balance.first)],
      [`Cancellation fee to the mediator | Paid from the amount held, after the platform fee of ${$(commission)}`, $(cancellationFee)],
    ]),
  );
  expect(ownerReceipt.totals, "the owner's receipt totals are its own money's, not the case's").toEqual([
    ['Total charged', $(ownerCharged)],
    ['Total refunded', $(ownerRefunded)],
    ['Net paid', $(ownerCharged - ownerRefunded)],
  ]);
  await check(owner.page, 'receipt (owner, cancelled)');
  await snap(owner.page, 'a-receipt-owner');

  // Opposing counsel: $100 and $460 charged, both back in full.
  const secondCharged = deposit.second + balance.second;
  const secondEntry = await paymentEntry(second.page, caseName);
  expect(secondEntry.Charged, "opposing counsel's payments list shows its own charges, not the case's").toBe($(secondCharged));
  expect(secondEntry.Refunded, "opposing counsel's payments list shows its own refunds, not the case's").toBe($(secondRefund));
  await check(second.page, '/payments (opposing side, cancelled)');
  await second.page.getByRole('link', { name: `Receipt for ${caseName}` }).click();
  const secondReceipt = await receiptRows(second.page);
  expect(sorted(secondReceipt.rows)).toEqual(
    sorted([...chargeRows('second'), [`Refund | ${reason}`, minus(deposit.second)], [`Refund | ${reason}`, minus(balance.second)]]),
  );
  expect(secondReceipt.totals, "opposing counsel's receipt totals are its own money's, not the case's").toEqual([
    ['Total charged', $(secondCharged)],
    ['Total refunded', $(secondRefund)],
    ['Net paid', $(0)],
  ]);
  await check(second.page, 'receipt (opposing side, cancelled)');
  await snap(second.page, 'a-receipt-second');

  // The mediator's earnings: the cancellation fee, after the commission; the case's charges are both sides'.
  const mediatorEntry = await paymentEntry(mediator.page, caseName);
  expect(mediatorEntry).toMatchObject({
    Status: 'Paid, part refunded',
    Charged: $(ownerCharged + secondCharged),
    Refunded: $(ownerRefunded + secondRefund),
    'Platform fee': $(commission),
    'Paid to you': $(cancellationFee),
  });
  await check(mediator.page, 'earnings (mediator, cancellation fee)');
  await mediator.page.getByRole('link', { name: `Statement for ${caseName}` }).click();
  expect(await receiptRows(mediator.page)).toEqual({
    rows: [[`Cancellation fee to you | After the platform fee of ${$(commission)}`, $(cancellationFee)]],
    totals: [['Total paid to you', $(cancellationFee)]],
  });
  await check(mediator.page, 'statement (mediator, cancellation fee)');
  await snap(mediator.page, 'a-statement-mediator');
});

test('B: a completed 60/40 case; the opposing side reports a problem, the admin refunds part, shared between the payers', async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = `${test.info().project.name}-${Date.now().toString(36)}`;
  const caseName = `Share v. Dispute ${tag}`;
  const owner = await person(browser, 'lawyer', 'Fran', 'First');
  const second = await person(browser, 'lawyer', 'Sam', 'Second');
  const mediator = await person(browser, 'mediator', 'Mara', 'Medina');

  // Set-up through the API (journey A walks it in the screens): the owner's $250 deposit, the 60/40 invitation
  // joined, the other side's $100 deposit share (its saved card), the mediator proposed and approved; both saved cards
  // pay their balance shares, so the case is matched at once; the mediator completes it.
  const id = await createFamilyLawRequest(owner.page.request, caseName, { opposingLawyerName: second.name });
  await payDeposit(owner.page.request, await withPlatformSettings(TERMS, () => submitRequest(owner.page.request, id)));
  await inviteAndJoinByApi(owner.page.request, second, id, FIRST_PERCENT);
  await payShareByApi(second.page.request, id, 'second');
  await acceptRequest(mediator.page.request, id);
  await expectOk(await owner.page.request.post(`/api/requests/${id}/select-mediator/${mediator.id}`), 'propose');
  const approved = await expectOk(await second.page.request.post(`/api/requests/${id}/selection-proposal/approve`), 'approve');
  expect(((await approved.json()) as { status: string }).status).toBe('matched');
  await expectOk(await mediator.page.request.post(`/api/requests/${id}/complete`, { data: { completionResults: 'Partly settled.' } }), 'complete');

  // Opposing counsel reports a problem within the hold window, in the browser.
  const reason = `The mediator left after one hour of the four booked (${tag}).`;
  await second.page.goto(`/requests/${id}`);
  await expect(second.page.getByRole('heading', { name: 'Mediation completed' })).toBeVisible();
  await snap(second.page, 'b-completed-second');
  // Its Case details name the other side's counsel as opposing counsel, not itself.
  const opposingCounsel = second.page.getByRole('heading', { name: 'Opposing counsel', exact: true }).locator('xpath=..');
  await expect(opposingCounsel).toContainText(owner.name);
  await expect(opposingCounsel).not.toContainText(second.name);
  await expect(second.page.getByRole('button', { name: 'Report a problem' }), 'opposing counsel may report a problem').toBeVisible();
  await second.page.getByRole('button', { name: 'Report a problem' }).click();
  const report = second.page.getByRole('dialog', { name: 'Report a problem' });
  await report.getByLabel(/^What went wrong\?/).fill(reason);
  await check(second.page, 'report a problem dialog (opposing side)');
  await report.getByRole('button', { name: 'Report Problem' }).click();
  await expectToast(second.page, 'Problem reported');
  await expect(second.page.getByText('Problem reported — the payout is paused while our team reviews it.')).toBeVisible();
  await check(second.page, 'request page: problem reported (opposing side)');

  // Each payer holds its share of the fee: $840 and $560. A $333.33 refund is shared in proportion, $199.998 and
  // $133.332, in whole cents by the largest remainder: $200 and $133.33, each from its own balance share first. The
  // rest of the $1,400 goes to the mediator less the 10 % commission.
  const refund = 33_333;
  const [ownerPart, secondPart] = proportional(refund, [fee.first, fee.second]);
  const platformFee = percentOfCents(BUDGET - refund, COMMISSION_PERCENT);
  const toMediator = BUDGET - refund - platformFee;
  expect([ownerPart, secondPart, platformFee, toMediator]).toEqual([20_000, 13_333, 10_667, 96_000]);

  // The admin's disputes tab: the dispute, the money held, and the per-payer preview of the partial refund.
  const admin = await adminPage(browser, test.info().project.use.viewport ?? null);
  await admin.goto('/admin/disputes');
  const openCard = admin.getByRole('region', { name: 'Open', exact: true }).getByRole('listitem').filter({ hasText: caseName });
  await expect(openCard).toContainText($(BUDGET));
  await expect(openCard).toContainText(mediator.name);
  await openCard.getByRole('button', { name: caseName }).click();
  const detail = admin.getByRole('dialog', { name: caseName });
  await expect(detail).toContainText(reason);
  expect(await lines(detail.getByLabel('Money held'))).toEqual([
    ['Budget', $(BUDGET)],
    ['Deposit held', $(DEPOSIT)],
    ['Balance held', $(BUDGET - DEPOSIT)],
    ['Platform fee (planned)', $(plannedFee)],
    ['Mediator payout (planned, on hold)', $(BUDGET - plannedFee)],
    ['Total held', $(BUDGET)],
  ]);
  await check(admin, 'dispute detail (two-sided)');
  await detail.getByRole('button', { name: 'Resolve dispute' }).click();
  const resolve = admin.getByRole('dialog', { name: 'Resolve dispute' });
  await resolve.getByRole('radio', { name: /^Refund part/ }).check();
  await resolve.getByRole('textbox', { name: /^Refund to the payers/ }).fill('333.33');
  const preview = [
    [`Refunded to ${owner.name} (requesting side)`, $(ownerPart)],
    [`Refunded to ${second.name} (opposing side)`, $(secondPart)],
    ['Paid to the mediator', $(toMediator)],
    ['Kept as platform fee', $(platformFee)],
  ];
  expect(await lines(resolve.getByLabel('Resolution preview'))).toEqual(preview);
  await resolve.getByLabel(/^Note/).fill('One hour of four: part of the fee back, shared by what each side paid.');
  await check(admin, 'resolve dialog with the per-payer preview');
  await snap(admin, 'b-resolve-dialog');
  await resolve.getByRole('button', { name: 'Review resolution' }).click();
  await expect(resolve).toContainText('Refund part?');
  expect(await lines(resolve.getByLabel('Resolution preview'))).toEqual(preview);
  await resolve.getByRole('button', { name: 'Confirm resolution' }).click();
  await expectToast(admin, 'Dispute resolved');
  await expect(resolve).toBeHidden();
  await expect(admin.getByRole('region', { name: 'Resolved', exact: true }).getByRole('listitem').filter({ hasText: caseName })).toContainText($(refund));
  await check(admin, '/admin/disputes (resolved)');

  // The request pages: the case's money on the owner's Payment card; each side told its own refund.
  const charged = DEPOSIT + deposit.second + balance.first + balance.second;
  await owner.page.goto(`/requests/${id}`);
  const ownerResolution = owner.page.getByText(/^Problem resolved on /).locator('xpath=..');
  await expect(ownerResolution).toBeVisible();
  await expect
    .poll(() => settlementFigures(owner.page))
    .toEqual({
      charged: $(charged),
      refunded: $(excess + refund),
      platformFeeKept: $(platformFee),
      paidToMediator: $(toMediator),
    });
  await expect(ownerResolution, 'the owner is told its own part of the refund').toContainText(`${$(ownerPart)} was refunded to you`);
  await expect(ownerResolution).not.toContainText(`${$(refund)} was refunded to you`);
  await check(owner.page, 'request page: problem resolved (owner)');
  await snap(owner.page, 'b-resolved-owner');
  await second.page.goto(`/requests/${id}`);
  const secondResolution = second.page.getByText(/^Problem resolved on /).locator('xpath=..');
  await expect(secondResolution).toBeVisible();
  await expect(secondResolution, 'opposing counsel is told its own part of the refund').toContainText(`${$(secondPart)} was refunded to you`);
  await expect(secondResolution).not.toContainText('to the lawyer');
  await check(second.page, 'request page: problem resolved (opposing side)');
  await snap(second.page, 'b-resolved-second');

  // What is paid out of each charge: the refund from each payer's balance share, the platform fee from the first
  // charge, the rest of every charge to the mediator (one transfer per source charge).
  const remaining = [deposit.first, deposit.second, balance.first - ownerPart, balance.second - secondPart];
  const transfers = transfersAfterFee(remaining, platformFee);
  const feeOf = (i: number) => remaining[i] - transfers[i];
  const paidFrom = (i: number) => (feeOf(i) > 0 ? `Paid from the amount held, after the platform fee of ${$(feeOf(i))}` : 'Paid from the amount held');
  const fromSide = (i: number, side: 'first' | 'second') =>
    `From the ${SIDE_WORDS[side]} side's payment${feeOf(i) > 0 ? `, after the platform fee of ${$(feeOf(i))}` : ''}`;
  expect(transfers.reduce((a, b) => a + b, 0)).toBe(toMediator);

  // Each lawyer's receipt: its own charges, its own part of the refund, and what its money paid the mediator.
  const ownerCharged = DEPOSIT + balance.first;
  const ownerRefunded = excess + ownerPart;
  const ownerEntry = await paymentEntry(owner.page, caseName);
  expect(ownerEntry.Charged, "the owner's payments list shows its own charges, not the case's").toBe($(ownerCharged));
  expect(ownerEntry.Refunded, "the owner's payments list shows its own refunds, not the case's").toBe($(ownerRefunded));
  await owner.page.getByRole('link', { name: `Receipt for ${caseName}` }).click();
  const ownerReceipt = await receiptRows(owner.page);
  expect(sorted(ownerReceipt.rows)).toEqual(
    sorted([
      ...chargeRows('first'),
      ['Refund | Returned: the other side paid its share of the deposit', minus(excess)],
      ['Refund | Dispute resolved by our team', minus(ownerPart)],
      [`Payout to the mediator | ${paidFrom(0)}`, $(transfers[0])],
      [`Payout to the mediator | ${paidFrom(2)}`, $(transfers[2])],
    ]),
  );
  expect(ownerReceipt.totals, "the owner's receipt totals are its own money's, not the case's").toEqual([
    ['Total charged', $(ownerCharged)],
    ['Total refunded', $(ownerRefunded)],
    ['Net paid', $(ownerCharged - ownerRefunded)],
  ]);
  await check(owner.page, 'receipt (owner, problem resolved)');

  const secondCharged = deposit.second + balance.second;
  const secondEntry = await paymentEntry(second.page, caseName);
  expect(secondEntry.Charged, "opposing counsel's payments list shows its own charges, not the case's").toBe($(secondCharged));
  expect(secondEntry.Refunded, "opposing counsel's payments list shows its own refunds, not the case's").toBe($(secondPart));
  await check(second.page, '/payments (opposing side, problem resolved)');
  await second.page.getByRole('link', { name: `Receipt for ${caseName}` }).click();
  const secondReceipt = await receiptRows(second.page);
  expect(sorted(secondReceipt.rows)).toEqual(
    sorted([
      ...chargeRows('second'),
      ['Refund | Dispute resolved by our team', minus(secondPart)],
      [`Payout to the mediator | ${paidFrom(1)}`, $(transfers[1])],
      [`Payout to the mediator | ${paidFrom(3)}`, $(transfers[3])],
    ]),
  );
  expect(secondReceipt.totals, "opposing counsel's receipt totals are its own money's, not the case's").toEqual([
    ['Total charged', $(secondCharged)],
    ['Total refunded', $(secondPart)],
    ['Net paid', $(secondCharged - secondPart)],
  ]);
  await check(second.page, 'receipt (opposing side, problem resolved)');
  await snap(second.page, 'b-receipt-second');

  // The mediator's earnings and statement: one payout in four parts, each naming whose payment it came from.
  const mediatorEntry = await paymentEntry(mediator.page, caseName);
  expect(mediatorEntry).toMatchObject({
    Status: 'Paid, part refunded',
    Charged: $(charged),
    Refunded: $(excess + refund),
    'Platform fee': $(platformFee),
    'Paid to you': $(toMediator),
  });
  await check(mediator.page, 'earnings (mediator, problem resolved)');
  await mediator.page.getByRole('link', { name: `Statement for ${caseName}` }).click();
  const statement = await receiptRows(mediator.page);
  expect(sorted(statement.rows)).toEqual(
    sorted([
      [`Payout to you | ${fromSide(0, 'first')}`, $(transfers[0])],
      [`Payout to you | ${fromSide(2, 'first')}`, $(transfers[2])],
      [`Payout to you | ${fromSide(1, 'second')}`, $(transfers[1])],
      [`Payout to you | ${fromSide(3, 'second')}`, $(transfers[3])],
    ]),
  );
  expect(statement.totals).toEqual([['Total paid to you', $(toMediator)]]);
  await check(mediator.page, 'statement (mediator, problem resolved)');
  await snap(mediator.page, 'b-statement-mediator');
});

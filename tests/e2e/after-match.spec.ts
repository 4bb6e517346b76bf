import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './helpers/a11y';
import { closeToasts, expectToast, signedInUser } from './helpers/accounts';
import { acceptRequest, createFamilyLawRequest, DEMO_PRO_MEDIATORS, demoPage, payDeposit, submitRequest, withPlatformSettings } from './helpers/mediation';
import { expectNoHorizontalOverflow, expectPath, markDocument } from './helpers/ui';

// Issue 7's journey: after the lawyer selects a mediator, the two chat live in two browser contexts, the mediator
// completes, the payout is released (the request was submitted with no hold window), and both review. Everything
// updates without a reload: the thread (WebSocket), the mediator's bell, the lawyer's open request page. The setup
// before the selection (request, deposit, acceptance) goes through the API; requests.spec.ts walks it in the UI.
//
// The two projects run this at the same time, so each takes its own demo Pro mediator (both seeded in California,
// Family Law) and every lawyer is new. A demo mediator also hears of other journeys' requests, so the bell is only
// ever expected to go up, never to reach a given number.
//
// README screenshots (1280 px): `README_SCREENSHOTS=1 npx playwright test after-match --project=desktop` writes
// docs/screenshots/thread.png and completed-request.png; otherwise they go with the run's artifacts.

const ROOT = path.resolve(import.meta.dirname, '../..');

/** axe, and at 375 px no sideways scroll: on every page the journey visits. */
async function check(page: Page, label: string): Promise<void> {
  await expectAccessible(page, label);
  await expectNoHorizontalOverflow(page, label);
}

/** The header bell (a link to /notifications whose name carries the unread count). */
function bell(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
}

async function bellCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/Notifications, (\d+) unread/.exec(label)?.[1] ?? 0);
}

/** The unread count the server has for the page's user right now. */
async function serverUnread(page: Page): Promise<number> {
  const res = await page.request.get('/api/notifications/unread');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { count: number }).count;
}

/** The document has not been reloaded since markDocument(page): the change arrived live. */
async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark ?? null), 'the page was reloaded').toBe(true);
}

function thread(page: Page): Locator {
  return page.getByRole('log', { name: 'Messages' });
}

function bubble(page: Page, text: string): Locator {
  return thread(page).getByRole('listitem').filter({ hasText: text });
}

async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message', exact: true });
  await box.fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(box).toHaveValue('');
}

/**
 * A viewport screenshot at 1280 × 1000 (the size of the README's other screenshots), with no toast over it. Only the
 * desktop project takes them.
 */
async function screenshot(page: Page, name: string): Promise<void> {
  if (test.info().project.name !== 'desktop') return;
  const file = process.env.README_SCREENSHOTS ? path.join(ROOT, 'docs/screenshots', name) : test.info().outputPath(name);
  const size = page.viewportSize();
  await closeToasts(page);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: file });
  if (size) await page.setViewportSize(size);
}

test('lawyer and mediator chat live, the mediator completes, the payout is released and both review', async ({ page: lawyer, browser, viewport }) => {
  // Two people, about twenty axe scans and a dozen live updates: well over the default minute on a 2-core machine.
  test.setTimeout(240_000);
  const project = test.info().project.name;
  const mediatorAccount = project === 'phone' ? DEMO_PRO_MEDIATORS.pro2 : DEMO_PRO_MEDIATORS.pro;
  const mediatorName = `${mediatorAccount.firstName} ${mediatorAccount.lastName}`;
  const lawyerAccount = await signedInUser(lawyer, 'complete', 'lawyer');
  const lawyerName = `${lawyerAccount.firstName} ${lawyerAccount.lastName}`;
  const stamp = Date.now().toString(36);
  const caseName = `Live chat ${project} ${stamp}`;

  // Setup through the API: a request submitted while the hold window is 0 hours (settings are copied at submit),
  // its deposit paid, and the mediator's acceptance.
  const id = await createFamilyLawRequest(lawyer.request, caseName);
  const clientSecret = await withPlatformSettings({ payoutHoldHours: 0 }, () => submitRequest(lawyer.request, id));
  await payDeposit(lawyer.request, clientSecret);
  const mediator = await demoPage(browser, mediatorAccount.email, viewport);
  await acceptRequest(mediator.request, id);
  const requestPath = `/requests/${id}`;

  // The mediator waits on the request page; the lawyer selects them there.
  await mediator.goto(requestPath);
  await expect(mediator.getByRole('heading', { name: 'You accepted this request' })).toBeVisible();
  await markDocument(mediator);

  await lawyer.goto(requestPath);
  const choice = lawyer.getByRole('listitem').filter({ hasText: mediatorName });
  await expect(choice.getByRole('button', { name: 'Select Mediator' })).toBeVisible();
  await check(lawyer, 'request (awaiting selection)');
  await choice.getByRole('button', { name: 'Select Mediator' }).click();
  // Nothing is charged until the lawyer confirms the amount shown (issue 8).
  await lawyer
    .getByRole('dialog', { name: `Select ${mediatorName}?` })
    .getByRole('button', { name: /^Confirm (and pay|selection)$/ })
    .click();
  await expectToast(lawyer, 'Mediator Selected');
  await expectPath(lawyer, '/requests');

  // The mediator's open page turns into the selected mediator's view without a reload.
  const selected = mediator.getByRole('region', { name: 'You were selected' });
  await expect(selected).toBeVisible();
  await expect(mediator.getByRole('button', { name: 'Mark as Complete' })).toBeVisible();
  await expectSameDocument(mediator);
  await check(mediator, 'request (matched, mediator)');
  // The bell's baseline: once it shows what the server counts, any rise is live.
  const unreadBefore = await serverUnread(mediator);
  await expect.poll(() => bellCount(mediator), { message: 'the bell shows the server count' }).toBe(unreadBefore);

  // The lawyer opens the thread from the request page.
  await lawyer.getByRole('link', { name: caseName }).click();
  await expectPath(lawyer, requestPath);
  await expect(lawyer.getByRole('region', { name: 'Mediator Selected' })).toBeVisible();
  await expect(lawyer.getByText('Matched', { exact: true })).toBeVisible();
  await check(lawyer, 'request (matched, lawyer)');
  await lawyer.getByRole('link', { name: `Message ${mediatorName}` }).click();
  await expectPath(lawyer, `/messages/${id}`);
  await expect(lawyer.getByRole('heading', { level: 1, name: caseName })).toBeVisible();
  await expect(lawyer.getByText('No messages yet. Start the conversation!')).toBeVisible();
  await check(lawyer, 'thread (empty)');
  await markDocument(lawyer);

  const first = `Hello ${mediatorAccount.firstName}, could we meet on the 14th? (${stamp})`;
  await send(lawyer, first);
  await expect(bubble(lawyer, first)).toHaveAttribute('data-side', 'right');
  await expect(bubble(lawyer, first)).toContainText(lawyerName);

  // Before the mediator opens the thread, their bell goes up without a reload.
  await expect.poll(() => bellCount(mediator), { message: "the mediator's bell rises live" }).toBeGreaterThan(unreadBefore);
  await expect(mediator.getByTestId('unread-badge')).toBeVisible();
  await expectSameDocument(mediator);

  await selected.getByRole('link', { name: `Message ${lawyerName}` }).click();
  await expectPath(mediator, `/messages/${id}`);
  await expect(bubble(mediator, first)).toHaveAttribute('data-side', 'left');
  await markDocument(mediator);

  // Live both ways: each message appears in the other's open thread.
  const second = `Also, the parenting plan draft is ready (${stamp})`;
  await send(lawyer, second);
  await expect(bubble(mediator, second)).toHaveAttribute('data-side', 'left');
  const reply = `The 14th works. I will send an agenda (${stamp})`;
  await send(mediator, reply);
  await expect(bubble(mediator, reply)).toHaveAttribute('data-side', 'right');
  await expect(bubble(lawyer, reply)).toHaveAttribute('data-side', 'left');
  await expect(bubble(lawyer, reply)).toContainText(mediatorName);
  await expectSameDocument(lawyer);
  await expectSameDocument(mediator);
  // Oldest first: the lawyer's two messages above the reply.
  await expect(thread(lawyer).getByRole('listitem')).toHaveText([new RegExp(literal(first)), new RegExp(literal(second)), new RegExp(literal(reply))]);
  await check(lawyer, 'thread (lawyer)');
  await check(mediator, 'thread (mediator)');
  await screenshot(lawyer, 'thread.png');

  // The lawyer watches the request page while the mediator completes.
  await lawyer.getByRole('link', { name: 'View request' }).click();
  await expectPath(lawyer, requestPath);
  await expect(lawyer.getByRole('region', { name: 'Mediator Selected' })).toBeVisible();
  await markDocument(lawyer);

  await mediator.getByRole('link', { name: 'View request' }).click();
  await expectPath(mediator, requestPath);
  await mediator.getByRole('button', { name: 'Mark as Complete' }).click();
  const dialog = mediator.getByRole('dialog', { name: `Complete ${caseName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm Completion' })).toBeDisabled();
  await dialog.getByLabel(/^Completion results/).fill('Settlement reached: shared custody, agreed support schedule.');
  await dialog.getByLabel('Deliverables (optional)').fill('Signed memorandum of understanding.');
  await check(mediator, 'completion dialog');
  await dialog.getByRole('button', { name: 'Confirm Completion' }).click();
  await expectToast(mediator, 'Request Completed');
  await expect(dialog).toBeHidden();

  // The lawyer's open page shows the completion live.
  await expect(lawyer.getByRole('heading', { name: 'Mediation completed' })).toBeVisible();
  await expect(lawyer.getByText('Completed', { exact: true })).toBeVisible();
  await expect(lawyer.getByText('Settlement reached: shared custody, agreed support schedule.')).toBeVisible();
  await expectSameDocument(lawyer);
  await check(lawyer, 'request (completed, lawyer)');

  // The mediator's payout was released at completion (no hold window).
  await mediator.goto(requestPath);
  await expect(mediator.getByText('Payout released.')).toBeVisible();
  await check(mediator, 'request (completed, mediator)');

  // Reviews: each side once; the card goes away after reviewing.
  const lawyerComment = `Calm, well prepared and fair to both sides (${stamp}).`;
  await lawyer.getByRole('button', { name: 'Leave a Review' }).click();
  const lawyerDialog = lawyer.getByRole('dialog', { name: 'Rate This Mediator' });
  await expect(lawyerDialog.getByRole('button', { name: 'Submit Review' })).toBeDisabled();
  await lawyerDialog.getByRole('radio', { name: '4 stars' }).click();
  await expect(lawyerDialog.getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');
  await lawyerDialog.getByLabel('Comment (optional)').fill(lawyerComment);
  await check(lawyer, 'review dialog');
  await lawyerDialog.getByRole('button', { name: 'Submit Review' }).click();
  await expectToast(lawyer, 'Review Submitted');
  await expect(lawyerDialog).toBeHidden();
  await expect(lawyer.getByRole('heading', { name: 'Rate This Mediator' })).toHaveCount(0);
  await expect(lawyer.getByText(lawyerComment)).toBeVisible();
  await check(lawyer, 'request (completed, reviewed by the lawyer)');

  await mediator.getByRole('button', { name: 'Leave a Review' }).click();
  const mediatorDialog = mediator.getByRole('dialog', { name: 'Rate This Lawyer' });
  await mediatorDialog.getByRole('radio', { name: '5 stars' }).click();
  await mediatorDialog.getByRole('button', { name: 'Submit Review' }).click();
  await expectToast(mediator, 'Review Submitted');
  await expect(mediatorDialog).toBeHidden();
  await expect(mediator.getByRole('heading', { name: 'Rate This Lawyer' })).toHaveCount(0);
  // Both reviews on the request: the lawyer's comment and the mediator's (no comment).
  const reviews = mediator.getByRole('heading', { name: 'Reviews', exact: true }).locator('xpath=ancestor::*[.//ul][1]').getByRole('listitem');
  await expect(reviews).toHaveCount(2);
  await expect(reviews.filter({ hasText: lawyerComment })).toContainText(lawyerName);
  await expect(reviews.filter({ hasText: 'No comment.' })).toContainText(mediatorName);
  await check(mediator, 'request (completed, both reviewed)');
  await screenshot(mediator, 'completed-request.png');

  // The mediator's /reviews page has the lawyer's review.
  await mediator.goto('/reviews');
  await expect(mediator.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const received = mediator.getByRole('article').filter({ hasText: lawyerComment });
  await expect(received).toBeVisible();
  await expect(received.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(received).toContainText(`Case: ${caseName}`);
  await check(mediator, '/reviews');

  // /messages lists the thread for both, with the latest message.
  for (const [who, latest] of [
    [lawyer, `${mediatorName}`],
    [mediator, `You: ${reply}`],
  ] as const) {
    await who.goto('/messages');
    const item = who.getByRole('link').filter({ hasText: caseName });
    await expect(item).toBeVisible();
    await expect(item).toContainText(latest);
    await check(who, `/messages (${who === lawyer ? 'lawyer' : 'mediator'})`);
  }
  await expect(lawyer.getByRole('link').filter({ hasText: caseName })).toContainText(reply);

  // /notifications: the mediator's list has the new message and the payout; the lawyer's has the completion, and Mark
  // All Read empties the lawyer's bell.
  await mediator.goto('/notifications');
  await expect(
    mediator
      .getByRole('button')
      .filter({ hasText: `on ${caseName}` })
      .first(),
  ).toBeVisible();
  await expect(mediator.getByRole('button').filter({ hasText: 'Payout sent' }).filter({ hasText: caseName })).toBeVisible();
  await check(mediator, '/notifications (mediator)');

  await lawyer.goto('/notifications');
  await expect(lawyer.getByRole('button').filter({ hasText: 'Mediation completed' }).filter({ hasText: caseName })).toBeVisible();
  await expect(lawyer.getByText(/^\d+ unread notifications?$/)).toBeVisible();
  await expect(bell(lawyer)).toHaveAttribute('aria-label', /Notifications, \d+ unread/);
  await check(lawyer, '/notifications (lawyer, unread)');
  await lawyer.getByRole('button', { name: 'Mark All Read' }).click();
  await expectToast(lawyer, 'All notifications marked as read');
  await expect(lawyer.getByText('All caught up!')).toBeVisible();
  await expect(lawyer.getByText('New', { exact: true })).toHaveCount(0);
  await expect(bell(lawyer)).toHaveAttribute('aria-label', 'Notifications');
  await expect(lawyer.getByTestId('unread-badge')).toHaveCount(0);
  await check(lawyer, '/notifications (lawyer, all read)');

  await mediator.context().close();
});

function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

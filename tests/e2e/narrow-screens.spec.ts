import { expect, test, type Page } from '@playwright/test';
import { signedInUser } from './helpers/accounts';
import { expectNoHorizontalOverflow } from './helpers/ui';

// DESIGN 5: every page works at 375 px. This walks every route at the phone width, signed out and as each kind of
// user, with long unbroken words in the data a user typed, and checks that no page scrolls sideways.

/** Opens a page, waits for its data (no skeleton left), then checks its width. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await expectNoHorizontalOverflow(page, path);
}

const LONG_WORD = 'Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft';

// This walk is about the 375 px phone width: only the phone project runs it (playwright.config.ts testIgnore).
test('public pages do not scroll sideways at 375 px', async ({ page }) => {
  for (const path of [
    '/',
    '/auth',
    '/auth?tab=signup',
    '/auth?verified=false',
    '/privacy',
    '/terms',
    '/contact',
    '/help',
    '/cookies',
    '/forgot-password',
    '/reset-password',
    '/no-such-page',
  ]) {
    await visit(page, path);
  }
});

test('account setup pages do not scroll sideways at 375 px', async ({ page, browser }) => {
  await signedInUser(page, 'needs-role');
  await visit(page, '/role-selection');
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: test.info().project.use.baseURL });
  const lawyer = await context.newPage();
  await signedInUser(lawyer, 'needs-profile', 'lawyer');
  await visit(lawyer, '/onboarding/lawyer');
  await context.close();
  const mediatorContext = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: test.info().project.use.baseURL });
  const mediator = await mediatorContext.newPage();
  await signedInUser(mediator, 'needs-profile', 'mediator');
  await visit(mediator, '/onboarding/mediator');
  await mediatorContext.close();
});

test("a lawyer's pages do not scroll sideways at 375 px, long words included", async ({ page }) => {
  await signedInUser(page, 'complete', 'lawyer');
  const created = await page.request.post('/api/requests', {
    data: {
      caseNumber: `CV-${LONG_WORD}`,
      caseName: `${LONG_WORD} v. ${LONG_WORD}`,
      caseType: LONG_WORD,
      jurisdiction: 'California',
      description: `${LONG_WORD}${LONG_WORD} ${'and a long description '.repeat(20)}`,
      opposingLawyerName: LONG_WORD,
      opposingLawyerFirmName: LONG_WORD,
      opposingLawyerEmail: `${LONG_WORD.toLowerCase()}@${LONG_WORD.toLowerCase()}.example.com`,
      courtInfo: LONG_WORD,
      mediationType: 'online',
      pricingModel: 'hourly',
      hourlyRate: '350',
      hoursNeeded: 2,
      budget: '700.00',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // A draft has no thread yet: `/messages/${id}` is the 'Invalid message thread' page (the live thread at 375 px is
  // walked by after-match.spec.ts).
  for (const path of [
    '/dashboard',
    '/requests',
    `/requests/${id}`,
    '/requests/new',
    '/notifications',
    '/profile',
    '/messages',
    `/messages/${id}`,
    '/payments',
  ]) {
    await visit(page, path);
  }
});

test("a mediator's pages do not scroll sideways at 375 px, long tags included", async ({ page }) => {
  await signedInUser(page, 'complete', 'mediator');
  const updated = await page.request.patch('/api/profile', {
    data: { mediatorProfile: { certifications: [LONG_WORD], specializations: [`${LONG_WORD} Law`], bio: LONG_WORD.repeat(3) } },
  });
  expect(updated.ok(), await updated.text()).toBe(true);
  for (const path of ['/dashboard', '/requests', '/acceptances', '/notifications', '/profile', '/subscription', '/reviews', '/payments']) {
    await visit(page, path);
  }
});

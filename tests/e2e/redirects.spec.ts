import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/a11y';
import { expectToast, newAccount, signedInUser } from './helpers/accounts';
import { mailedLink } from './helpers/mail';
import { expectPath } from './helpers/ui';

// The redirect rules of spec 2 ("Already signed-in users are redirected to /", "No role: redirect to
// /role-selection", "Profile not completed: redirect to the onboarding for the role") and RULES 7 (bad links).

test('a signed-out visitor opening /dashboard is sent to /auth', async ({ page }) => {
  await page.goto('/dashboard');
  await expectPath(page, '/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Welcome back', level: 1 })).toBeVisible();
  await expectAccessible(page, '/auth (signed out, from /dashboard)');

  // The signed-in product is not reachable either.
  for (const path of ['/requests', '/profile', '/role-selection', '/onboarding/lawyer']) {
    await page.goto(path);
    await expectPath(page, '/auth');
  }
});

test('a signed-in user without a role is sent to /role-selection from / and /dashboard', async ({ page }) => {
  await signedInUser(page, 'needs-role');
  for (const path of ['/', '/dashboard', '/onboarding/lawyer', '/requests/new']) {
    await page.goto(path);
    await expectPath(page, '/role-selection');
  }
  await expect(page.getByRole('heading', { name: 'How will you use MediateHub?' })).toBeVisible();
  await expectAccessible(page, '/role-selection');
});

test('a lawyer without a profile is sent to /onboarding/lawyer', async ({ page }) => {
  await signedInUser(page, 'needs-profile', 'lawyer');
  for (const path of ['/', '/dashboard', '/role-selection', '/onboarding/mediator']) {
    await page.goto(path);
    await expectPath(page, '/onboarding/lawyer');
  }
  await expect(page.getByRole('heading', { name: 'Complete Your Lawyer Profile' })).toBeVisible();
  await expectAccessible(page, '/onboarding/lawyer');
});

test('a mediator without a profile is sent to /onboarding/mediator', async ({ page }) => {
  await signedInUser(page, 'needs-profile', 'mediator');
  for (const path of ['/', '/dashboard', '/onboarding/lawyer']) {
    await page.goto(path);
    await expectPath(page, '/onboarding/mediator');
  }
  await expect(page.getByRole('heading', { name: 'Complete Your Mediator Profile' })).toBeVisible();
  await expectAccessible(page, '/onboarding/mediator');
});

test('a complete user visiting /auth or /role-selection lands on /dashboard', async ({ page }) => {
  const account = await signedInUser(page, 'complete', 'lawyer');
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    const path = new URL(frame.url()).pathname;
    if (frame === page.mainFrame() && seen.at(-1) !== path) seen.push(path);
  });

  await page.goto('/auth');
  await expectPath(page, '/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome back, ${account.firstName}!` })).toBeVisible();
  // /auth → / → /dashboard (spec 2: /auth sends signed-in users to /, which is the dashboard for them).
  expect(seen).toEqual(['/auth', '/', '/dashboard']);
  await expectAccessible(page, '/dashboard (from /auth)');

  for (const path of ['/role-selection', '/onboarding/lawyer', '/']) {
    await page.goto(path);
    await expectPath(page, '/dashboard');
  }
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page/here');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expectAccessible(page, 'not-found page');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expectPath(page, '/');
});

test('an invalid verification link lands on /auth?verified=false, whose form sends a working new link', async ({ page }) => {
  const account = newAccount('unverified');
  const registered = await page.request.post('/api/register', { data: { ...account } });
  expect(registered.status()).toBe(201);
  const firstLink = await mailedLink(account.email, 'verify');

  await page.goto('/api/verify-email?token=not-a-real-token');
  await expect(page).toHaveURL(/\/auth\?verified=false$/);
  const banner = page.getByRole('main').getByRole('status').filter({ hasText: 'This verification link is invalid or has expired.' });
  await expect(banner).toBeVisible();
  await expect(page.getByText('Email verified!')).toHaveCount(0);
  await expectAccessible(page, '/auth?verified=false');

  await banner.getByLabel('Email for a new verification link').fill(account.email);
  await banner.getByRole('button', { name: 'Send a new link' }).click();
  await expectToast(page, 'Verification e-mail sent');
  await expectAccessible(page, '/auth?verified=false after resending');

  const newLink = await mailedLink(account.email, 'verify', [firstLink]);
  expect(newLink).not.toBe(firstLink);
  await page.goto(newLink);
  await expect(page).toHaveURL(/\/auth\?verified=true$/);
  await expect(page.getByText('Email verified!')).toBeVisible();
});

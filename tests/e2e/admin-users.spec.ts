import { expect, test } from '@playwright/test';
import { expectToast, signInByUi, toast } from './helpers/accounts';
import { adminPage, checkPage, createUser, expectFullReload, findUser, newPage } from './helpers/admin';
import { acceptRequest, createFamilyLawRequest, payDeposit, submitRequest, withPlatformSettings } from './helpers/mediation';
import { expectPath } from './helpers/ui';

// Issue 9's admin journeys on the Users tab, through the screens: approving a mediator (lawyers then see them as
// Verified), suspending a signed-in user (signed out at once, and refused at the next sign-in), and viewing the product
// as a user and coming back. Each test has users of its own; the admin is shared, so users are found by e-mail.
// Three people in three browsers with axe scans: generous time limits for a 2-core machine running both projects.

test('an admin approves a pending mediator on /admin/users, and the lawyer choosing sees them as Verified', async ({ page: lawyer, browser, viewport }) => {
  test.setTimeout(180_000);
  const mediatorAccount = await createUser('mediator', 'complete', 'Priya');
  const lawyerAccount = await createUser('lawyer', 'complete', 'Lena');
  await lawyer.request.post('/api/login', { data: { email: lawyerAccount.email, password: lawyerAccount.password } });

  // Setup through the API (requests.spec.ts walks these screens): a live request the new mediator sees at once (no
  // priority head start for paid tiers) and accepts while still pending.
  const caseName = `Approval ${test.info().project.name} ${Date.now().toString(36)}`;
  const id = await createFamilyLawRequest(lawyer.request, caseName);
  const secret = await withPlatformSettings({ priorityHeadStartMinutes: 0 }, () => submitRequest(lawyer.request, id));
  await payDeposit(lawyer.request, secret);
  const mediator = await newPage(browser, viewport, mediatorAccount);
  await acceptRequest(mediator.request, id);
  await mediator.context().close();

  // The lawyer sees the acceptance, without the badge.
  await lawyer.goto(`/requests/${id}`);
  const card = lawyer.getByRole('listitem').filter({ hasText: mediatorAccount.name });
  await expect(card.getByRole('button', { name: 'Select Mediator' })).toBeVisible();
  await expect(card.getByText('Verified', { exact: true })).toHaveCount(0);

  // The admin approves them on the Users tab.
  const admin = await adminPage(browser, viewport);
  const status = await findUser(admin, mediatorAccount);
  await expect(status).toHaveValue('pending');
  await checkPage(admin, '/admin/users (one pending mediator)');
  await status.selectOption('approved');
  await expectToast(admin, 'User status updated successfully', `${mediatorAccount.name} is now approved.`);
  await expect(status).toHaveValue('approved');

  // The lawyer's page shows the badge on the acceptance and in the mediator's profile.
  await lawyer.reload();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'View profile' }).click();
  const profile = lawyer.getByRole('dialog', { name: new RegExp(mediatorAccount.name) });
  await expect(profile.getByText('Verified', { exact: true })).toBeVisible();
  await admin.context().close();
});

test('an admin suspends a signed-in user: their open page is signed out at once and they cannot sign in again', async ({ page: lawyer, browser, viewport }) => {
  test.setTimeout(120_000);
  const account = await createUser('lawyer', 'complete', 'Sam');
  await lawyer.request.post('/api/login', { data: { email: account.email, password: account.password } });
  const socket = lawyer.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/ws');
  await lawyer.goto('/dashboard');
  await expect(lawyer.getByRole('heading', { level: 1, name: `Welcome back, ${account.firstName}!` })).toBeVisible();
  const ws = await socket;

  const admin = await adminPage(browser, viewport);
  const status = await findUser(admin, account);
  await expect(status).toHaveValue('pending');
  await status.selectOption('suspended');
  const confirm = admin.getByRole('dialog', { name: `Suspend ${account.name}?` });
  await expect(confirm).toContainText('They will be signed out at once');
  await checkPage(admin, 'suspend dialog');
  const closed = ws.waitForEvent('close');
  await confirm.getByRole('button', { name: 'Suspend user' }).click();
  await expectToast(admin, 'User status updated successfully', `${account.name} is now suspended.`);
  await expect(status).toHaveValue('suspended');

  // With no action of theirs: the server closes their socket, the page finds itself signed out and goes to sign-in.
  await closed;
  await expectPath(lawyer, '/auth');
  await expect(lawyer.getByRole('tab', { name: 'Login' })).toBeVisible();
  await signInByUi(lawyer, account);
  await expectToast(lawyer, 'Login failed', 'Your account has been suspended. Please contact support.');
  await expectPath(lawyer, '/auth');
  expect((await lawyer.request.get('/api/user')).status()).toBe(401);
  await admin.context().close();
});

test('an admin views the product as a user from /admin/users and returns, also from a profile still being set up', async ({ browser, viewport }) => {
  test.setTimeout(150_000);
  const lawyer = await createUser('lawyer', 'complete', 'Vera');
  const newcomer = await createUser('mediator', 'needs-profile', 'Noor');
  const admin = await adminPage(browser, viewport);

  // A lawyer: the toast, then a full reload into their dashboard under the banner.
  await findUser(admin, lawyer);
  await expectFullReload(admin, async () => {
    await admin.getByRole('button', { name: `View as ${lawyer.name}` }).click();
    await expect(toast(admin)).toContainText(new RegExp(`Now viewing as user\\. Refreshing\\.\\.\\.\\s*You are now acting as ${lawyer.name}\\.`));
  });
  await expectPath(admin, '/dashboard');
  const banner = admin.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toContainText(`You are viewing MediateHub as ${lawyer.name} (lawyer).`);
  await expect(admin.getByRole('heading', { level: 1, name: `Welcome back, ${lawyer.firstName}!` })).toBeVisible();
  await checkPage(admin, 'dashboard while viewing as a lawyer');
  // The admin area is not the user's.
  await admin.goto('/admin/users');
  await expectPath(admin, '/dashboard');

  await expectFullReload(admin, () => banner.getByRole('button', { name: 'Return to your admin account' }).click());
  await expectPath(admin, '/admin/users');
  await expect(admin.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();

  // A mediator who has not finished their profile: the onboarding page carries the banner and the way back.
  await findUser(admin, newcomer);
  await expectFullReload(admin, async () => {
    await admin.getByRole('button', { name: `View as ${newcomer.name}` }).click();
    await expect(toast(admin)).toContainText(new RegExp(`Now viewing as user\\. Refreshing\\.\\.\\.\\s*You are now acting as ${newcomer.name}\\.`));
  });
  await expectPath(admin, '/onboarding/mediator');
  await expect(banner).toContainText(`You are viewing MediateHub as ${newcomer.name} (mediator).`);
  await checkPage(admin, 'onboarding while viewing as a new mediator');
  await expectFullReload(admin, () => banner.getByRole('button', { name: 'Return to your admin account' }).click());
  await expectPath(admin, '/admin/users');
  await expect(banner).toHaveCount(0);
  await admin.context().close();
});

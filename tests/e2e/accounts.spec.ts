import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './helpers/a11y';
import { expectToast, newAccount, signInByUi, type Account } from './helpers/accounts';
import { mailedLink } from './helpers/mail';
import { cardTitled, expectDocumentReloaded, field, expectPath, isPhone, landingHeaderLink, markDocument, openSidebar, statValue } from './helpers/ui';

// Spec 2 (screens), 8 (toasts) and RULES 7 (accounts): from the landing page to a dashboard, for each role.

/** Landing → Sign Up → register → printed verification link → sign in (page reload) → /role-selection. */
async function signUpVerifyAndSignIn(page: Page, account: Account): Promise<void> {
  await page.goto('/');
  await expectAccessible(page, 'landing page');
  await (await landingHeaderLink(page, 'Sign Up')).click();
  await expectPath(page, '/auth');

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await expectAccessible(page, '/auth, Sign Up tab');

  await form.getByLabel('First name').fill(account.firstName);
  await form.getByLabel('Last name').fill(account.lastName);
  await form.getByLabel('Email', { exact: true }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Create Account' }).click();

  await expectToast(page, 'Registration successful!', 'Please check your email to verify your account.');
  const banner = page.getByRole('main').getByRole('status').filter({ hasText: 'Check your e-mail' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(account.email);
  await expectAccessible(page, '/auth after registration');

  // The real "printed link" path: the console mail adapter wrote the e-mail to the server's stdout.
  await page.goto(await mailedLink(account.email, 'verify'));
  await expect(page).toHaveURL(/\/auth\?verified=true$/);
  await expect(page.getByText('Email verified!')).toBeVisible();
  await expectAccessible(page, '/auth?verified=true');

  await markDocument(page);
  await signInByUi(page, account);
  await expectPath(page, '/role-selection');
  await expectDocumentReloaded(page);
  await expect(page.getByRole('heading', { name: "I'm a Lawyer" })).toBeVisible();
  await expect(page.getByRole('heading', { name: "I'm a Mediator" })).toBeVisible();
  await expectAccessible(page, '/role-selection');
}

async function chooseRole(page: Page, title: "I'm a Lawyer" | "I'm a Mediator", onboarding: string, heading: string): Promise<void> {
  await cardTitled(page, title).getByRole('button').click();
  await expectToast(page, 'Role Selected');
  await expectPath(page, onboarding);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expectAccessible(page, onboarding);
}

/** A field error is shown under its field and tied to it for screen readers (spec 2: "Field errors appear under each field"). */
async function expectFieldError(page: Page, label: string, message: string): Promise<void> {
  const control = field(page, label);
  const error = page.getByRole('alert').filter({ hasText: message });
  await expect(error).toBeVisible();
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(new RegExp(message));
  const [fieldBox, errorBox] = [await control.boundingBox(), await error.boundingBox()];
  expect(errorBox!.y).toBeGreaterThanOrEqual(fieldBox!.y + fieldBox!.height);
}

/** Sidebar links by role; Ctrl+B and the sidebar_state cookie on desktop; the sheet on a phone (spec 2, 9). */
async function checkSidebar(page: Page, links: [string, string][]): Promise<void> {
  const sidebar = await openSidebar(page);
  for (const [name, href] of links) await expect(sidebar.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  await expect(sidebar.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
  await expectAccessible(page, isPhone(page) ? 'dashboard with the navigation sheet open' : 'dashboard with the sidebar');

  if (isPhone(page)) {
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    return;
  }
  const cookie = async () => (await page.context().cookies()).find((c) => c.name === 'sidebar_state')?.value;
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await expect.poll(cookie).toBe('false');
  // Collapsed: icons only, each link still named for assistive technology.
  await expect(sidebar.getByRole('link', { name: links[1][0] })).toBeVisible();
  // 3rem wide once the width transition has run (spec 9).
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48);
  await expectAccessible(page, 'dashboard with the sidebar collapsed');
  await page.reload();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute('data-state', 'collapsed');
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute('data-state', 'expanded');
  await expect.poll(cookie).toBe('true');
}

test('a lawyer signs up, verifies the e-mail, signs in, onboards and reaches the dashboard', async ({ page }) => {
  const account = newAccount('lawyer', 'Lena', 'Marsh');
  await signUpVerifyAndSignIn(page, account);
  await chooseRole(page, "I'm a Lawyer", '/onboarding/lawyer', 'Complete Your Lawyer Profile');

  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expectFieldError(page, 'Primary jurisdiction', 'Jurisdiction is required');
  await expectPath(page, '/onboarding/lawyer');
  await expectAccessible(page, '/onboarding/lawyer with a field error');

  await page.getByLabel('Law firm name').fill('Marsh & Partners LLP');
  await page.getByLabel('Bar number').fill('CA-204815');
  await field(page, 'Primary jurisdiction').fill('California');
  await page.getByLabel('Phone number').fill('+1 415 555 0100');
  await page.getByLabel('Professional bio').fill('Family law litigator who prefers settling early.');
  await expect(page.getByText('Jurisdiction is required', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Complete Profile' }).click();

  await expectToast(page, 'Profile Created', 'Your lawyer profile has been created successfully!');
  await expectPath(page, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Lena!', level: 1 })).toBeVisible();
  for (const label of ['Active Requests', 'Matched Mediators', 'Completed', 'Messages']) await expect(statValue(page, label)).toHaveText('0');
  const actions = cardTitled(page, 'Quick Actions');
  await expect(actions.getByRole('link', { name: 'Create New Request' })).toHaveAttribute('href', '/requests/new');
  await expect(actions.getByRole('link', { name: 'View My Requests' })).toHaveAttribute('href', '/requests');
  await expect(actions.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
  await expect(actions.getByRole('link')).toHaveCount(3);
  await expect(page.getByText('No recent activity to display')).toBeVisible();
  await expectAccessible(page, '/dashboard (lawyer)');

  await checkSidebar(page, [
    ['Dashboard', '/dashboard'],
    ['My Requests', '/requests'],
    ['Messages', '/messages'],
    ['Payments', '/payments'],
    ['Profile', '/profile'],
  ]);
});

test('a mediator signs up, onboards with tags and an hourly rate, and sees the monthly cap', async ({ page }) => {
  const account = newAccount('mediator', 'Omar', 'Haddad');
  await signUpVerifyAndSignIn(page, account);
  await chooseRole(page, "I'm a Mediator", '/onboarding/mediator', 'Complete Your Mediator Profile');

  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expectFieldError(page, 'Hourly rate ($)', 'Hourly rate is required');
  await expectFieldError(page, 'Primary jurisdiction', 'Jurisdiction is required');
  await expectAccessible(page, '/onboarding/mediator with field errors');

  // Tags: Enter adds, blank is ignored, each one is removable.
  const certifications = page.getByLabel('Certifications');
  const certificationTags = page.getByRole('list', { name: 'Added entries' }).first();
  await certifications.fill('Certified Family Mediator');
  await certifications.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove Certified Family Mediator' })).toBeVisible();
  await expect(certifications).toHaveValue('');
  await certifications.fill('   ');
  await certifications.press('Enter');
  await expect(certificationTags.getByRole('listitem')).toHaveCount(1);
  await certifications.fill('Temporary Tag');
  await certifications.press('Enter');
  await expect(certificationTags.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove Temporary Tag' }).click();
  await expect(certificationTags.getByRole('listitem')).toHaveCount(1);
  await expect(certificationTags).toHaveText('Certified Family Mediator');
  await expectPath(page, '/onboarding/mediator');

  const specializations = page.getByLabel('Specializations');
  await specializations.fill('Family Law');
  await specializations.press('Enter');
  await specializations.fill('Employment');
  await specializations.press('Enter');
  await expect(page.getByRole('button', { name: /^Remove (Family Law|Employment)$/ })).toHaveCount(2);
  await expectAccessible(page, '/onboarding/mediator with tags');

  await page.getByLabel('Years of experience').fill('8');
  await field(page, 'Hourly rate ($)').fill('325');
  await field(page, 'Primary jurisdiction').fill('New York');
  await page.getByLabel('Phone number').fill('+1 212 555 0199');
  await page.getByLabel('Bio').fill('Workplace and family mediator; calm, structured sessions.');
  await page.getByRole('button', { name: 'Complete Profile' }).click();

  await expectToast(page, 'Profile Created', 'Your mediator profile has been created successfully!');
  await expectPath(page, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Omar!', level: 1 })).toBeVisible();
  await expect(statValue(page, 'Monthly Mediations')).toHaveText('0 / 3');
  await expect(statValue(page, 'This Month')).toHaveText(/^\$0(\.00)?$/);
  await expect(statValue(page, 'Rating')).toHaveText('N/A');
  await expect(statValue(page, 'Available Requests')).toHaveText(/^\d+$/);
  const actions = cardTitled(page, 'Quick Actions');
  await expect(actions.getByRole('link', { name: 'Browse Requests' })).toHaveAttribute('href', '/requests');
  await expect(actions.getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute('href', '/subscription');
  await expect(actions.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
  await expectAccessible(page, '/dashboard (mediator)');

  await checkSidebar(page, [
    ['Dashboard', '/dashboard'],
    ['Browse Requests', '/requests'],
    ['My Acceptances', '/acceptances'],
    ['Messages', '/messages'],
    ['Earnings', '/payments'],
    ['Subscription', '/subscription'],
    ['Reviews', '/reviews'],
    ['Profile', '/profile'],
  ]);
});

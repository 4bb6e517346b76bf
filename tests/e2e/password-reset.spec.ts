import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/a11y';
import { expectToast, newAccount, registerVerified, signInByUi } from './helpers/accounts';
import { mailedLink } from './helpers/mail';
import { expectPath } from './helpers/ui';

// RULES 7, password reset: the link goes through the mail adapter like the verification link; the form confirms
// the new password (spec 5 text 'Passwords do not match'); afterwards only the new password signs in.

test('a user resets a forgotten password from the e-mailed link and signs in with the new one', async ({ page, request }) => {
  const account = newAccount('reset', 'Priya', 'Nair');
  await registerVerified(request, account);
  const newPassword = 'brand-new-secret-77';

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expectPath(page, '/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(page, '/forgot-password');

  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that address, a reset link is on its way.')).toBeVisible();
  await expectAccessible(page, '/forgot-password after sending');

  const link = await mailedLink(account.email, 'reset');
  await page.goto(link);
  await expectPath(page, '/reset-password');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page, '/reset-password');

  const password = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password', { exact: true });
  await password.fill(newPassword);
  await confirm.fill('something-else-1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expectPath(page, '/reset-password');
  await expectAccessible(page, '/reset-password with a mismatch');

  await confirm.fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectPath(page, '/auth');
  await expectToast(page, 'Password reset');
  await expectAccessible(page, '/auth after the reset');

  // The old password no longer works…
  await signInByUi(page, account);
  await expectToast(page, 'Login failed', 'Invalid email or password');
  await expectPath(page, '/auth');
  await expectAccessible(page, '/auth after a failed sign-in');

  // …the new one does (a verified user without a role lands on role selection).
  await signInByUi(page, { email: account.email, password: newPassword });
  await expectPath(page, '/role-selection');

  // The link is single-use (RULES 7).
  const reused = await request.post('/api/password/reset', { data: { token: new URL(link).searchParams.get('token'), password: 'another-pass-99' } });
  expect(reused.status()).toBe(400);
});

test('a reset page opened without a token explains the link is incomplete', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('This reset link is incomplete. Please open the link from your e-mail again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset password' })).toBeDisabled();
  await expectAccessible(page, '/reset-password without a token');
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expectPath(page, '/forgot-password');
});

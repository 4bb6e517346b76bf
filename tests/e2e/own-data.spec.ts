import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './helpers/a11y';
import { expectToast, signedInUser } from './helpers/accounts';
import { printedMails } from './helpers/mail';
import { expectNoHorizontalOverflow, expectPath, field } from './helpers/ui';

// People's own data (issue 28, decision 061) through the screens: a lawyer asks for their archive on Profile, the job
// builds it and e-mails them, they download the zip; then they delete their account with their password (a wrong one
// first) and land on the public page, signed out for good.

/**
 * The section and the dialog as reviewed (issue 28): attached to the report at 390 px and 1280 px, on the desktop
 * project only (the phone project checks its own width above), the page's own viewport put back after.
 */
async function shoot(page: Page, name: string, what: Locator): Promise<void> {
  if (test.info().project.name !== 'desktop') return;
  const viewport = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const path = test.info().outputPath(`${name}-${width}.png`);
    await what.screenshot({ path, animations: 'disabled' });
    await test.info().attach(`${name}-${width}`, { path, contentType: 'image/png' });
  }
  if (viewport) await page.setViewportSize(viewport);
}

test('a lawyer downloads their data, then deletes their account', async ({ page }) => {
  test.setTimeout(150_000);
  const account = await signedInUser(page, 'complete', 'lawyer');
  await page.goto('/profile');
  const card = page.locator('#your-data');
  await expect(card.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await card.getByRole('button', { name: 'Download my data' }).click();
  await expectToast(page, 'Archive requested', 'We will e-mail you a link when it is ready.');
  await expect(card.getByText(/Preparing your archive/)).toBeVisible();

  // The job runs in the server (pg-boss): the card asks again while it waits; the e-mail names the profile.
  await expect(card.getByRole('link', { name: 'Download archive' })).toBeVisible({ timeout: 45_000 });
  await expect
    .poll(async () => (await printedMails()).find((m) => m.to === account.email && /ready to download/.test(m.subject))?.body ?? '', { timeout: 15_000 })
    .toMatch(/\/profile#your-data/);
  await expectAccessible(page, '/profile (archive ready)');
  await expectNoHorizontalOverflow(page, '/profile (archive ready)');
  await shoot(page, 'your-data', card);

  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Download archive' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mediatehub-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile((await file.path())!);
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  // data.json is deflated inside the zip; its entry name is stored in clear.
  expect(zip.toString('latin1')).toContain('data.json');

  // Deleting: the password is asked for, a wrong one is refused under the field.
  await card.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'delete account dialog');
  await shoot(page, 'delete-dialog', dialog);
  await field(dialog, 'Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The password is incorrect')).toBeVisible();
  await field(dialog, 'Your password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expectPath(page, '/');
  await expectToast(page, 'Your account was deleted');
  expect((await page.request.get('/api/user')).status()).toBe(401);
  expect((await page.request.post('/api/login', { data: { email: account.email, password: account.password } })).status()).toBe(401);
});

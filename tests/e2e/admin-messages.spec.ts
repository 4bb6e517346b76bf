import { expect, test } from '@playwright/test';
import { BROADCAST_TEXTS } from '../../src/common/schemas/admin-broadcast';
import { expectToast } from './helpers/accounts';
import { adminPage, checkPage, createUser, newPage } from './helpers/admin';
import { expectPath, field } from './helpers/ui';

// Issue 9: what an admin says to everyone (a broadcast notification from /admin/users) and what anyone says to the
// admins (the public contact form, handled on /admin/support), through the screens on both sides.

test('an admin broadcasts a notification: the form wants a title and a message, and a signed-in user gets it live', async ({ browser, viewport }) => {
  test.setTimeout(120_000);
  const stamp = `${test.info().project.name} ${Date.now().toString(36)}`;
  const title = `Scheduled maintenance ${stamp}`;
  const message = `MediateHub is read-only on Sunday from 02:00 to 03:00 UTC (${stamp}).`;
  const recipientAccount = await createUser('lawyer', 'complete', 'Rosa');
  const recipient = await newPage(browser, viewport, recipientAccount);
  const socket = recipient.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/ws');
  await recipient.goto('/dashboard');
  await expect(recipient.getByRole('heading', { level: 1, name: `Welcome back, ${recipientAccount.firstName}!` })).toBeVisible();
  await socket;
  const bell = recipient.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  const admin = await adminPage(browser, viewport);
  await admin.goto('/admin/users');
  await admin.getByRole('button', { name: 'Broadcast notification' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Broadcast notification' });
  await dialog.getByRole('button', { name: 'Send to all users' }).click();
  await expect(dialog.getByText(BROADCAST_TEXTS.title, { exact: true })).toBeVisible();
  await expect(dialog.getByText(BROADCAST_TEXTS.message, { exact: true })).toBeVisible();
  await expect(field(dialog, 'Title')).toHaveAttribute('aria-invalid', 'true');
  await checkPage(admin, 'broadcast dialog with errors');
  await field(dialog, 'Title').fill(title);
  await field(dialog, 'Message').fill(message);
  await dialog.getByRole('button', { name: 'Send to all users' }).click();
  await expectToast(admin, 'Notification broadcast successfully', /Sent to [\d,]+ users?\./);
  await expect(dialog).toBeHidden();

  // The recipient's bell counts it without a reload (the socket), and /notifications lists it.
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await bell.click();
  await expectPath(recipient, '/notifications');
  const item = recipient.getByRole('main').getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText(message);
  await checkPage(recipient, '/notifications with a broadcast');
  await recipient.context().close();
  await admin.context().close();
});

test('a visitor writes through the contact form, and an admin finds the message on /admin/support and marks it handled', async ({
  page: visitor,
  browser,
  viewport,
}) => {
  test.setTimeout(120_000);
  const stamp = `${test.info().project.name} ${Date.now().toString(36)}`;
  const subject = `Invoice question ${stamp}`;
  const email = `visitor.${Date.now().toString(36)}@e2e.test`;
  await visitor.goto('/contact');
  await field(visitor, 'Name').fill('Dana Visitor');
  await field(visitor, 'Email').fill(email);
  await field(visitor, 'Subject').fill(subject);
  await field(visitor, 'Message').fill('Could I have the invoice for my deposit made out to my firm rather than to me?');
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(visitor, 'Message sent!', "We'll get back to you within 24 hours.");

  const admin = await adminPage(browser, viewport);
  await admin.goto('/admin/support');
  await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
  const card = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: subject }) });
  await expect(card).toContainText('From Dana Visitor');
  await expect(card.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(card).toContainText('made out to my firm');
  await expect(card.getByText('Open', { exact: true })).toBeVisible();
  await checkPage(admin, '/admin/support (open)');
  await card.getByRole('button', { name: 'Mark handled' }).click();
  await expectToast(admin, 'Message marked as handled', subject);
  // Handled messages leave the open list and show, handled, under 'Handled'.
  await expect(card).toHaveCount(0);
  await admin.getByLabel('Show').selectOption('handled');
  await expect(card.getByText('Handled', { exact: true })).toBeVisible();
  await expect(card).toContainText(/Handled .+ by /);
  await expect(card.getByRole('button', { name: 'Mark open' })).toBeVisible();
  await checkPage(admin, '/admin/support (handled)');
  await admin.context().close();
});

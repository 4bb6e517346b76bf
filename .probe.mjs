import { chromium } from '@playwright/test';
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(base + '/auth?tab=signup');
const f = page.getByRole('tabpanel', { name: 'Sign Up' });
await f.getByLabel('First name').fill('A');
await f.getByLabel('Last name').fill('B');
await f.getByLabel('Email', { exact: true }).fill(`x${Date.now()}@e2e.test`);
await f.getByLabel('Password', { exact: true }).fill('abcdefgh1');
await f.getByRole('button', { name: 'Create Account' }).click();
for (let i = 0; i < 6; i++) {
  await page.waitForTimeout(300);
  console.log(i, await page.evaluate(() => document.querySelector('[aria-label^="Notifications"]')?.outerHTML.slice(0, 600)));
  console.log('other', await page.evaluate(() => [...document.querySelectorAll('[role=status]')].map((e) => e.outerHTML.slice(0, 200))));
}
await browser.close();

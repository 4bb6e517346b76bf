import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { printedMails, type PrintedMail } from './mail';

// What the signing journey (tests/e2e/signing-journey.spec.ts) needs: the links and codes e-mailed to parties, the
// signing dialog and form filled as a signer would, a signature drawn with the mouse, and PDFs downloaded from the
// pages and read back by an independent reader (poppler's pdftotext).

const SIGN_LINK = /https?:\/\/\S+\/sign\/[\w-]+/;
const INTENT = 'I have read this document and intend to sign it electronically';

/** The e-mails to `to` whose subject matches, oldest first. */
async function mailsMatching(to: string, subject: RegExp): Promise<PrintedMail[]> {
  return (await printedMails()).filter((m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject));
}

/**
 * The newest e-mail to `to` whose subject matches, once there are more than `seen` of them (the mail goes out after the
 * request answers, so this waits for it).
 */
export async function nextMail(to: string, subject: RegExp, seen = 0): Promise<PrintedMail> {
  let mails: PrintedMail[] = [];
  await expect
    .poll(
      async () => {
        mails = await mailsMatching(to, subject);
        return mails.length;
      },
      { message: `e-mail number ${seen + 1} to ${to} with a subject like ${subject}`, timeout: 15_000 },
    )
    .toBeGreaterThan(seen);
  return mails.at(-1)!;
}

export const countMails = async (to: string, subject: RegExp): Promise<number> => (await mailsMatching(to, subject)).length;

/** The path of the signing link in the newest signature request e-mailed to a party (the `seen`+1-th one). */
export async function partySignPath(to: string, seen = 0): Promise<string> {
  const mail = await nextMail(to, /you are asked to sign/, seen);
  const link = SIGN_LINK.exec(mail.body)?.[0];
  expect(link, `a signing link in the e-mail to ${to}:\n${mail.body}`).toBeTruthy();
  return new URL(link!).pathname;
}

/** Asks for the one-time code on the party's page and reads it from the e-mail the server printed. */
export async function requestCode(page: Page, to: string): Promise<string> {
  const seen = await countMails(to, /^Your code to sign/);
  await page.getByRole('button', { name: 'E-mail me a code' }).click();
  await expect(page.getByText(/We sent a 6-digit code to/)).toBeVisible();
  const mail = await nextMail(to, /^Your code to sign/, seen);
  const code = /: (\d{6})\b/.exec(mail.body)?.[1];
  expect(code, `a 6-digit code in:\n${mail.body}`).toBeTruthy();
  return code!;
}

/** Ticks the intent to sign: a real click on its label, as a signer does. */
export async function confirmIntent(scope: Page | Locator): Promise<void> {
  const box = scope.getByRole('checkbox', { name: INTENT });
  await box.check();
  await expect(box).toBeChecked();
}

/** Draws a signature on the pad with the mouse: two strokes, like initials. */
export async function drawSignature(page: Page, scope: Page | Locator): Promise<void> {
  await scope.getByRole('tab', { name: 'Draw' }).click();
  const pad = scope.getByRole('img', { name: /Signature pad/ });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  for (const stroke of [
    [at(0.1, 0.7), at(0.2, 0.2), at(0.3, 0.7), at(0.4, 0.3)],
    [at(0.5, 0.6), at(0.65, 0.25), at(0.8, 0.65), at(0.9, 0.4)],
  ]) {
    await page.mouse.move(...stroke[0]);
    await page.mouse.down();
    for (const point of stroke.slice(1)) await page.mouse.move(...point, { steps: 8 });
    await page.mouse.up();
  }
  await expect(scope.getByRole('button', { name: 'Clear' })).toBeEnabled();
}

/** Counsel signs `envelope` (an envelope panel) through its dialog: intent, typed name, password. */
export async function signAsCounsel(page: Page, envelope: Locator, button: string, name: string, password: string): Promise<void> {
  await envelope.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: /^Sign “/ });
  await expect(dialog).toBeVisible();
  await confirmIntent(dialog);
  await dialog.getByLabel('Type your full name').fill(name);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Clicks a download link and returns the file's bytes. */
export async function download(page: Page, link: Locator): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return readFile((await file.path())!);
}

/** The text of a PDF as poppler's pdftotext reads it (an independent reader, not the library that wrote it). */
export async function pdfText(pdf: Buffer, name: string): Promise<string> {
  const file = test.info().outputPath(`${name}.pdf`);
  await writeFile(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

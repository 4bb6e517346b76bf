import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { SERVER_LOG } from './paths';

// The console mail adapter prints each e-mail between these markers (src/server/adapters/mail/console-mailer.ts).
const START = '──── e-mail ────';
const END = '────────────────';

export interface PrintedMail {
  to: string;
  subject: string;
  body: string;
}

/** Every e-mail the server printed so far, oldest first. */
export async function printedMails(): Promise<PrintedMail[]> {
  const log = await readFile(SERVER_LOG, 'utf8');
  return log
    .split(START)
    .slice(1)
    .map((chunk) => {
      const text = chunk.split(END)[0];
      const to = /^To: (.*)$/m.exec(text)?.[1]?.trim() ?? '';
      const subject = /^Subject: (.*)$/m.exec(text)?.[1]?.trim() ?? '';
      return { to, subject, body: text };
    });
}

const LINKS = {
  verify: /https?:\/\/\S+\/api\/verify-email\?token=\S+/,
  reset: /https?:\/\/\S+\/reset-password\?token=\S+/,
  invitation: /https?:\/\/\S+\/invitations\/[\w-]+/,
} as const;

/**
 * The newest link of that kind e-mailed to `to`, as the server printed it (spec 2: "the verification link is in the
 * server console"). Waits for it, since the mail goes out after the request answers. `after` skips links seen before.
 */
export async function mailedLink(to: string, kind: keyof typeof LINKS, after: string[] = []): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await printedMails()).filter((m) => m.to.toLowerCase() === to.toLowerCase());
        const links = mails.map((m) => LINKS[kind].exec(m.body)?.[0]).filter((l): l is string => !!l && !after.includes(l));
        link = links.at(-1);
        return link;
      },
      { message: `a ${kind} link e-mailed to ${to} in ${SERVER_LOG}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

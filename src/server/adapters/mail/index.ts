import type { Env } from '../../env';
import { ConsoleMailer } from './console-mailer';
import type { Mailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

export type { Mailer, MailMessage } from './mailer';

/** The only place that picks a mail transport. */
export function createMailer(env: Env): Mailer {
  if (env.MAIL_TRANSPORT === 'smtp') return new SmtpMailer(env.SMTP_URL!, env.MAIL_FROM);
  return new ConsoleMailer();
}

import nodemailer from 'nodemailer';
import type { MailMessage, Mailer } from './mailer';

/** What nodemailer is told to send through: the `SMTP_URL` in production, a capturing transport in tests. */
type TransportSetting = Parameters<typeof nodemailer.createTransport>[0];

/**
 * An `SMTP_URL` with connection pooling on unless the URL says otherwise (`?pool=false`): nodemailer then keeps up to
 * five connections open and sends message after message on them, instead of a connection, a greeting and a QUIT for
 * every mail (an accepted request, a fan-out, a reminder round each send many).
 */
export function pooledSmtpUrl(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('pool')) parsed.searchParams.set('pool', 'true');
  return parsed.toString();
}

export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    transport: TransportSetting,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(typeof transport === 'string' ? pooledSmtpUrl(transport) : transport);
  }

  /** Closes pooled connections (tests; a server process ends without it). */
  close(): void {
    this.transport.close();
  }

  async send(message: MailMessage): Promise<void> {
    const calendar = message.calendar;
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      // With html, nodemailer sends multipart/alternative: the text first, the HTML after (clients show the last they can).
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      // Prepared: sent as given, not folded (a List-Unsubscribe URL stays whole on its line) nor encoded (ours are ASCII).
      ...(message.headers ? { headers: Object.fromEntries(Object.entries(message.headers).map(([name, value]) => [name, { prepared: true, value }])) } : {}),
      // nodemailer's icalEvent is the alternative part calendar clients read (with its METHOD) and an attachment; beside
      // the HTML it is the last alternative, inside multipart/mixed with the .ics file, as calendar servers send invites.
      ...(calendar ? { icalEvent: { method: calendar.method, filename: calendar.filename, content: calendar.content } } : {}),
    });
  }
}

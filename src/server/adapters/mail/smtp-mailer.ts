import nodemailer from 'nodemailer';
import type { MailMessage, Mailer } from './mailer';

/** What nodemailer is told to send through: the `SMTP_URL` in production, a capturing transport in tests. */
type TransportSetting = Parameters<typeof nodemailer.createTransport>[0];

export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    transport: TransportSetting,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(transport);
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

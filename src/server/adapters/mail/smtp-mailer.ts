import nodemailer from 'nodemailer';
import type { MailMessage, Mailer } from './mailer';

export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const calendar = message.calendar;
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      // nodemailer's icalEvent is the alternative part calendar clients read (with its METHOD) and an attachment.
      ...(calendar ? { icalEvent: { method: calendar.method, filename: calendar.filename, content: calendar.content } } : {}),
    });
  }
}

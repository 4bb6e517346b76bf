import type { MailMessage, Mailer } from './mailer';

/**
 * Development mail: prints the message, links included, to the server console (spec 2: "in development mode the
 * verification link is in the server console"). The one place server code writes to the console directly.
 */
export class ConsoleMailer implements Mailer {
  readonly sent: MailMessage[] = [];

  constructor(private readonly write: (line: string) => void = (line) => console.log(line)) {}

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
    if (this.sent.length > 200) this.sent.shift();
    const calendar = message.calendar
      ? [`Calendar: ${message.calendar.filename} (METHOD:${message.calendar.method}, ${message.calendar.content.length} characters)`]
      : [];
    this.write(['', '──── e-mail ────', `To: ${message.to}`, `Subject: ${message.subject}`, ...calendar, '', message.text, '────────────────', ''].join('\n'));
  }
}

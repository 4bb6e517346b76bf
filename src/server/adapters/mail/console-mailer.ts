import type { MailMessage, Mailer } from './mailer';

/**
 * Development mail: prints the message, links included, to the server console (spec 2: "in development mode the
 * verification link is in the server console"). The one place server code writes to the console directly. The plain
 * text is printed whole; the HTML (the same message in the layout) only by its size, since markup would bury the links.
 */
export class ConsoleMailer implements Mailer {
  readonly sent: MailMessage[] = [];

  constructor(private readonly write: (line: string) => void = (line) => console.log(line)) {}

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
    if (this.sent.length > 200) this.sent.shift();
    const headers = Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}`);
    const html = message.html ? [`HTML: ${message.html.length} characters, with this text as its plain-text alternative`] : [];
    const calendar = message.calendar
      ? [`Calendar: ${message.calendar.filename} (METHOD:${message.calendar.method}, ${message.calendar.content.length} characters)`]
      : [];
    this.write(
      [
        '',
        '──── e-mail ────',
        `To: ${message.to}`,
        `Subject: ${message.subject}`,
        ...headers,
        ...html,
        ...calendar,
        '',
        message.text,
        '────────────────',
        '',
      ].join('\n'),
    );
  }
}

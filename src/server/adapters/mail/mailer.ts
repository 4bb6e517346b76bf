export interface MailMessage {
  to: string;
  subject: string;
  /** The plain text: the whole message for a client that shows no HTML, and the alternative of `html`. */
  text: string;
  /** The same message in the HTML layout (src/common/email-layout.ts, decision 060); absent in mails queued before it. */
  html?: string;
  /**
   * Header fields of the message's own: `List-Unsubscribe` and `List-Unsubscribe-Post` on notification e-mails
   * (RFC 2369, RFC 8058). Names and values are ours, never user text.
   */
  headers?: Record<string, string>;
  /**
   * An iCalendar invite, update or cancellation (issue 25): sent as the message's text/calendar part with its method
   * (what calendar clients act on) and as an attached .ics file.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
}

/** E-mail adapter (DESIGN 1): `console` in development, `smtp` in production. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

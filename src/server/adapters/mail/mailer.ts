export interface MailMessage {
  to: string;
  subject: string;
  text: string;
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

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** E-mail adapter (DESIGN 1): `console` in development, `smtp` in production. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

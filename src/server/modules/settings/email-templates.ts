import type { EmailTemplate } from '../../db/schema';

/** E-mail kinds and their default texts; admins may override any of them (platform_settings.emailTemplates). */
export const DEFAULT_EMAIL_TEMPLATES = {
  verify_email: {
    subject: 'Confirm your e-mail address for MediateHub',
    body: [
      'Hi {{firstName}},',
      '',
      'Welcome to MediateHub. Please confirm your e-mail address by opening this link:',
      '',
      '{{link}}',
      '',
      'The link works for 24 hours. If you did not create an account, you can ignore this message.',
    ].join('\n'),
  },
  reset_password: {
    subject: 'Reset your MediateHub password',
    body: [
      'Hi {{firstName}},',
      '',
      'Someone (hopefully you) asked to reset the password of your MediateHub account. Choose a new one here:',
      '',
      '{{link}}',
      '',
      'The link works once, for 1 hour. If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  },
  password_changed: {
    subject: 'Your MediateHub password was changed',
    body: [
      'Hi {{firstName}},',
      '',
      'The password of your MediateHub account was just changed, and your other sessions were signed out.',
      'If this was not you, reset your password at {{link}} and contact support.',
    ].join('\n'),
  },
  // Notifications that also go to the inbox (issue 7). {{caseName}} and {{firstName}} are user text; {{link}} and
  // {{unsubscribeLink}} are ours. Each e-mail ends with the way to turn that kind off.
  new_request: {
    subject: 'New matching mediation request: {{caseName}}',
    body: [
      'Hi {{firstName}},',
      '',
      'A new mediation request that matches your practice is open for acceptance: {{caseName}}.',
      'The first three mediators to accept are the ones the lawyer chooses from. See the details here:',
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about new matching requests are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  acceptance_received: {
    subject: 'A mediator accepted {{caseName}}',
    body: [
      'Hi {{firstName}},',
      '',
      'A mediator accepted your request {{caseName}}. Review who accepted and select your mediator here:',
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about acceptances are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  mediator_selected: {
    subject: 'You were selected to mediate {{caseName}}',
    body: [
      'Hi {{firstName}},',
      '',
      'The lawyer selected you to mediate {{caseName}}. Open the request to see the case documents and message the lawyer:',
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about selections are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  mediation_completed: {
    subject: 'Your mediation {{caseName}} is complete',
    body: [
      'Hi {{firstName}},',
      '',
      'Your mediator marked {{caseName}} complete. Read the results and rate your mediator here:',
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about completed mediations are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  payment_processed: {
    subject: 'Your payout for {{caseName}} was sent',
    body: [
      'Hi {{firstName}},',
      '',
      'The payout for {{caseName}} was sent to your payout account. See the details here:',
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about payouts are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  new_message: {
    subject: 'Unread messages about {{caseName}}',
    body: [
      'Hi {{firstName}},',
      '',
      'You have {{count}} unread message(s) about {{caseName}} on MediateHub. Read and reply here:',
      '',
      '{{link}}',
      '',
      'We e-mail you once per conversation until you read it.',
      '',
      '--',
      'You receive this because e-mails about new messages are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
} satisfies Record<string, EmailTemplate>;

export type EmailKind = keyof typeof DEFAULT_EMAIL_TEMPLATES;

/** Placeholders whose values the server builds itself (links to our own origin). Every other value is user text. */
const TRUSTED_PLACEHOLDERS = new Set(['link', 'unsubscribeLink']);
const USER_TEXT_MAX_LENGTH = 100;

// Controls (C0, C1), line and paragraph separators, bidi embeddings/overrides/isolates, lone surrogates.
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069\p{Cs}]/gu;
// A dot (or a look-alike a mail client reads as one) touching what follows, other than punctuation: "evil.com", "www.x".
const DOT_BEFORE_WORD = /([.\u3002\uFF0E\uFF61])(?=[^\s\p{P}])/gu;
// A colon or an at sign touching what follows: "https://x", "mailto:x", "a@b".
const SCHEME_OR_AT = /([:@])(?=\S)/gu;

/**
 * User text (a name) made safe inside a plain-text e-mail: one line (anything that could start a new line, or reorder
 * the text, becomes a space), at most 100 characters, and nothing a mail client would turn into a link — a space goes
 * after a dot, colon or at sign that touches the next word ("evil.com" → "evil. com", "St.John" → "St. John").
 */
export function neutralizeUserText(value: string): string {
  const oneLine = value.replace(UNSAFE_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  return Array.from(oneLine).slice(0, USER_TEXT_MAX_LENGTH).join('').replace(DOT_BEFORE_WORD, '$1 ').replace(SCHEME_OR_AT, '$1 ').trim();
}

export function renderEmail(kind: EmailKind, overrides: Record<string, EmailTemplate> | null | undefined, values: Record<string, string>): EmailTemplate {
  const template = overrides?.[kind] ?? DEFAULT_EMAIL_TEMPLATES[kind];
  const value = (key: string) => {
    const raw = values[key] ?? '';
    return TRUSTED_PLACEHOLDERS.has(key) ? raw : neutralizeUserText(raw);
  };
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => value(key));
  return { subject: fill(template.subject), body: fill(template.body) };
}

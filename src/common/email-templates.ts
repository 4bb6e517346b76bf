// The e-mails the platform sends, their default texts and the placeholders each may use (RULES.md 1: admins edit the
// subject and body of each in the settings). Shared so that the server's mail and the admin's preview are one code.
import { SIGNING_EMAIL_KIND_INFO, SIGNING_EMAIL_KINDS, SIGNING_EMAIL_TEMPLATES } from './email-templates-signing';
import { ACCOUNT_DATA_EMAIL_KIND_INFO, ACCOUNT_DATA_EMAIL_KINDS, ACCOUNT_DATA_EMAIL_TEMPLATES } from './email-templates-account-data';

export interface EmailTemplate {
  subject: string;
  body: string;
}

export const EMAIL_PLACEHOLDERS = [
  'firstName',
  'caseName',
  'count',
  'link',
  'unsubscribeLink',
  'inviterName',
  'sessionTime',
  'cancelBy',
  'code',
  'documentTitle',
] as const;
export type EmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];

export const EMAIL_KINDS = [
  'verify_email',
  'reset_password',
  'password_changed',
  'new_request',
  'acceptance_received',
  'mediator_selected',
  'mediation_completed',
  'payment_processed',
  'new_message',
  'case_invitation',
  'counsel_joined',
  'invitation_declined',
  'selection_proposed',
  'selection_approved',
  'selection_declined',
  'conflict_disclosed',
  'reviews_revealed',
  'share_due',
  'date_poll_opened',
  'session_proposed',
  'session_invite',
  'session_cancelled',
  'session_reminder',
  // The signed outcome (issue 26, decision 055): email-templates-signing.ts.
  ...SIGNING_EMAIL_KINDS,
  // People's own data (issue 28, decision 061): email-templates-account-data.ts.
  ...ACCOUNT_DATA_EMAIL_KINDS,
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const isEmailKind = (value: string): value is EmailKind => (EMAIL_KINDS as readonly string[]).includes(value);

export interface EmailKindInfo {
  /** What the admin sees in the list of e-mails. */
  label: string;
  /** The placeholders this e-mail may use, in the order the editor offers them. */
  placeholders: readonly EmailPlaceholder[];
  /** The ones its body must contain: the link the e-mail is for, and a notification's unsubscribe link (a legal must). */
  required: readonly EmailPlaceholder[];
}

const ACCOUNT: Pick<EmailKindInfo, 'placeholders'> = { placeholders: ['firstName', 'link'] };
const NOTIFICATION: Pick<EmailKindInfo, 'placeholders' | 'required'> = {
  placeholders: ['firstName', 'caseName', 'link', 'unsubscribeLink'],
  required: ['link', 'unsubscribeLink'],
};

const SESSION_PLACEHOLDERS: readonly EmailPlaceholder[] = ['firstName', 'caseName', 'sessionTime', 'link'];

export const EMAIL_KIND_INFO: Record<EmailKind, EmailKindInfo> = {
  verify_email: { label: 'Confirm e-mail address', ...ACCOUNT, required: ['link'] },
  reset_password: { label: 'Password reset', ...ACCOUNT, required: ['link'] },
  // The link (to sign in and reset) is a courtesy here: the mail's point is the notice itself.
  password_changed: { label: 'Password changed', ...ACCOUNT, required: [] },
  new_request: { label: 'New matching request', ...NOTIFICATION },
  acceptance_received: { label: 'Mediator accepted a request', ...NOTIFICATION },
  mediator_selected: { label: 'Selected as mediator', ...NOTIFICATION },
  mediation_completed: { label: 'Mediation completed', ...NOTIFICATION },
  payment_processed: { label: 'Payout sent', ...NOTIFICATION },
  new_message: { label: 'Unread messages', placeholders: ['firstName', 'caseName', 'count', 'link', 'unsubscribeLink'], required: NOTIFICATION.required },
  // To someone who may have no account yet: the link is the invitation itself (docs/decisions/043).
  case_invitation: { label: 'Invitation to join a case', placeholders: ['firstName', 'inviterName', 'caseName', 'link'], required: ['link'] },
  // The two-sided case's notifications (issue 23, docs/decisions/048).
  counsel_joined: { label: 'Opposing counsel joined a case', ...NOTIFICATION },
  invitation_declined: { label: 'Invitation declined', ...NOTIFICATION },
  selection_proposed: { label: 'Mediator proposed for approval', ...NOTIFICATION },
  selection_approved: { label: 'Proposed mediator approved', ...NOTIFICATION },
  selection_declined: { label: 'Proposed mediator declined', ...NOTIFICATION },
  conflict_disclosed: { label: 'Conflict disclosed by a mediator', ...NOTIFICATION },
  reviews_revealed: { label: 'Reviews revealed', ...NOTIFICATION },
  // Each side pays its share (issue 24, docs/decisions/050).
  share_due: { label: 'A share of the fee is due', ...NOTIFICATION },
  // Scheduling the session (issue 25, decision 054). The invite, its cancellation and the reminders go to every
  // attendee, people without an account included, with the calendar file: part of the session, never turned off.
  date_poll_opened: { label: 'Date poll opened', ...NOTIFICATION },
  session_proposed: { label: 'A date suits everyone', ...NOTIFICATION },
  session_invite: { label: 'Session invitation or change', placeholders: SESSION_PLACEHOLDERS, required: ['sessionTime'] },
  session_cancelled: { label: 'Session cancelled', placeholders: SESSION_PLACEHOLDERS, required: ['sessionTime'] },
  session_reminder: { label: 'Session reminder', placeholders: [...SESSION_PLACEHOLDERS, 'cancelBy'], required: ['sessionTime'] },
  ...SIGNING_EMAIL_KIND_INFO,
  ...ACCOUNT_DATA_EMAIL_KIND_INFO,
};

/** E-mail kinds and their default texts; admins may override any of them (platform_settings.emailTemplates). */
export const DEFAULT_EMAIL_TEMPLATES: Record<EmailKind, EmailTemplate> = {
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
  case_invitation: {
    subject: '{{inviterName}} invited you to join the mediation {{caseName}}',
    body: [
      'Hi {{firstName}},',
      '',
      '{{inviterName}} invited you, as opposing counsel, to join the mediation {{caseName}} on MediateHub.',
      'There you can see what is shared with your side, agree on the mediator and talk to them.',
      '',
      'Open the invitation to join (or decline) here:',
      '',
      '{{link}}',
      '',
      'The link works for 14 days and only once. If you do not know this case, you can ignore this message.',
    ].join('\n'),
  }, // The two-sided case (issue 23): as the notifications above, each with its way to turn that kind off.
  counsel_joined: {
    subject: 'Opposing counsel joined {{caseName}}',
    body: [
      'Hi {{firstName}},',
      '',
      'Opposing counsel accepted the invitation and joined {{caseName}} on MediateHub.',
      'They now see what is shared with their side and can message the mediator. See the case here:',
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about opposing counsel joining are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  invitation_declined: {
    subject: 'Your invitation to join {{caseName}} was declined',
    body: [
      'Hi {{firstName}},',
      '',
      'The counsel you invited declined to join {{caseName}}. You can invite them again, invite someone else,',
      'or go ahead on your own. Read their reason and choose here:',
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about declined invitations are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  selection_proposed: {
    subject: 'Approve the proposed mediator for {{caseName}}',
    body: [
      'Hi {{firstName}},',
      '',
      'The other side proposes a mediator for {{caseName}}. Nobody is booked until you agree.',
      "See the mediator's profile, then approve or decline with a reason here:",
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about proposed mediators are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  selection_approved: {
    subject: 'Opposing counsel approved your mediator for {{caseName}}',
    body: [
      'Hi {{firstName}},',
      '',
      'Opposing counsel approved the mediator you proposed for {{caseName}}, so the selection goes ahead.',
      'See the case and what happens next here:',
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about approved mediators are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  selection_declined: {
    subject: 'Opposing counsel declined your mediator for {{caseName}}',
    body: [
      'Hi {{firstName}},',
      '',
      'Opposing counsel declined the mediator you proposed for {{caseName}} and said why.',
      'Read their reason and propose another of the mediators who accepted here:',
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about declined mediators are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  conflict_disclosed: {
    subject: 'A mediator disclosed a possible conflict on {{caseName}}',
    body: [
      'Hi {{firstName}},',
      '',
      'A mediator who accepted {{caseName}} disclosed a possible conflict of interest.',
      'Please read the disclosure before a mediator is selected:',
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about conflict disclosures are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  reviews_revealed: {
    subject: 'The reviews of {{caseName}} are revealed',
    body: [
      'Hi {{firstName}},',
      '',
      "Everyone's reviews of {{caseName}} are now visible, the ones about you included.",
      "Reviews are revealed together, so nobody's review could depend on another's. Read them here:",
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about revealed reviews are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  share_due: {
    subject: 'Your share of the fee for {{caseName}} is due',
    body: [
      'Hi {{firstName}},',
      '',
      'Both sides approved the mediator for {{caseName}}, and the selection takes effect once each side has paid its share.',
      'Your saved card could not pay yours. Pay it with a card here:',
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about shares due are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  date_poll_opened: {
    subject: 'Choose dates for the mediation of {{caseName}}',
    body: [
      'Hi {{firstName}},',
      '',
      'A date poll is open for the mediation of {{caseName}}. Say which of the offered times suit each of your attendees:',
      '',
      '{{link}}',
      '',
      'The other side does not see your answers; the mediator does. The earliest time everyone required can make is proposed.',
      '',
      '--',
      'You receive this because e-mails about date polls are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  session_proposed: {
    subject: 'A date suits everyone for {{caseName}}',
    body: [
      'Hi {{firstName}},',
      '',
      'Every required attendee of {{caseName}} can make one of the times in your date poll. Confirm it (or choose another):',
      '',
      '{{link}}',
      '',
      'If you do not answer, the proposed time stands when the time you gave runs out.',
      '',
      '--',
      'You receive this because e-mails about proposed dates are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  session_invite: {
    subject: 'Mediation session for {{caseName}}: {{sessionTime}}',
    body: [
      'Hi {{firstName}},',
      '',
      'The mediation session for {{caseName}} is scheduled for {{sessionTime}}.',
      'The calendar invitation is attached: open it to add the session to your calendar (a change replaces the earlier one).',
      'The details are here:',
      '',
      '{{link}}',
    ].join('\n'),
  },
  session_cancelled: {
    subject: 'Cancelled: mediation session for {{caseName}} ({{sessionTime}})',
    body: [
      'Hi {{firstName}},',
      '',
      'The mediation session for {{caseName}} on {{sessionTime}} is cancelled.',
      'The attached calendar update removes it from your calendar. The details are here:',
      '',
      '{{link}}',
    ].join('\n'),
  },
  session_reminder: {
    subject: 'Reminder: mediation session for {{caseName}}, {{sessionTime}}',
    body: [
      'Hi {{firstName}},',
      '',
      'A reminder: the mediation session for {{caseName}} is on {{sessionTime}}.',
      '{{cancelBy}}',
      '',
      'The details are here:',
      '',
      '{{link}}',
    ].join('\n'),
  },
  ...SIGNING_EMAIL_TEMPLATES,
  ...ACCOUNT_DATA_EMAIL_TEMPLATES,
};

/**
 * Placeholders whose values the server builds itself (links to our own origin; a session's time and the reminder's
 * cancellation sentence, made from instants; a signing code's digits). Every other value is user text, a document's
 * title included: it is made from the case name.
 */
const TRUSTED_PLACEHOLDERS = new Set<string>(['link', 'unsubscribeLink', 'sessionTime', 'cancelBy', 'code']);
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
 * See docs/decisions/013.
 */
export function neutralizeUserText(value: string): string {
  const oneLine = value.replace(UNSAFE_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  return Array.from(oneLine).slice(0, USER_TEXT_MAX_LENGTH).join('').replace(DOT_BEFORE_WORD, '$1 ').replace(SCHEME_OR_AT, '$1 ').trim();
}

/** One placeholder's text: ours as it is, user text neutralised, an unknown one empty. The HTML layout escapes it. */
export function placeholderText(key: string, values: Readonly<Record<string, string>>): string {
  const raw = values[key] ?? '';
  return TRUSTED_PLACEHOLDERS.has(key) ? raw : neutralizeUserText(raw);
}

/** The text with each {{placeholder}} filled: our links as they are, everything else neutralised, unknown ones empty. */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => placeholderText(key, values));
}

/** The template in force for a kind: the admin's override (platform_settings.emailTemplates) or the default. */
export function effectiveTemplate(kind: EmailKind, overrides: Readonly<Record<string, EmailTemplate>> | null | undefined): EmailTemplate {
  return overrides?.[kind] ?? DEFAULT_EMAIL_TEMPLATES[kind];
}

/** Made-up values for the admin's preview; the links look like the ones the server builds. */
export function sampleValues(kind: EmailKind, origin: string): Record<EmailPlaceholder, string> {
  const path =
    kind === 'verify_email'
      ? '/api/verify-email?token=sample-token'
      : kind === 'reset_password'
        ? '/reset-password?token=sample-token'
        : kind === 'password_changed'
          ? '/auth'
          : kind === 'new_message'
            ? '/messages/5f0c2a9e-0000-4000-8000-000000000001'
            : kind === 'case_invitation'
              ? '/invitations/sample-token'
              : kind === 'party_signature_request' || kind === 'party_document_sealed'
                ? '/sign/sample-token'
                : '/requests/5f0c2a9e-0000-4000-8000-000000000001';
  return {
    firstName: 'Ada',
    caseName: 'Smith v. Jones',
    count: '2',
    link: `${origin}${path}`,
    unsubscribeLink: `${origin}/api/email/unsubscribe?token=sample-token`,
    inviterName: 'Grace Hopper',
    sessionTime: 'Tue, Mar 10, 2026, 9:00 AM – 1:00 PM EDT',
    cancelBy: 'The last moment to cancel without a late-cancellation fee: Sun, Mar 8, 2026, 9:00 AM EDT.',
    code: '493027',
    documentTitle: 'Term sheet, version 2',
  };
}

/** A template as the admin's preview shows it: filled with the sample values by the same code the server uses. */
export function previewEmail(kind: EmailKind, template: EmailTemplate, origin: string): EmailTemplate {
  const values = sampleValues(kind, origin);
  return { subject: fillTemplate(template.subject, values), body: fillTemplate(template.body, values) };
}

export const EMAIL_SUBJECT_MAX_LENGTH = 200;
export const EMAIL_BODY_MAX_LENGTH = 20_000;

const SUBJECT_BREAKS = /[\p{Cc}\p{Zl}\p{Zp}]/u;
// Anything between double braces, so that "{{ firstName }}" or "{{first-name}}" is reported, not mailed as typed.
const ANY_PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

const braces = (name: string) => `{{${name}}}`;

function unknownPlaceholder(kind: EmailKind, text: string): string | undefined {
  const allowed = EMAIL_KIND_INFO[kind].placeholders as readonly string[];
  for (const [whole, name] of text.matchAll(ANY_PLACEHOLDER)) {
    if (!allowed.includes(name)) return `Unknown placeholder ${whole}; this e-mail can use ${allowed.map(braces).join(', ')}`;
  }
  return undefined;
}

/**
 * What is wrong with an admin's template for a kind, per field (empty when it may be saved). One rule for the server's
 * PATCH and the editor: a one-line subject of 1–200 characters, a body of 1–20,000, only the kind's placeholders, and
 * the placeholders the kind needs in the body.
 */
export function emailTemplateProblems(kind: EmailKind, template: EmailTemplate): Partial<Record<keyof EmailTemplate, string>> {
  const problems: Partial<Record<keyof EmailTemplate, string>> = {};
  const subject = template.subject.trim();
  if (!subject) problems.subject = 'Subject is required';
  else if (subject.length > EMAIL_SUBJECT_MAX_LENGTH) problems.subject = `Subject must be at most ${EMAIL_SUBJECT_MAX_LENGTH} characters`;
  else if (SUBJECT_BREAKS.test(subject)) problems.subject = 'Subject must be a single line';
  else problems.subject = unknownPlaceholder(kind, subject);

  if (!template.body.trim()) problems.body = 'Body is required';
  else if (template.body.length > EMAIL_BODY_MAX_LENGTH) problems.body = `Body must be at most ${EMAIL_BODY_MAX_LENGTH} characters`;
  else {
    const missing = EMAIL_KIND_INFO[kind].required.find((name) => !template.body.includes(braces(name)));
    problems.body =
      unknownPlaceholder(kind, template.body) ??
      (missing === 'unsubscribeLink'
        ? 'Body must contain {{unsubscribeLink}}: every notification e-mail says how to turn it off'
        : missing
          ? `Body must contain ${braces(missing)}`
          : undefined);
  }
  if (!problems.subject) delete problems.subject;
  if (!problems.body) delete problems.body;
  return problems;
}

/** The template as it is stored: the subject trimmed (the body is kept as typed). */
export const normalizeEmailTemplate = (template: EmailTemplate): EmailTemplate => ({ subject: template.subject.trim(), body: template.body });

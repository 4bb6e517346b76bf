// The signed outcome's e-mails (issue 26, decision 055), spread into the lists of email-templates.ts. Type-only imports
// from there: that file imports this one, so a value from it would not be defined yet when this one runs.
import type { EmailKindInfo, EmailTemplate } from './email-templates';

export const SIGNING_EMAIL_KINDS = [
  // Notifications, each of which a user may turn off (NOTIFICATION_EMAIL_KINDS).
  'signature_requested',
  'term_sheet_updated',
  'signature_refused',
  'document_sealed',
  // To a party, who signs without an account: part of signing, never turned off.
  'party_signature_request',
  'signing_code',
  'party_document_sealed',
] as const;
export type SigningEmailKind = (typeof SIGNING_EMAIL_KINDS)[number];

// The placeholders of every notification e-mail (email-templates.ts NOTIFICATION; a test holds the two together).
const NOTIFICATION: Pick<EmailKindInfo, 'placeholders' | 'required'> = {
  placeholders: ['firstName', 'caseName', 'link', 'unsubscribeLink'],
  required: ['link', 'unsubscribeLink'],
};

export const SIGNING_EMAIL_KIND_INFO: Record<SigningEmailKind, EmailKindInfo> = {
  signature_requested: { label: 'Document to sign', ...NOTIFICATION },
  term_sheet_updated: { label: 'Term sheet version or edits', ...NOTIFICATION },
  signature_refused: { label: 'Signature refused', ...NOTIFICATION },
  document_sealed: { label: 'Signed document sealed', ...NOTIFICATION },
  // {{documentTitle}} is made by the server from the case name, so it is user text; {{code}} is ours.
  party_signature_request: {
    label: 'Party asked to sign',
    placeholders: ['firstName', 'caseName', 'documentTitle', 'link'],
    required: ['link', 'documentTitle'],
  },
  signing_code: { label: 'One-time signing code', placeholders: ['firstName', 'code', 'documentTitle'], required: ['code'] },
  party_document_sealed: { label: 'Signed document for a party', placeholders: ['firstName', 'caseName', 'documentTitle', 'link'], required: ['link'] },
};

export const SIGNING_EMAIL_TEMPLATES: Record<SigningEmailKind, EmailTemplate> = {
  signature_requested: {
    subject: 'A document of {{caseName}} awaits your signature',
    body: [
      'Hi {{firstName}},',
      '',
      'A document of {{caseName}} awaits your signature: the agreement to mediate or a term sheet.',
      'Read it, then sign it (or refuse with a reason) here:',
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about documents to sign are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  term_sheet_updated: {
    subject: 'The term sheet of {{caseName}} changed',
    body: [
      'Hi {{firstName}},',
      '',
      'A new version of the term sheet of {{caseName}} was drafted, or edits to it were proposed.',
      'See what changed here:',
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about term sheet changes are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  signature_refused: {
    subject: 'A signer refused to sign a document of {{caseName}}',
    body: [
      'Hi {{firstName}},',
      '',
      'A signer refused to sign a document of {{caseName}} and said why, so drafting is open again.',
      'Read their reason here:',
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about refused signatures are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  document_sealed: {
    subject: 'Everyone signed: the document of {{caseName}} is sealed',
    body: [
      'Hi {{firstName}},',
      '',
      'Every signature is in on a document of {{caseName}}, and the sealed document is ready.',
      'Download it here:',
      '',
      '{{link}}',
      '',
      '--',
      'You receive this because e-mails about sealed documents are on. Turn them off: {{unsubscribeLink}}',
    ].join('\n'),
  },
  party_signature_request: {
    subject: '{{firstName}}, you are asked to sign {{documentTitle}} for {{caseName}}',
    body: [
      'Hi {{firstName}},',
      '',
      'You are asked to sign {{documentTitle}} for the mediation {{caseName}} on MediateHub. You need no account.',
      'Read the document, then sign it (or refuse with a reason) here:',
      '',
      '{{link}}',
      '',
      'The link is personal: do not forward it. It works for 14 days.',
      'When you sign, we e-mail you a one-time code to confirm that it is you.',
    ].join('\n'),
  },
  signing_code: {
    subject: 'Your code to sign {{documentTitle}}',
    body: [
      'Hi {{firstName}},',
      '',
      'Your code to sign {{documentTitle}}: {{code}}',
      '',
      'It works for 10 minutes. If you did not ask for it, ignore this e-mail.',
    ].join('\n'),
  },
  party_document_sealed: {
    subject: 'Signed by everyone: {{documentTitle}} for {{caseName}}',
    body: [
      'Hi {{firstName}},',
      '',
      'Everyone signed {{documentTitle}} for the mediation {{caseName}}. The signed document is ready; download it here:',
      '',
      '{{link}}',
    ].join('\n'),
  },
};

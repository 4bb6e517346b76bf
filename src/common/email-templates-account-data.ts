// People's own data (issue 28, decision 061): the e-mail with the link to a user's archive, spread into the lists of
// email-templates.ts. Type-only imports from there: that file imports this one (see email-templates-signing.ts).
import type { EmailKindInfo, EmailTemplate } from './email-templates';

export const ACCOUNT_DATA_EMAIL_KINDS = ['data_export_ready', 'documents_retention_notice'] as const;
type AccountDataEmailKind = (typeof ACCOUNT_DATA_EMAIL_KINDS)[number];

export const ACCOUNT_DATA_EMAIL_KIND_INFO: Record<AccountDataEmailKind, EmailKindInfo> = {
  // Asked for by the user: never turned off, and the link is the point of it.
  data_export_ready: { label: 'Your data is ready to download', placeholders: ['firstName', 'link'], required: ['link'] },
  // The notice the retention policy owes the parties before a closed case's documents go: never turned off.
  documents_retention_notice: { label: "A closed case's documents will be removed", placeholders: ['firstName', 'caseName', 'link'], required: ['link'] },
};

export const ACCOUNT_DATA_EMAIL_TEMPLATES: Record<AccountDataEmailKind, EmailTemplate> = {
  data_export_ready: {
    subject: 'Your MediateHub data is ready to download',
    body: [
      'Hi {{firstName}},',
      '',
      'The archive of your MediateHub data that you asked for is ready. Download it while signed in, within 7 days:',
      '',
      '{{link}}',
      '',
      'If you did not ask for it, change your password and contact support.',
    ].join('\n'),
  },
  documents_retention_notice: {
    subject: 'The documents of {{caseName}} will be removed in 7 days',
    body: [
      'Hi {{firstName}},',
      '',
      'Under our retention policy, the documents uploaded to {{caseName}}, which is closed, will be removed in 7 days.',
      'Download any you need to keep before then:',
      '',
      '{{link}}',
      '',
      'The case itself, its messages (without their attachments) and its signed documents stay.',
    ].join('\n'),
  },
};

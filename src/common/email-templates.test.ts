import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_KIND_INFO, EMAIL_KINDS, emailTemplateProblems, previewEmail, type EmailKind } from './email-templates';
import { composeEmail } from './email-layout-message';
import { isNotificationEmailKind } from './schemas/email-preferences';

// The admin's rules for a template (one code for the PATCH and the editor) and the preview that fills it like a mail.

describe('emailTemplateProblems', () => {
  it('accepts every default text, and each default uses only the placeholders its kind allows', () => {
    for (const kind of EMAIL_KINDS) {
      expect(emailTemplateProblems(kind, DEFAULT_EMAIL_TEMPLATES[kind])).toEqual({});
      for (const [, name] of `${DEFAULT_EMAIL_TEMPLATES[kind].subject}${DEFAULT_EMAIL_TEMPLATES[kind].body}`.matchAll(/\{\{(\w+)\}\}/g)) {
        expect(EMAIL_KIND_INFO[kind].placeholders).toContain(name);
      }
    }
  });

  const ok = { subject: 'Hello {{firstName}}', body: '{{link}}' };
  const note = { subject: 'About {{caseName}}', body: '{{link}} {{unsubscribeLink}}' };
  it.each<[EmailKind, { subject: string; body: string }, Record<string, string>]>([
    ['verify_email', ok, {}],
    ['password_changed', { subject: 'Changed', body: 'Your password was changed.' }, {}],
    ['verify_email', { ...ok, subject: '' }, { subject: 'Subject is required' }],
    ['verify_email', { ...ok, subject: ' \t ' }, { subject: 'Subject is required' }],
    ['verify_email', { ...ok, subject: 'x'.repeat(200) }, {}],
    ['verify_email', { ...ok, subject: 'x'.repeat(201) }, { subject: 'Subject must be at most 200 characters' }],
    ['verify_email', { ...ok, subject: 'Hi\nthere' }, { subject: 'Subject must be a single line' }],
    ['verify_email', { ...ok, subject: 'Hi\u2028there' }, { subject: 'Subject must be a single line' }],
    ['verify_email', { ...ok, body: '\n\n' }, { body: 'Body is required' }],
    ['verify_email', { ...ok, body: '{{link}}'.padEnd(20_000, '.') }, {}],
    ['verify_email', { ...ok, body: '{{link}}'.padEnd(20_001, '.') }, { body: 'Body must be at most 20000 characters' }],
    ['verify_email', { ...ok, subject: '{{caseName}}' }, { subject: 'Unknown placeholder {{caseName}}; this e-mail can use {{firstName}}, {{link}}' }],
    ['verify_email', { ...ok, body: '{{link}} {{first-name}}' }, { body: 'Unknown placeholder {{first-name}}; this e-mail can use {{firstName}}, {{link}}' }],
    ['verify_email', { ...ok, body: '{{ link }}' }, { body: 'Unknown placeholder {{ link }}; this e-mail can use {{firstName}}, {{link}}' }],
    ['reset_password', { ...ok, body: 'no link' }, { body: 'Body must contain {{link}}' }],
    ['reset_password', { subject: '{{link}}', body: 'the link is in the subject' }, { body: 'Body must contain {{link}}' }],
    ['new_request', note, {}],
    ['new_request', { ...note, body: '{{link}}' }, { body: 'Body must contain {{unsubscribeLink}}: every notification e-mail says how to turn it off' }],
    [
      'new_request',
      { ...note, body: '{{link}} {{count}} {{unsubscribeLink}}' },
      {
        body: 'Unknown placeholder {{count}}; this e-mail can use {{firstName}}, {{caseName}}, {{link}}, {{unsubscribeLink}}',
      },
    ],
    ['new_message', { ...note, body: '{{count}} new: {{link}} {{unsubscribeLink}}' }, {}],
    ['verify_email', { subject: '', body: '' }, { subject: 'Subject is required', body: 'Body is required' }],
  ])('%s %j → %j', (kind, template, problems) => {
    expect(emailTemplateProblems(kind, template)).toEqual(problems);
  });
});

describe('previewEmail', () => {
  it('fills a template with the sample values exactly as the server fills a mail with the same values', () => {
    const template = { subject: 'Re: {{caseName}}', body: 'Hi {{firstName}},\n  {{count}} new\n{{link}}\n{{unsubscribeLink}}' };
    const preview = previewEmail('new_message', template, 'https://app.example');
    expect(preview).toEqual({
      subject: 'Re: Smith v. Jones',
      body: 'Hi Ada,\n  2 new\nhttps://app.example/messages/5f0c2a9e-0000-4000-8000-000000000001\nhttps://app.example/api/email/unsubscribe?token=sample-token',
    });
    const mail = composeEmail(
      'new_message',
      { new_message: template },
      {
        firstName: 'Ada',
        caseName: 'Smith v. Jones',
        count: '2',
        link: 'https://app.example/messages/5f0c2a9e-0000-4000-8000-000000000001',
        unsubscribeLink: 'https://app.example/api/email/unsubscribe?token=sample-token',
      },
    );
    expect({ subject: mail.subject, body: mail.text }).toEqual(preview);
  });
});

describe('notification and transactional kinds', () => {
  it('every kind a user may turn off offers and requires its unsubscribe link; no other kind has one', () => {
    for (const kind of EMAIL_KINDS) {
      const { placeholders, required } = EMAIL_KIND_INFO[kind];
      if (isNotificationEmailKind(kind)) {
        expect(placeholders, kind).toEqual(expect.arrayContaining(['firstName', 'caseName', 'link', 'unsubscribeLink']));
        expect(required, kind).toEqual(expect.arrayContaining(['link', 'unsubscribeLink']));
      } else {
        expect(placeholders, kind).not.toContain('unsubscribeLink');
      }
    }
  });
});

describe('the signing e-mails to a party', () => {
  it('the code e-mail carries the code and the document title, the title neutralised like any user text', () => {
    const mail = composeEmail('signing_code', null, { firstName: 'Ada', code: '493027', documentTitle: 'Term sheet of Doe.com v. Roe' });
    expect(mail.subject).toBe('Your code to sign Term sheet of Doe. com v. Roe');
    expect(mail.text).toContain('Your code to sign Term sheet of Doe. com v. Roe: 493027\n\nIt works for 10 minutes.');
  });

  it('a code or a title left out of an admin template is reported, and the preview links to the signing page', () => {
    expect(emailTemplateProblems('signing_code', { subject: 'Your code', body: 'Sign {{documentTitle}}' })).toEqual({
      body: 'Body must contain {{code}}',
    });
    expect(emailTemplateProblems('party_signature_request', { subject: 'Sign', body: 'Sign here: {{link}}' })).toEqual({
      body: 'Body must contain {{documentTitle}}',
    });
    const preview = previewEmail('party_signature_request', DEFAULT_EMAIL_TEMPLATES.party_signature_request, 'https://app.example');
    expect(preview.subject).toBe('Ada, you are asked to sign Term sheet, version 2 for Smith v. Jones');
    expect(preview.body).toContain('\nhttps://app.example/sign/sample-token\n');
    expect(preview.body).toContain('It works for 14 days.');
    expect(previewEmail('signing_code', DEFAULT_EMAIL_TEMPLATES.signing_code, 'https://app.example').body).toContain(
      'Your code to sign Term sheet, version 2: 493027',
    );
  });
});

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
} satisfies Record<string, EmailTemplate>;

export type EmailKind = keyof typeof DEFAULT_EMAIL_TEMPLATES;

export function renderEmail(
  kind: EmailKind,
  overrides: Record<string, EmailTemplate> | null | undefined,
  values: Record<string, string>,
): EmailTemplate {
  const template = overrides?.[kind] ?? DEFAULT_EMAIL_TEMPLATES[kind];
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
  return { subject: fill(template.subject), body: fill(template.body) };
}

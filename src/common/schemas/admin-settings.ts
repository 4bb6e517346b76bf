// PATCH /api/admin/settings (spec 7 + RULES.md 1): any subset of the platform settings. Numbers arrive as numbers or
// strings (the admin form's numeric inputs, step 0.01).
import { z } from 'zod';
import {
  EMAIL_KINDS,
  EMAIL_PLACEHOLDERS,
  emailTemplateProblems,
  isEmailKind,
  normalizeEmailTemplate,
  type EmailKind,
  type EmailTemplate,
} from '../email-templates';
import { parseCents, formatCents } from '../money';

const amount = (label: string, options: { allowZero: boolean }) =>
  z.union([z.string(), z.number()], `${label} must be a number`).transform((v, ctx) => {
    const cents = parseCents(v);
    if (cents === null || cents < 0 || (!options.allowZero && cents === 0)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be ${options.allowZero ? '0 or more' : 'greater than 0'} with at most two decimals` });
      return z.NEVER;
    }
    return formatCents(cents);
  });

const wholeNumber = (label: string, max: number) =>
  z.coerce
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`)
    .max(max, `${label} must be at most ${max}`);

const EmailTemplateInputSchema = z.strictObject(
  { subject: z.string('Subject must be text'), body: z.string('Body must be text') },
  'A template has a subject and a body only',
);

/**
 * `emailTemplates`: only the kinds sent change; a template replaces that e-mail's text, null puts the default back.
 * Problems are reported per kind and field (`emailTemplates.new_request.subject`) by the rules of common/email-templates.
 */
export const EmailTemplatesInputSchema = z
  .record(z.string(), EmailTemplateInputSchema.nullable(), 'E-mail templates must be an object of templates by e-mail')
  .superRefine((templates, ctx) => {
    for (const [kind, template] of Object.entries(templates)) {
      if (!isEmailKind(kind)) {
        ctx.addIssue({ code: 'custom', path: [kind], message: `Unknown e-mail ${kind}; the e-mails are ${EMAIL_KINDS.join(', ')}` });
        continue;
      }
      if (!template) continue;
      for (const [field, message] of Object.entries(emailTemplateProblems(kind, template))) ctx.addIssue({ code: 'custom', path: [kind, field], message });
    }
  })
  .transform(
    (templates) =>
      Object.fromEntries(Object.entries(templates).map(([kind, template]) => [kind, template && normalizeEmailTemplate(template)])) as Partial<
        Record<EmailKind, EmailTemplate | null>
      >,
  );

export const AdminSettingsInputSchema = z
  .strictObject(
    {
      commissionPercentage: amount('Commission', { allowZero: true }).refine((v) => parseCents(v)! <= 10_000, 'Commission must be at most 100%'),
      minimumPlatformFee: amount('Minimum fee', { allowZero: true }),
      defaultDeposit: amount('Deposit', { allowZero: false }),
      matchWindowMinutes: wholeNumber('Match window', 7 * 24 * 60),
      priorityHeadStartMinutes: wholeNumber('Priority head start', 7 * 24 * 60),
      payoutHoldHours: wholeNumber('Payout hold', 30 * 24),
      // Two-sided cases (decision 051): the most days a side has to pay its share; at least one.
      shareDueDays: wholeNumber('Share deadline', 90).min(1, 'Share deadline must be at least 1 day'),
      termsOfService: z.string('Terms must be text').max(100_000, 'Terms must be at most 100000 characters').nullable(),
      privacyPolicy: z.string('Privacy policy must be text').max(100_000, 'Privacy policy must be at most 100000 characters').nullable(),
      emailTemplates: EmailTemplatesInputSchema,
    },
    'Unknown setting',
  )
  .partial();
export type AdminSettingsInput = z.output<typeof AdminSettingsInputSchema>;

/** One e-mail in GET/PATCH /api/admin/settings: its text in force (the admin's or the default) and what it may use. */
export const EmailTemplateSettingSchema = z.object({
  kind: z.enum(EMAIL_KINDS),
  label: z.string(),
  subject: z.string(),
  body: z.string(),
  placeholders: z.array(z.enum(EMAIL_PLACEHOLDERS)),
  isDefault: z.boolean(),
});
export type EmailTemplateSetting = z.infer<typeof EmailTemplateSettingSchema>;

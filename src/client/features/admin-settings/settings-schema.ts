import { z } from 'zod';
import { parseCents } from '../../../common/money';
import { AdminSettingsInputSchema, type EmailTemplateSetting } from '../../../common/schemas/admin-settings';

/** GET/PATCH /api/admin/settings answer (admin-settings.routes.ts). */
export interface AdminSettings {
  commissionPercentage: string;
  minimumPlatformFee: string;
  defaultDeposit: string;
  matchWindowMinutes: number;
  priorityHeadStartMinutes: number;
  payoutHoldHours: number;
  shareDueDays: number;
  termsOfService: string | null;
  privacyPolicy: string | null;
  /** Every e-mail with its text in force (email-templates-card.tsx edits them). */
  emailTemplates: EmailTemplateSetting[];
  updatedAt: string;
}

const server = AdminSettingsInputSchema.shape;

/** The server's rule applied to a form field's text, its messages kept. */
const checkedBy =
  <O>(rule: z.ZodType<O>) =>
  (value: string, ctx: z.RefinementCtx) => {
    const result = rule.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  };

/** A numeric input: blank is "required" (the server would read a blank number as 0), else the server's own rule. */
const required = <O>(label: string, rule: z.ZodType<O>) => z.string().trim().min(1, `${label} is required`).transform(checkedBy(rule));
const text = <O>(rule: z.ZodType<O>) => z.string().transform(checkedBy(rule));

/**
 * The settings form, checked in the browser by the server's schema (common/schemas/admin-settings.ts): amounts of at
 * most two decimals, whole minutes and hours within their limits, texts up to 100,000 characters.
 */
export const settingsFormSchema = z.object({
  commissionPercentage: required('Commission', server.commissionPercentage.unwrap()),
  minimumPlatformFee: required('Minimum fee', server.minimumPlatformFee.unwrap()),
  defaultDeposit: required('Deposit', server.defaultDeposit.unwrap()),
  matchWindowMinutes: required('Match window', server.matchWindowMinutes.unwrap()),
  priorityHeadStartMinutes: required('Priority head start', server.priorityHeadStartMinutes.unwrap()),
  payoutHoldHours: required('Payout hold', server.payoutHoldHours.unwrap()),
  shareDueDays: required('Share deadline', server.shareDueDays.unwrap()),
  termsOfService: text(server.termsOfService.unwrap().unwrap()),
  privacyPolicy: text(server.privacyPolicy.unwrap().unwrap()),
});
export type SettingsFormValues = z.input<typeof settingsFormSchema>;
export type SettingsFormOutput = z.output<typeof settingsFormSchema>;
export type SettingsField = keyof SettingsFormValues;
export const SETTINGS_FIELDS = Object.keys(settingsFormSchema.shape) as SettingsField[];

/** The form's starting values: the settings as they are, every field as text. */
export function toFormValues(s: AdminSettings): SettingsFormValues {
  return {
    commissionPercentage: s.commissionPercentage,
    minimumPlatformFee: s.minimumPlatformFee,
    defaultDeposit: s.defaultDeposit,
    matchWindowMinutes: String(s.matchWindowMinutes),
    priorityHeadStartMinutes: String(s.priorityHeadStartMinutes),
    payoutHoldHours: String(s.payoutHoldHours),
    shareDueDays: String(s.shareDueDays),
    termsOfService: s.termsOfService ?? '',
    privacyPolicy: s.privacyPolicy ?? '',
  };
}

/** Equal as the server stores them: amounts to the cent ("10" = "10.00"), blank text = none. */
function same(field: SettingsField, value: string | number, current: AdminSettings): boolean {
  const before = current[field];
  if (field === 'termsOfService' || field === 'privacyPolicy') return (value || null) === before;
  if (typeof value === 'number') return value === before;
  return parseCents(value) === parseCents(before);
}

/** Only what the admin changed (PATCH takes any subset); a cleared text is sent as null. */
export function changedSettings(values: SettingsFormOutput, current: AdminSettings): Partial<Record<SettingsField, string | number | null>> {
  const changes: Partial<Record<SettingsField, string | number | null>> = {};
  for (const field of SETTINGS_FIELDS) {
    const value = values[field];
    if (same(field, value, current)) continue;
    changes[field] = (field === 'termsOfService' || field === 'privacyPolicy') && value === '' ? null : value;
  }
  return changes;
}

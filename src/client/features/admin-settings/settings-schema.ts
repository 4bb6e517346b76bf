import { parseCents } from '../../../common/money';
import type { z } from 'zod';
import type { EmailTemplateSetting } from '../../../common/schemas/admin-settings';
import type { settingsFormSchema } from './settings-validation';

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

export type SettingsFormValues = z.input<typeof settingsFormSchema>;
export type SettingsFormOutput = z.output<typeof settingsFormSchema>;
export type SettingsField = keyof SettingsFormValues;
/** The form's fields, in its order (settings-validation.test.ts checks the schema has exactly these). */
export const SETTINGS_FIELDS: readonly SettingsField[] = [
  'commissionPercentage',
  'minimumPlatformFee',
  'defaultDeposit',
  'matchWindowMinutes',
  'priorityHeadStartMinutes',
  'payoutHoldHours',
  'shareDueDays',
  'termsOfService',
  'privacyPolicy',
];

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

// People's own data (issue 28, docs/decisions/061): "Download my data" and "Delete my account" on the profile.
import { z } from 'zod';

/** Days a ready archive can be downloaded before it is removed (decision 061). */
export const DATA_EXPORT_TTL_DAYS = 7;

export const ACCOUNT_DATA_TEXTS = {
  exportRunning: 'Your archive is being prepared. We will e-mail you a link when it is ready.',
  exportNotFound: 'Archive not found',
  exportExpired: 'This download has expired. Ask for a new archive on your profile.',
  passwordRequired: 'Enter your password to confirm',
  passwordWrong: 'The password is incorrect',
  openCases: (names: string[]) =>
    `You take part in mediations that are still open: ${names.join(', ')}. Cancel them or let them finish before deleting your account.`,
  impersonating: 'An admin acting as this user cannot delete the account here; use the Users tab.',
  adminAccount: 'An admin account is deleted by another admin, from the Users tab.',
  documentPurged: 'This document was removed under the retention policy.',
} as const;

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** The user's latest archive as the profile shows it; `downloadUrl` only while it is ready. */
export const DataExportDtoSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  size: z.number().int().nullable(),
  downloadUrl: z.string().nullable(),
});
export type DataExportDto = z.infer<typeof DataExportDtoSchema>;

/** `GET /api/profile/data-export`: the latest archive, or null when none was ever asked for. */
export const DataExportStateSchema = z.object({ export: DataExportDtoSchema.nullable() });
export type DataExportState = z.infer<typeof DataExportStateSchema>;

export const DeleteAccountSchema = z.strictObject(
  { password: z.string(ACCOUNT_DATA_TEXTS.passwordRequired).min(1, ACCOUNT_DATA_TEXTS.passwordRequired).max(200, ACCOUNT_DATA_TEXTS.passwordRequired) },
  'Unknown field',
);
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;

/** Anonymised when the account has case or money history, removed otherwise (RULES.md 6, as the admins' deletion). */
export const DeleteAccountResultSchema = z.object({ outcome: z.enum(['removed', 'anonymized']) });
export type DeleteAccountResult = z.infer<typeof DeleteAccountResultSchema>;

/**
 * A case's document retention as the admins' Mediations tab shows it (decision 061). `purgeDueAt`: when its documents
 * go under the policy (null when the policy is off or the case is not closed); `heldAt`/`heldBy`: an admin's hold.
 */
export const RetentionDtoSchema = z.object({
  requestId: z.string(),
  policyDays: z.number().int().nullable(),
  closedAt: z.string().nullable(),
  noticeSentAt: z.string().nullable(),
  purgeDueAt: z.string().nullable(),
  purgedAt: z.string().nullable(),
  heldAt: z.string().nullable(),
  heldBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type RetentionDto = z.infer<typeof RetentionDtoSchema>;

export const RetentionHoldInputSchema = z.strictObject({ hold: z.boolean('hold must be true or false') }, 'Unknown field');
export type RetentionHoldInput = z.infer<typeof RetentionHoldInputSchema>;

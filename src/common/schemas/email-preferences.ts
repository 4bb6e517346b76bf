import { z } from 'zod';
import type { NotificationType, UserRole } from '../enums';

/**
 * The notifications a professional also wants in their inbox (issue 7), each of which they may turn off. Everything
 * else stays in the app only. The order is the order of the settings card.
 */
export const NOTIFICATION_EMAIL_KINDS = [
  'new_request',
  'acceptance_received',
  'mediator_selected',
  'mediation_completed',
  'payment_processed',
  'new_message',
  // The two-sided case (issue 23, docs/decisions/048): what the other side and the mediator do about the case.
  'counsel_joined',
  'invitation_declined',
  'selection_proposed',
  'selection_approved',
  'selection_declined',
  'conflict_disclosed',
  'reviews_revealed',
  // Each side pays its share (issue 24, decision 050).
  'share_due',
  // Scheduling the session (issue 25, decision 054); the invites and reminders themselves are never turned off.
  'date_poll_opened',
  'session_proposed',
  // The signed outcome (issue 26, decision 055); what a party without an account is sent is never turned off.
  'signature_requested',
  'term_sheet_updated',
  'signature_refused',
  'document_sealed',
] as const;
export type NotificationEmailKind = (typeof NOTIFICATION_EMAIL_KINDS)[number] & NotificationType;

export const NOTIFICATION_EMAIL_INFO: Record<NotificationEmailKind, { label: string; description: string; roles: readonly UserRole[] }> = {
  new_request: {
    label: 'New matching requests',
    description: 'A mediation request that matches your jurisdiction and specializations is open for acceptance.',
    roles: ['mediator'],
  },
  acceptance_received: { label: 'Acceptances', description: 'A mediator accepted one of your requests.', roles: ['lawyer'] },
  mediator_selected: { label: 'Selections', description: 'A lawyer selected you to mediate their case.', roles: ['mediator'] },
  mediation_completed: { label: 'Completed mediations', description: 'Your mediator marked a mediation complete.', roles: ['lawyer'] },
  payment_processed: { label: 'Payouts', description: 'The payout for a completed mediation was sent to you.', roles: ['mediator'] },
  new_message: {
    label: 'New messages while you are away',
    description: 'Messages still unread 10 minutes after they arrive (one e-mail per conversation until you read it).',
    roles: ['lawyer', 'mediator'],
  },
  counsel_joined: {
    label: 'Opposing counsel joined',
    description: 'Opposing counsel accepted the invitation and joined one of your cases.',
    roles: ['lawyer', 'mediator'],
  },
  invitation_declined: { label: 'Invitations declined', description: 'The counsel you invited declined to join your case.', roles: ['lawyer'] },
  selection_proposed: {
    label: 'Mediators proposed to you',
    description: 'The other side proposes a mediator for you to approve or decline.',
    roles: ['lawyer'],
  },
  selection_approved: { label: 'Mediators approved', description: 'Opposing counsel approved the mediator you proposed.', roles: ['lawyer'] },
  selection_declined: {
    label: 'Mediators declined',
    description: 'Opposing counsel declined the mediator you proposed, and said why.',
    roles: ['lawyer'],
  },
  conflict_disclosed: {
    label: 'Conflict disclosures',
    description: 'A mediator who accepted your case disclosed a possible conflict of interest.',
    roles: ['lawyer'],
  },
  reviews_revealed: {
    label: 'Reviews revealed',
    description: 'The reviews of a case with both sides are revealed, the ones about you included.',
    roles: ['lawyer', 'mediator'],
  },
  share_due: {
    label: 'Your share is due',
    description: 'Your share of a case’s fee is due and your saved card could not pay it (declined, or none saved).',
    roles: ['lawyer'],
  },
  date_poll_opened: { label: 'Date polls', description: 'A date poll is open for one of your cases: say which times suit your side.', roles: ['lawyer'] },
  session_proposed: {
    label: 'Dates that suit everyone',
    description: 'Every required attendee can make a time in your date poll: confirm it before it stands.',
    roles: ['mediator'],
  },
  signature_requested: {
    label: 'Documents to sign',
    description: 'A document of one of your cases awaits your signature: the agreement to mediate or a term sheet.',
    roles: ['lawyer'],
  },
  term_sheet_updated: {
    label: 'Term sheet changes',
    description: 'A new version of a term sheet was drafted, or edits to it were proposed.',
    roles: ['lawyer', 'mediator'],
  },
  signature_refused: {
    label: 'Refused signatures',
    description: 'A signer refused to sign a document of one of your cases, so drafting is open again.',
    roles: ['lawyer', 'mediator'],
  },
  document_sealed: {
    label: 'Sealed documents',
    description: 'Every signature is in and the sealed document is ready to download.',
    roles: ['lawyer', 'mediator'],
  },
};

export const isNotificationEmailKind = (value: string): value is NotificationEmailKind => (NOTIFICATION_EMAIL_KINDS as readonly string[]).includes(value);

/** The kinds that concern a role, in the card's order (an admin receives none of these e-mails). */
export const notificationEmailKindsFor = (role: UserRole | null | undefined): NotificationEmailKind[] =>
  NOTIFICATION_EMAIL_KINDS.filter((kind) => !!role && NOTIFICATION_EMAIL_INFO[kind].roles.includes(role));

export const EmailPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_EMAIL_KINDS),
  label: z.string(),
  description: z.string(),
  enabled: z.boolean(),
});
export type EmailPreference = z.infer<typeof EmailPreferenceSchema>;

/** GET/PATCH /api/profile/email-preferences answer: the caller's kinds, each on or off. */
export const EmailPreferencesSchema = z.array(EmailPreferenceSchema);

/** PATCH /api/profile/email-preferences: any subset of the kinds, each true (on) or false (off). */
export const EmailPreferencesUpdateSchema = z
  .strictObject(
    Object.fromEntries(NOTIFICATION_EMAIL_KINDS.map((kind) => [kind, z.boolean(`${kind} must be true or false`).optional()])) as Record<
      NotificationEmailKind,
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .refine((value) => Object.values(value).some((v) => v !== undefined), 'Choose at least one e-mail setting to change');
export type EmailPreferencesUpdate = z.infer<typeof EmailPreferencesUpdateSchema>;

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is invalid. You can manage your e-mails from your profile.';

/** POST /api/email/unsubscribe: the token of the e-mail's link. */
export const UnsubscribeInputSchema = z.strictObject({ token: z.string(UNSUBSCRIBE_INVALID).min(1, UNSUBSCRIBE_INVALID).max(500, UNSUBSCRIBE_INVALID) });

export const UnsubscribeResultSchema = z.object({ kind: z.enum(NOTIFICATION_EMAIL_KINDS), label: z.string(), enabled: z.literal(false) });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;

/**
 * The kind an unsubscribe token names, read without checking it (the confirmation page shows it before the server
 * checks the signature on POST). Token: base64url("<userId>:<kind>") "." signature.
 */
export function unsubscribeTokenKind(token: string | null | undefined): NotificationEmailKind | null {
  const [payload] = (token ?? '').split('.');
  if (!payload || !/^[\w-]+$/.test(payload)) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const kind = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)).split(':')[1] ?? '';
    return isNotificationEmailKind(kind) ? kind : null;
  } catch {
    return null;
  }
}

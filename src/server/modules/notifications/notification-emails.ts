import type { MessageChannel, NotificationType } from '../../../common/enums';
import { isNotificationEmailKind, type NotificationEmailKind } from '../../../common/schemas/email-preferences';
import type { MailMessage } from '../../adapters/mail';
import type { EmailTemplate } from '../../db/schema';
import { createUnsubscribeToken } from '../email-preferences/unsubscribe-token';
import { renderEmail } from '../settings/email-templates';

/** Which notification types also go to the inbox (issue 7); every other type stays in the app. */
export const emailKindOf = (type: NotificationType): NotificationEmailKind | null => (isNotificationEmailKind(type) ? type : null);

/** How long a new message waits unread before it is e-mailed ("while away"). */
export const MESSAGE_EMAIL_DELAY_MS = 10 * 60_000;

const REQUEST_LINK = /^\/(?:requests|messages)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?#]|$)/i;

/** The request a notification's link points at (`/requests/{id}…` or `/messages/{id}`), if any. */
export function requestIdOf(linkUrl: string | null | undefined): string | null {
  return linkUrl?.match(REQUEST_LINK)?.[1]?.toLowerCase() ?? null;
}

const CHANNEL_PARAM = /[?&]channel=(first|second|joint)(?:&|#|$)/;

/** The message channel a new-message notification's link names (`/messages/{id}?channel=joint`), if any (decision 046). */
export function channelOf(linkUrl: string | null | undefined): MessageChannel | null {
  return (linkUrl?.match(CHANNEL_PARAM)?.[1] as MessageChannel | undefined) ?? null;
}

/** Our own absolute link for a notification's path; anything but a plain same-origin path becomes the list. */
export function appLink(publicUrl: string, linkUrl: string | null | undefined): string {
  const safe = linkUrl && /^\/(?![/\\])[^\s\\]*$/.test(linkUrl) ? linkUrl : '/notifications';
  return `${publicUrl}${safe}`;
}

export function unsubscribeLink(publicUrl: string, secret: string, userId: string, kind: NotificationEmailKind): string {
  return `${publicUrl}/api/email/unsubscribe?token=${createUnsubscribeToken(secret, userId, kind)}`;
}

export interface NotificationEmailInput {
  kind: NotificationEmailKind;
  to: { id: string; email: string; firstName: string };
  caseName: string | null | undefined;
  linkUrl: string | null | undefined;
  count?: number;
}

/**
 * One notification e-mail from the settings' template for its kind (the default when the admin set none). Names and
 * case names are user text, neutralised by renderEmail (docs/decisions/013); our two links are not. An admin's
 * template that leaves out {{unsubscribeLink}} still gets the link, on a line of its own at the end.
 */
export function buildNotificationEmail(
  app: { publicUrl: string; secret: string },
  templates: Record<string, EmailTemplate> | null | undefined,
  input: NotificationEmailInput,
): MailMessage {
  const unsubscribe = unsubscribeLink(app.publicUrl, app.secret, input.to.id, input.kind);
  const email = renderEmail(input.kind, templates, {
    firstName: input.to.firstName,
    caseName: input.caseName || 'your request',
    link: appLink(app.publicUrl, input.linkUrl),
    unsubscribeLink: unsubscribe,
    count: String(input.count ?? 1),
  });
  const text = email.body.includes(unsubscribe) ? email.body : `${email.body}\n\n--\nTurn these e-mails off: ${unsubscribe}`;
  return { to: input.to.email, subject: email.subject, text };
}

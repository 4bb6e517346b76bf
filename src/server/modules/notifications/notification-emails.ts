import type { MessageChannel, NotificationType } from '../../../common/enums';
import { isNotificationEmailKind, type NotificationEmailKind } from '../../../common/schemas/email-preferences';
import type { MailMessage } from '../../adapters/mail';
import type { EmailTemplate } from '../../db/schema';
import { createUnsubscribeToken } from '../email-preferences/unsubscribe-token';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '../../http-paths';
import { composeEmail } from '../settings/email-templates';

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

/**
 * The header fields that let a mail client offer its own "Unsubscribe" (RFC 2369) in one click (RFC 8058): the client
 * POSTs to the URL, which turns that kind off with no sign-in. Only an https URL (no mailto: no mailbox of ours reads
 * unsubscribe requests). Notification e-mails only: a reset link, a sign-in code or an invitation is not a list.
 */
function listUnsubscribeHeaders(publicUrl: string, secret: string, userId: string, kind: NotificationEmailKind): Record<string, string> {
  const url = `${publicUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${createUnsubscribeToken(secret, userId, kind)}`;
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export interface NotificationEmailInput {
  kind: NotificationEmailKind;
  to: { id: string; email: string; firstName: string };
  caseName: string | null | undefined;
  linkUrl: string | null | undefined;
  count?: number;
}

/**
 * One notification e-mail from the settings' template for its kind (the default when the admin set none), as text and
 * in the HTML layout, with the List-Unsubscribe header fields. Names and case names are user text, neutralised (and
 * escaped in the HTML) by composeEmail (docs/decisions/013, 060); our two links are not. An admin's template that
 * leaves out {{unsubscribeLink}} still gets the link, on a footer line of its own at the end.
 */
export function buildNotificationEmail(
  app: { publicUrl: string; secret: string },
  templates: Record<string, EmailTemplate> | null | undefined,
  input: NotificationEmailInput,
): MailMessage {
  const email = composeEmail(input.kind, templates, {
    firstName: input.to.firstName,
    caseName: input.caseName || 'your request',
    link: appLink(app.publicUrl, input.linkUrl),
    unsubscribeLink: unsubscribeLink(app.publicUrl, app.secret, input.to.id, input.kind),
    count: String(input.count ?? 1),
  });
  return {
    to: input.to.email,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: listUnsubscribeHeaders(app.publicUrl, app.secret, input.to.id, input.kind),
  };
}

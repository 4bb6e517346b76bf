import {
  NOTIFICATION_EMAIL_INFO,
  notificationEmailKindsFor,
  UNSUBSCRIBE_INVALID,
  type EmailPreference,
  type EmailPreferencesUpdate,
  type NotificationEmailKind,
  type UnsubscribeResult,
} from '../../../common/schemas/email-preferences';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { addOptOuts, listOptOuts, removeOptOuts } from './email-preferences.repo';
import { readUnsubscribeToken } from './unsubscribe-token';

const present = (kinds: NotificationEmailKind[], optedOut: string[]): EmailPreference[] =>
  kinds.map((kind) => ({
    kind,
    label: NOTIFICATION_EMAIL_INFO[kind].label,
    description: NOTIFICATION_EMAIL_INFO[kind].description,
    enabled: !optedOut.includes(kind),
  }));

/** The e-mails that concern the caller's role, each on or off (on unless turned off). */
export async function getEmailPreferences(ctx: AppContext, user: SessionUser): Promise<EmailPreference[]> {
  return present(notificationEmailKindsFor(user.role), await listOptOuts(ctx.db, user.id));
}

export async function updateEmailPreferences(ctx: AppContext, user: SessionUser, update: EmailPreferencesUpdate): Promise<EmailPreference[]> {
  const entries = Object.entries(update).filter(([, enabled]) => enabled !== undefined) as [NotificationEmailKind, boolean][];
  const optedOut = await transaction(ctx, async (tx) => {
    await addOptOuts(
      tx,
      user.id,
      entries.filter(([, enabled]) => !enabled).map(([kind]) => kind),
    );
    await removeOptOuts(
      tx,
      user.id,
      entries.filter(([, enabled]) => enabled).map(([kind]) => kind),
    );
    return listOptOuts(tx, user.id);
  });
  return present(notificationEmailKindsFor(user.role), optedOut);
}

/** Whether a token from an e-mail's link is ours (the confirmation page is shown only for one that is). */
export const isValidUnsubscribeToken = (ctx: AppContext, token: string) => readUnsubscribeToken(ctx.secret, token) !== null;

/**
 * The e-mail's unsubscribe link, confirmed on our page: the token alone is the authority (no sign-in), and it turns
 * off exactly the kind it names for the user it names, whoever is signed in.
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<UnsubscribeResult> {
  const read = readUnsubscribeToken(ctx.secret, token);
  if (!read) throw badRequest(UNSUBSCRIBE_INVALID, { token: UNSUBSCRIBE_INVALID });
  await transaction(ctx, (tx) => addOptOuts(tx, read.userId, [read.kind]));
  return { kind: read.kind, label: NOTIFICATION_EMAIL_INFO[read.kind].label, enabled: false };
}

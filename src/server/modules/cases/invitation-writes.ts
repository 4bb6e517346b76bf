// Writing an invitation inside a caller's transaction: the row and its e-mail (through the outbox) together, so the
// invitation exists if and only if its e-mail will go out. Used by the invite call and by the request form's "invite
// opposing counsel" (decision 043). Imports no service, so the requests module may call it.
import { DEFAULT_FIRST_SIDE_PERCENT } from '../../../common/domain/fee-split';
import { composeEmail } from '../../../common/email-layout-message';
import { INVITATION_LIFETIME_DAYS, type InviteCounsel } from '../../../common/schemas/cases';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { mediationRequests, users } from '../../db/schema';
import { enqueueMail } from '../../outbox/messages';
import { newToken } from '../auth/tokens';
import { getSettings } from '../settings/settings.repo';
import * as repo from './invitations.repo';

export const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

type Inviter = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName'>;

export async function queueInvitationEmail(
  ctx: AppContext,
  tx: DbOrTx,
  invitation: { email: string; name: string },
  token: string,
  inviter: Inviter,
  caseName: string,
) {
  const settings = await getSettings(tx);
  const email = composeEmail('case_invitation', settings.emailTemplates, {
    firstName: invitation.name,
    inviterName: `${inviter.firstName} ${inviter.lastName}`,
    caseName,
    link: `${ctx.publicUrl}/invitations/${token}`,
  });
  await enqueueMail(tx, { to: invitation.email, subject: email.subject, text: email.text, html: email.html });
}

/** A new invitation of the request's opposing counsel and its e-mail, in the caller's transaction (the request locked). */
export async function sendInvitation(
  ctx: AppContext,
  tx: DbOrTx,
  { request, inviter, invitee }: { request: Pick<typeof mediationRequests.$inferSelect, 'id' | 'caseName'>; inviter: Inviter; invitee: InviteCounsel },
): Promise<repo.InvitationRow> {
  const now = ctx.clock.now();
  const { token, hash } = newToken();
  const created = await repo.insertInvitation(tx, {
    requestId: request.id,
    invitedById: inviter.id,
    email: invitee.email,
    name: invitee.name,
    firmName: invitee.firmName,
    firstSidePercent: invitee.firstSidePercent ?? DEFAULT_FIRST_SIDE_PERCENT,
    tokenHash: hash,
    sentAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
    createdAt: now,
  });
  await queueInvitationEmail(ctx, tx, created, token, inviter, request.caseName);
  return created;
}

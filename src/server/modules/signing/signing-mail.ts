// The e-mails a party without an account gets (decision 055): the personal link to sign, the one-time code, and the
// sealed document. Written to the outbox in the caller's transaction; admins edit their texts like every other e-mail.
import { composeEmail } from '../../../common/email-layout-message';
import type { EmailKind } from '../../../common/email-templates';
import type { DbOrTx } from '../../db/client';
import { enqueueMail } from '../../outbox/messages';
import { getSettings } from '../settings/settings.repo';

interface PartyMail {
  kind: Extract<EmailKind, 'party_signature_request' | 'signing_code' | 'party_document_sealed'>;
  to: { name: string; email: string };
  values: { caseName?: string; documentTitle: string; link?: string; code?: string };
}

export async function enqueuePartyMail(db: DbOrTx, mail: PartyMail): Promise<void> {
  const { emailTemplates } = await getSettings(db);
  const email = composeEmail(mail.kind, emailTemplates, {
    firstName: mail.to.name.split(' ')[0] || mail.to.name,
    caseName: mail.values.caseName ?? '',
    documentTitle: mail.values.documentTitle,
    link: mail.values.link ?? '',
    code: mail.values.code ?? '',
  });
  await enqueueMail(db, { to: mail.to.email, subject: email.subject, text: email.text, html: email.html });
}

/** The page a party signs on: the token is the whole credential until the code. */
export const partySigningUrl = (publicUrl: string, token: string) => `${publicUrl}/sign/${token}`;

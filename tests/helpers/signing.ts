import type { Envelope, TermSheetContentInput } from '../../src/common/schemas/signing';
import { PASSWORD, uniqueEmail, type Account } from './accounts';
import { createMatchedRequest } from './matched';
import { call } from './requests';
import { lastLink, type TestApp } from './test-app';
import { inviteAndJoin } from './two-sided';

// A two-sided matched case whose mediator has drafted term sheet version 1 and (usually) marked it final: an envelope
// open for both counsel (by password) and one party of each side (by the link and code e-mailed to them); and the calls
// each signer makes.

export const typedSignature = (text: string) => ({ kind: 'typed' as const, text });

export interface PartySigner {
  name: string;
  side: 'first' | 'second';
  email: string;
  /** The token of the personal link e-mailed when the envelope opened. */
  token: string;
}

/** A term sheet whose parties sign by e-mail (fresh addresses, so each case's e-mails are its own). */
export function termSheetContent(parties: Omit<PartySigner, 'token'>[]): TermSheetContentInput {
  return {
    parties: parties.map(({ name, side, email }) => ({ name, side, email })),
    payments: [{ amount: '25000.00', payer: parties[1].name, payee: parties[0].name, dueDate: '2026-04-30' }],
    releases: 'Mutual general releases of all claims arising from the lease.',
    confidentiality: 'The terms of this settlement are confidential.',
    dismissal: 'Dismissal with prejudice within 10 days of payment.',
    otherTerms: '',
  };
}

/** The token of the last signing link e-mailed to a party (the link's last segment). */
export async function partyToken(t: TestApp, email: string): Promise<string> {
  await t.ctx.outbox.kick();
  return lastLink(t.mailer, email, /\/sign\/[\w-]+/)
    .split('/')
    .pop()!;
}

/** Asks for a party's one-time code and reads it from the e-mail. */
export async function partyCode(t: TestApp, token: string, email: string): Promise<string> {
  const asked = await call(t, 'POST', `/api/sign/${token}/code`);
  if (asked.statusCode !== 200) throw new Error(`code failed: ${asked.statusCode} ${asked.body}`);
  await t.ctx.outbox.kick();
  const mail = [...t.mailer.sent].reverse().find((m) => m.to === email && /^Your code to sign/.test(m.subject));
  const code = mail && /: (\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code e-mailed to ${email}`);
  return code;
}

/** Counsel signs an envelope with a typed signature and their password. */
export const counselSign = (t: TestApp, cookie: string, envelopeId: string) =>
  call(t, 'POST', `/api/signing/envelopes/${envelopeId}/sign`, cookie, { intent: true, signature: typedSignature('Counsel Signature'), password: PASSWORD });

/** A party signs by their link with a code already e-mailed to them. */
export const partySign = (t: TestApp, party: PartySigner, code: string) =>
  call(t, 'POST', `/api/sign/${party.token}`, undefined, { intent: true, signature: typedSignature(party.name), code });

/** Marks a version of the case's term sheet final (the mediator). */
export const markFinal = (t: TestApp, mediatorCookie: string, requestId: string, number: number) =>
  call(t, 'POST', `/api/requests/${requestId}/term-sheet/versions/${number}/final`, mediatorCookie);

/** A two-sided matched case whose mediator has drafted term sheet version 1, naming two parties who sign by e-mail. */
export async function caseWithTermSheet(t: TestApp) {
  const matched = await createMatchedRequest(t);
  const opposing: Account = await inviteAndJoin(t, matched.lawyer.cookie, matched.id);
  const parties = [
    { name: 'Ann Applicant', side: 'first' as const, email: uniqueEmail('ann') },
    { name: 'Rob Respondent', side: 'second' as const, email: uniqueEmail('rob') },
  ];
  const drafted = await call(t, 'POST', `/api/requests/${matched.id}/term-sheet/versions`, matched.mediator.cookie, { content: termSheetContent(parties) });
  if (drafted.statusCode !== 201) throw new Error(`draft failed: ${drafted.statusCode} ${drafted.body}`);
  return { ...matched, opposing, parties };
}

/**
 * The same with version 1 marked final: the envelope's signers are the requesting counsel, opposing counsel, then the
 * two parties, each party with the token of the link e-mailed to them.
 */
export async function caseWithFinalTermSheet(t: TestApp) {
  const drafted = await caseWithTermSheet(t);
  const final = await markFinal(t, drafted.mediator.cookie, drafted.id, 1);
  if (final.statusCode !== 201) throw new Error(`final failed: ${final.statusCode} ${final.body}`);
  const parties: PartySigner[] = [];
  for (const p of drafted.parties) parties.push({ ...p, token: await partyToken(t, p.email) });
  return { ...drafted, envelope: final.json() as Envelope, parties };
}

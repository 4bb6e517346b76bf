import { call } from './requests';
import { partyToken, termSheetContent } from './signing';
import type { TestApp } from './test-app';

// A matched case's term sheet as the security suites call it (route policy, the two-sided matrix, the API fuzz): every
// id a signing route takes names a real row, and each kind of row they meet exists once.

export interface TermSheetParty {
  name: string;
  side: 'first' | 'second';
  /** Empty: the party signs through their counsel only (no link is sent). */
  email: string;
}

export interface TermSheetFixture {
  /** The latest version, out for signature (marking it final again is 409). */
  version: number;
  /** Its envelope, open: counsel and each party with an e-mail are to sign. */
  envelopeId: string;
  /** Counsel's edits proposed to the latest version, open. */
  proposalId: string;
  /** The parties' links to the open envelope. */
  liveTokens: string[];
  /** Their links to version 1's envelope, voided when version 2 replaced it: they still open, but sign nothing. */
  replacedTokens: string[];
}

/** The JSON of a setup call that must answer `status`. */
async function expectStatus(sent: ReturnType<typeof call>, status: number, what: string) {
  const res = await sent;
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Version 1 drafted by the mediator and sent for signature, replaced by version 2 (version 1's envelope void), edits
 * proposed to version 2 by `counselCookie`, and version 2 sent for signature. Needs a matched case.
 */
export async function openTermSheet(
  t: TestApp,
  options: { requestId: string; mediatorCookie: string; counselCookie: string; parties: TermSheetParty[] },
): Promise<TermSheetFixture> {
  const { requestId, mediatorCookie, counselCookie, parties } = options;
  const versions = `/api/requests/${requestId}/term-sheet/versions`;
  const content = termSheetContent(parties);
  const signing = parties.filter((p) => p.email);
  const tokens = () => Promise.all(signing.map((p) => partyToken(t, p.email)));

  await expectStatus(call(t, 'POST', versions, mediatorCookie, { content }), 201, 'version 1');
  await expectStatus(call(t, 'POST', `${versions}/1/final`, mediatorCookie), 201, 'version 1 final');
  const replacedTokens = await tokens();
  await expectStatus(call(t, 'POST', versions, mediatorCookie, { content, note: 'The payment date moved.' }), 201, 'version 2');
  const proposal = await expectStatus(
    call(t, 'POST', `/api/requests/${requestId}/term-sheet/proposals`, counselCookie, {
      baseVersion: 2,
      content: { ...content, otherTerms: 'Each side bears its own costs.' },
      note: 'Costs.',
    }),
    201,
    'proposal',
  );
  const envelope = await expectStatus(call(t, 'POST', `${versions}/2/final`, mediatorCookie), 201, 'version 2 final');
  return { version: 2, envelopeId: envelope.id, proposalId: proposal.id, liveTokens: await tokens(), replacedTokens };
}

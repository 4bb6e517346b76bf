import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import type { CaseSigning, Envelope, TermSheetContentInput } from '../../../common/schemas/signing';
import { pdfSignatures, pdfText } from './pdf/poppler.fixture';

// Issue 26 (decision 055): a two-sided case's term sheet from the first version to the sealed document: edits proposed
// and accepted, a version marked final, a refusal that reopens drafting, counsel signing with their password and the
// parties by their e-mailed link and code, the sealed file verified (and one changed byte caught), the audit
// certificate, and the outcome certificate that names no term.

const PARTIES = [
  { name: 'Ann Applicant', side: 'first', email: 'ann.applicant@example.com' },
  { name: 'Rob Respondent', side: 'second', email: 'rob.respondent@example.com' },
] as const;

const VERSION_1: TermSheetContentInput = {
  parties: [...PARTIES],
  payments: [{ amount: '25000.00', payer: 'Rob Respondent', payee: 'Ann Applicant', dueDate: '2026-04-30' }],
  releases: 'Mutual general releases of all claims arising from the lease.',
  confidentiality: 'The terms of this settlement are confidential.',
  dismissal: 'Dismissal with prejudice within 10 days of payment.',
  otherTerms: '',
};
const VERSION_2: TermSheetContentInput = {
  ...VERSION_1,
  payments: [{ amount: '27500.00', payer: 'Rob Respondent', payee: 'Ann Applicant', dueDate: '2026-05-15' }],
  otherTerms: 'Each side bears its own attorney fees.',
};

const typed = (text: string) => ({ kind: 'typed', text });
// A 1×1 PNG: a drawn signature as the pad sends it.
const DRAWN = {
  kind: 'drawn',
  image: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
};

/** A PDF made by someone else: a real PDF, but not one we sealed. */
function foreignPdf(): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text('Term sheet, version 2. Signed by everyone, honestly.');
  doc.end();
  return done;
}

describe.each(backends)('the term sheet, signed and sealed, on %s', (backend) => {
  let t: TestApp;
  let matched: Awaited<ReturnType<typeof createMatchedRequest>>;
  let opposing: Account;
  beforeAll(async () => {
    t = await createTestApp(backend);
    matched = await createMatchedRequest(t);
    opposing = await inviteAndJoin(t, matched.lawyer.cookie, matched.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const id = () => matched.id;
  const signing = async (cookie: string) => {
    const res = await call(t, 'GET', `/api/requests/${id()}/signing`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CaseSigning;
  };
  const verify = (file: Buffer) =>
    t.app.inject({ method: 'POST', url: '/api/verify', headers: { 'content-type': 'application/pdf' }, payload: file }).then((r) => {
      expect(r.statusCode).toBe(200);
      return r.json();
    });
  /** The signing link and the latest code e-mailed to a party. */
  async function partyMail(email: string, what: 'link' | 'code') {
    await t.ctx.outbox.kick();
    const mail = [...t.mailer.sent]
      .reverse()
      .find((m) => m.to === email && (what === 'link' ? /\/sign\/[\w-]+/.test(m.text) : /\b\d{6}\b/.test(m.subject + m.text)));
    if (!mail) throw new Error(`no ${what} e-mail to ${email}`);
    return what === 'link' ? mail.text.match(/\/sign\/([\w-]+)/)![1] : (mail.subject + mail.text).match(/\b(\d{6})\b/)![1];
  }
  const counselSign = (envelope: Envelope, account: Account, name: string) =>
    call(t, 'POST', `/api/signing/envelopes/${envelope.id}/sign`, account.cookie, { intent: true, signature: typed(name), password: PASSWORD });

  it('drafts, takes proposed edits into a new version, and keeps each side’s proposals from the other', async () => {
    // Counsel may write the first version; then only propose.
    const draft = await call(t, 'POST', `/api/requests/${id()}/term-sheet/versions`, matched.lawyer.cookie, { content: VERSION_1, note: 'Our opening terms' });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json()).toMatchObject({ number: 1, status: 'draft', note: 'Our opening terms' });
    const second = await call(t, 'POST', `/api/requests/${id()}/term-sheet/versions`, opposing.cookie, { content: VERSION_2 });
    expect(second.statusCode).toBe(403);

    // Bad input is refused whole, with the field's words where the form shows them.
    const bad = await call(t, 'POST', `/api/requests/${id()}/term-sheet/proposals`, opposing.cookie, {
      baseVersion: 1,
      content: { ...VERSION_2, parties: [{ name: '', side: 'first', email: 'not-an-email' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({ 'content.parties.0.name': 'Enter the party’s name' });

    const proposal = await call(t, 'POST', `/api/requests/${id()}/term-sheet/proposals`, opposing.cookie, {
      baseVersion: 1,
      content: VERSION_2,
      note: 'More, later',
    });
    expect(proposal.statusCode).toBe(201);
    expect((await signing(matched.lawyer.cookie)).termSheet.proposals).toEqual([]);
    expect((await signing(matched.mediator.cookie)).termSheet.proposals).toHaveLength(1);
    expect((await signing(opposing.cookie)).termSheet.canPropose).toBe(true);

    // Only the mediator accepts.
    expect((await call(t, 'POST', `/api/term-sheet-proposals/${proposal.json().id}/accept`, matched.lawyer.cookie)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/term-sheet-proposals/${proposal.json().id}/accept`, opposing.cookie)).statusCode).toBe(403);
    const accepted = await call(t, 'POST', `/api/term-sheet-proposals/${proposal.json().id}/accept`, matched.mediator.cookie);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ number: 2, status: 'draft', content: { otherTerms: 'Each side bears its own attorney fees.' } });
    expect((await signing(opposing.cookie)).termSheet.proposals).toEqual([
      expect.objectContaining({ status: 'accepted', acceptedAsVersion: 2, decisionReason: null }),
    ]);
    expect((await call(t, 'POST', `/api/term-sheet-proposals/${proposal.json().id}/accept`, matched.mediator.cookie)).statusCode).toBe(409);
    const view = await signing(matched.lawyer.cookie);
    expect(view.termSheet.versions.map((v) => [v.number, v.status])).toEqual([
      [1, 'superseded'],
      [2, 'draft'],
    ]);
  });

  it('sends the final version to every counsel and each party; a refusal reopens drafting', async () => {
    // Only the latest version, by the mediator.
    expect((await call(t, 'POST', `/api/requests/${id()}/term-sheet/versions/1/final`, matched.mediator.cookie)).statusCode).toBe(409);
    expect((await call(t, 'POST', `/api/requests/${id()}/term-sheet/versions/2/final`, matched.lawyer.cookie)).statusCode).toBe(403);
    const final = await call(t, 'POST', `/api/requests/${id()}/term-sheet/versions/2/final`, matched.mediator.cookie);
    expect(final.statusCode).toBe(201);
    const envelope = final.json() as Envelope;
    expect(envelope.signers.map((s) => [s.role, s.side, s.status])).toEqual([
      ['counsel', 'first', 'pending'],
      ['counsel', 'second', 'pending'],
      ['party', 'first', 'pending'],
      ['party', 'second', 'pending'],
    ]);
    // Each party's link came by e-mail; the page says who they are, not their whole address.
    const token = await partyMail(PARTIES[0].email, 'link');
    const page = await call(t, 'GET', `/api/sign/${token}`);
    expect(page.json()).toMatchObject({ signerName: 'Ann Applicant', emailHint: 'a•••@example.com', title: 'Term sheet, version 2', status: 'pending' });

    const refusal = await call(t, 'POST', `/api/signing/envelopes/${envelope.id}/refuse`, opposing.cookie, { reason: 'The due date must be June 1.' });
    expect(refusal.statusCode).toBe(200);
    expect(refusal.json()).toMatchObject({ status: 'refused' });
    expect(refusal.json().signers[1]).toMatchObject({ status: 'refused', refusalReason: 'The due date must be June 1.' });
    // A signature on an envelope no longer open is refused; the link says so too.
    expect((await counselSign(envelope, matched.lawyer, 'Lee Lawyer')).statusCode).toBe(409);
    expect((await call(t, 'POST', `/api/sign/${token}/code`)).statusCode).toBe(409);
    expect((await signing(matched.mediator.cookie)).termSheet.versions.at(-1)).toMatchObject({ number: 2, status: 'draft' });
  });

  it('seals once when the last signature is in: every name on the file, verified unchanged, one changed byte caught', async () => {
    const envelope = (await call(t, 'POST', `/api/requests/${id()}/term-sheet/versions/2/final`, matched.mediator.cookie)).json() as Envelope;
    expect((await counselSign(envelope, matched.lawyer, 'Lee Lawyer')).statusCode).toBe(200);
    expect((await counselSign(envelope, opposing, 'Olivia Opponent')).statusCode).toBe(200);

    // Ann signs by her link with the code e-mailed to her; a wrong code first is refused and kept in the trail.
    const ann = await partyMail(PARTIES[0].email, 'link');
    expect(
      (await call(t, 'POST', `/api/sign/${ann}`, undefined, { intent: true, signature: typed('Ann Applicant'), code: '123456' })).json().fieldErrors,
    ).toEqual({
      code: 'Ask for a code first: “E-mail me a code”',
    });
    expect((await call(t, 'POST', `/api/sign/${ann}/code`)).json()).toEqual({ sent: true });
    const code = await partyMail(PARTIES[0].email, 'code');
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await call(t, 'POST', `/api/sign/${ann}`, undefined, { intent: true, signature: typed('Ann Applicant'), code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.code).toMatch(/not right/);
    const annSigned = await call(t, 'POST', `/api/sign/${ann}`, undefined, { intent: true, signature: typed('Ann Applicant'), code });
    expect(annSigned.statusCode).toBe(200);
    expect(annSigned.json()).toMatchObject({ status: 'signed', envelopeStatus: 'open' });
    // A code signs once.
    expect((await call(t, 'POST', `/api/sign/${ann}`, undefined, { intent: true, signature: typed('Ann Applicant'), code })).statusCode).toBe(409);

    // Rob, the last, draws his signature: the envelope seals in his request.
    const rob = await partyMail(PARTIES[1].email, 'link');
    await call(t, 'POST', `/api/sign/${rob}/code`);
    const robSigned = await call(t, 'POST', `/api/sign/${rob}`, undefined, { intent: true, signature: DRAWN, code: await partyMail(PARTIES[1].email, 'code') });
    expect(robSigned.json()).toMatchObject({ status: 'signed', envelopeStatus: 'sealed' });

    const afterSeal = await signing(matched.lawyer.cookie);
    expect(afterSeal.termSheet).toMatchObject({ canDraft: false, canPropose: false });
    // The signed term sheet is the outcome: no new version, no edits.
    expect((await call(t, 'POST', `/api/requests/${id()}/term-sheet/versions`, matched.mediator.cookie, { content: VERSION_1 })).json().message).toMatch(
      /signed by everyone/,
    );
    const sealed = afterSeal.termSheet.envelopes.at(-1)!;
    expect(sealed).toMatchObject({ status: 'sealed', id: envelope.id });
    expect(sealed.signers.every((s) => s.status === 'signed' && s.signedAt)).toBe(true);
    expect(sealed.signers.map((s) => s.method)).toEqual(['password', 'password', 'email_code', 'email_code']);
    const file = (await call(t, 'GET', sealed.documentUrl, opposing.cookie)).rawPayload;
    expect(createHash('sha256').update(file).digest('hex')).toBe(sealed.sha256);
    // An independent reader finds every signer's name, and one valid seal over the whole file.
    const text = pdfText(file);
    // (both counsel are "Lena Lawyer" here; their typed signatures differ)
    for (const name of ['Lena Lawyer', 'Lee Lawyer', 'Olivia Opponent', 'Ann Applicant', 'Rob Respondent']) expect(text).toContain(name);
    expect(pdfSignatures(file)).toMatch(/Signature is Valid/);
    // The party's link now hands them the sealed file.
    expect(
      createHash('sha256')
        .update((await call(t, 'GET', `/api/sign/${await partyMail(PARTIES[1].email, 'link')}/document`)).rawPayload)
        .digest('hex'),
    ).toBe(sealed.sha256);

    const untouched = await verify(file);
    expect(untouched).toMatchObject({ result: 'sealed', document: { title: 'Term sheet, version 2', sha256: sealed.sha256 } });
    expect(untouched.document.signers.map((s: { name: string }) => s.name)).toContain('Rob Respondent');
    const changed = Buffer.from(file);
    const at = Math.floor(changed.length / 3);
    changed[at] = changed[at] ^ 0x01;
    expect(await verify(changed)).toEqual({ result: 'changed', document: null });
    expect(await verify(await foreignPdf())).toEqual({ result: 'unknown', document: null });
    expect(await verify(Buffer.from('not a pdf at all'))).toEqual({ result: 'unknown', document: null });
    expect(await verify(Buffer.alloc(0))).toEqual({ result: 'unknown', document: null });

    // The audit certificate: every signer with method and IP, the failed attempts, the hash of the sealed file.
    const audit = pdfText((await call(t, 'GET', sealed.auditUrl, matched.mediator.cookie)).rawPayload);
    for (const name of ['Lena Lawyer', 'Ann Applicant', 'Rob Respondent', 'ann.applicant@example.com']) expect(audit).toContain(name);
    expect(audit).toMatch(/code e-mailed/i);
    expect(audit).toMatch(/password/i);
    expect(audit).toContain('127.0.0.1');
    expect(audit).toMatch(/Failed attempt/);
    expect(audit.replace(/\s+/g, '')).toContain(sealed.sha256!);
  });

  it('completes with the outcome: a certificate of who took part, the date and the outcome, never a term', async () => {
    const bad = await call(t, 'POST', `/api/requests/${id()}/complete`, matched.mediator.cookie, { completionResults: 'Settled', outcomeDate: '2026-03-02' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.outcome).toMatch(/Choose the outcome/);
    const done = await call(t, 'POST', `/api/requests/${id()}/complete`, matched.mediator.cookie, {
      completionResults: 'Settled on the day.',
      outcome: 'settled_full',
      outcomeDate: '2026-03-02',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', outcome: 'settled_full', outcomeDate: '2026-03-02' });
    const view = await signing(opposing.cookie);
    expect(view.outcome).toEqual({ outcome: 'settled_full', outcomeDate: '2026-03-02', certificateUrl: `/api/requests/${id()}/outcome-certificate` });
    const certificate = pdfText((await call(t, 'GET', view.outcome!.certificateUrl, opposing.cookie)).rawPayload);
    expect(certificate).toMatch(/Settled in full/);
    expect(certificate).toMatch(/March 2, 2026/);
    expect(certificate).toContain('Lena Lawyer');
    expect(certificate).toMatch(/Counsel, responding side/);
    for (const term of ['27,500', '27500', '25,000', 'attorney fees', 'prejudice', 'releases', 'confidential.', '2026-05-15']) {
      expect(certificate.toLowerCase(), term).not.toContain(term.toLowerCase());
    }
    // Nothing changes on a closed case; what was still out for signature was voided with it.
    expect((await signing(opposing.cookie)).termSheet.envelopes.every((e) => e.status !== 'open')).toBe(true);
    expect((await call(t, 'POST', `/api/requests/${id()}/term-sheet/versions`, matched.mediator.cookie, { content: VERSION_1 })).statusCode).toBe(409);
  });
});

describe.each(backends)('the spec’s own completion call on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still completes without an outcome, and has no outcome certificate', async () => {
    const matched = await createMatchedRequest(t);
    const done = await call(t, 'POST', `/api/requests/${matched.id}/complete`, matched.mediator.cookie, { completionResults: 'Done.' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ outcome: null, outcomeDate: null });
    expect((await call(t, 'GET', `/api/requests/${matched.id}/outcome-certificate`, matched.lawyer.cookie)).statusCode).toBe(409);
  });
});

describe.each(backends)('a party’s link and code on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function sentToParty() {
    const matched = await createMatchedRequest(t);
    await call(t, 'POST', `/api/requests/${matched.id}/term-sheet/versions`, matched.mediator.cookie, { content: { ...VERSION_1, parties: [PARTIES[0]] } });
    expect((await call(t, 'POST', `/api/requests/${matched.id}/term-sheet/versions/1/final`, matched.mediator.cookie)).statusCode).toBe(201);
    await t.ctx.outbox.kick();
    const mail = [...t.mailer.sent].reverse().find((m) => m.to === PARTIES[0].email && /\/sign\//.test(m.text))!;
    return { matched, token: mail.text.match(/\/sign\/([\w-]+)/)![1] };
  }
  const latestCode = async () => {
    await t.ctx.outbox.kick();
    return [...t.mailer.sent]
      .reverse()
      .find((m) => m.to === PARTIES[0].email && /\b\d{6}\b/.test(m.subject + m.text))!
      .text.match(/\b(\d{6})\b/)![1];
  };

  it('refuses an unknown link (404) and an expired one (410), for reading and for signing alike', async () => {
    expect((await call(t, 'GET', '/api/sign/not-a-real-token')).statusCode).toBe(404);
    const { token } = await sentToParty();
    t.clock.advance(15 * 86_400_000);
    for (const [method, url, body] of [
      ['GET', `/api/sign/${token}`, undefined],
      ['POST', `/api/sign/${token}/code`, undefined],
      ['POST', `/api/sign/${token}`, { intent: true, signature: typed('Ann'), code: '123456' }],
    ] as const) {
      const res = await call(t, method, url, undefined, body);
      expect(res.statusCode, url).toBe(410);
      expect(res.json(), url).toMatchObject({ code: 'link_expired', message: expect.stringMatching(/expired/) });
    }
  });

  it('an expired code and a replaced code are refused; five wrong codes use the code up', async () => {
    const { token } = await sentToParty();
    const sign = (code: string) => call(t, 'POST', `/api/sign/${token}`, undefined, { intent: true, signature: typed('Ann Applicant'), code });
    await call(t, 'POST', `/api/sign/${token}/code`);
    const first = await latestCode();
    t.clock.advance(11 * 60_000);
    expect((await sign(first)).json().fieldErrors.code).toMatch(/expired/);
    await call(t, 'POST', `/api/sign/${token}/code`);
    const second = await latestCode();
    const wrong = second === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await sign(wrong)).statusCode).toBe(400);
    // The right code no longer works after five wrong ones: a new code is needed.
    expect((await sign(second)).json().fieldErrors.code).toMatch(/Too many wrong codes/);
    await call(t, 'POST', `/api/sign/${token}/code`);
    expect((await sign(await latestCode())).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator, type Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import { DEFAULT_AGREEMENT_TEMPLATE } from '../../../common/domain/signing';
import type { CaseSigning } from '../../../common/schemas/signing';
import { pdfText } from './pdf/poppler.fixture';

// Issue 26 (decision 055): a mediator who requires an agreement to mediate; until counsel sign it they read the case's
// summary but not its channels, documents or sessions (403 agreement_required with where to sign); signing with the
// password opens the case; a wrong password is refused and stays in the audit trail; a counsel joining later signs too.

const typed = (text: string) => ({ kind: 'typed', text });

describe.each(backends)('the agreement to mediate on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function selectedBy(mediator: Account, lawyer?: Account) {
    const counsel = lawyer ?? (await signUpLawyer(t));
    const id = await createLiveRequest(t, counsel.cookie);
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, counsel.cookie)).statusCode).toBe(200);
    return { id, lawyer: counsel };
  }

  async function requiringMediator() {
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    const saved = await call(t, 'PUT', '/api/agreement-template', mediator.cookie, { required: true, template: null });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ required: true, template: null, defaultTemplate: DEFAULT_AGREEMENT_TEMPLATE });
    return mediator;
  }

  const signing = async (id: string, cookie: string) => {
    const res = await call(t, 'GET', `/api/requests/${id}/signing`, cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as CaseSigning;
  };

  it('is off by default: the spec’s flow is unchanged (no agreement, the thread opens at once)', async () => {
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    expect((await call(t, 'GET', '/api/agreement-template', mediator.cookie)).json()).toMatchObject({ required: false, template: null });
    const { id, lawyer } = await selectedBy(mediator);
    expect((await call(t, 'GET', `/api/messages/${id}`, lawyer.cookie)).statusCode).toBe(200);
    expect((await signing(id, lawyer.cookie)).agreement).toEqual({ required: false, signedByMe: true, envelopes: [] });
  });

  it('holds counsel out of the channel, documents and sessions until they sign; the mediator is never held', async () => {
    const mediator = await requiringMediator();
    const { id, lawyer } = await selectedBy(mediator);

    const view = await signing(id, lawyer.cookie);
    expect(view.agreement.required).toBe(true);
    expect(view.agreement.signedByMe).toBe(false);
    const [envelope] = view.agreement.envelopes;
    expect(envelope).toMatchObject({ kind: 'agreement', status: 'open', canSign: true });
    expect(envelope.signers).toEqual([expect.objectContaining({ role: 'counsel', side: 'first', status: 'pending', isMe: true })]);

    // The summary stays readable; the rest answers why, and where to sign.
    const summary = await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie);
    expect(summary.statusCode).toBe(200);
    expect(summary.json().agreementHeld).toBe(true);
    expect((await call(t, 'GET', `/api/requests/${id}`, mediator.cookie)).json().agreementHeld).toBe(false);
    for (const [method, url, body] of [
      ['GET', `/api/messages/${id}`, undefined],
      ['POST', '/api/messages', { requestId: id, content: 'Hello' }],
      ['GET', `/api/requests/${id}/scheduling`, undefined],
      ['POST', `/api/requests/${id}/documents`, { objectPath: '/objects/x', purpose: 'case_file' }],
    ] as const) {
      const res = await call(t, method, url, lawyer.cookie, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ code: 'agreement_required', agreementUrl: `/requests/${id}#agreement` });
      expect(res.json().message, url).toMatch(/Sign the agreement to mediate/);
    }
    expect((await call(t, 'GET', `/api/messages/${id}`, mediator.cookie)).statusCode).toBe(200);

    // The preview is the agreement as it will be signed, filled from the case.
    const preview = await call(t, 'GET', envelope.documentUrl, lawyer.cookie);
    expect(preview.statusCode).toBe(200);
    const previewText = pdfText(preview.rawPayload);
    expect(previewText).toContain('Preview');
    expect(previewText).toMatch(/AGREEMENT TO MEDIATE/);
    expect(previewText).toMatch(/No recording/);

    // A wrong password: refused, nothing signed, the attempt on the record.
    const wrong = await call(t, 'POST', `/api/signing/envelopes/${envelope.id}/sign`, lawyer.cookie, {
      intent: true,
      signature: typed('Lee Lawyer'),
      password: 'not-it',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ password: 'That is not your password' });
    // No intent, no signature: refused with the field's words.
    const noIntent = await call(t, 'POST', `/api/signing/envelopes/${envelope.id}/sign`, lawyer.cookie, { signature: typed('Lee Lawyer'), password: PASSWORD });
    expect(noIntent.statusCode).toBe(400);
    expect(noIntent.json().fieldErrors.intent).toBe('Confirm that you intend to sign this document');
    // Someone who is not a signer (the mediator) is refused before the body is read.
    expect((await call(t, 'POST', `/api/signing/envelopes/${envelope.id}/sign`, mediator.cookie, {})).statusCode).toBe(403);
    expect((await signing(id, lawyer.cookie)).agreement.signedByMe).toBe(false);

    const signed = await call(t, 'POST', `/api/signing/envelopes/${envelope.id}/sign`, lawyer.cookie, {
      intent: true,
      signature: typed('Lee Lawyer'),
      password: PASSWORD,
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'sealed', canSign: false });
    expect(signed.json().sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await call(t, 'GET', `/api/messages/${id}`, lawyer.cookie)).statusCode).toBe(200);
    expect((await signing(id, lawyer.cookie)).agreement.signedByMe).toBe(true);
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json().agreementHeld).toBe(false);

    // Signing twice: refused.
    const again = await call(t, 'POST', `/api/signing/envelopes/${envelope.id}/sign`, lawyer.cookie, {
      intent: true,
      signature: typed('Lee Lawyer'),
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(409);

    // The audit certificate lists the wrong password and the signature, with the IP and the sealed file's hash.
    const audit = pdfText((await call(t, 'GET', envelope.auditUrl, lawyer.cookie)).rawPayload);
    expect(audit).toMatch(/Failed attempt: wrong password/i);
    expect(audit).toContain('127.0.0.1');
    expect(audit.replace(/\s+/g, '')).toContain(signed.json().sha256);
  });

  it('a counsel joining after the selection signs an agreement of their own before the case opens to them', async () => {
    const mediator = await requiringMediator();
    const { id, lawyer } = await selectedBy(mediator);
    const [first] = (await signing(id, lawyer.cookie)).agreement.envelopes;
    await call(t, 'POST', `/api/signing/envelopes/${first.id}/sign`, lawyer.cookie, { intent: true, signature: typed('Lee Lawyer'), password: PASSWORD });

    const opposing = await inviteAndJoin(t, lawyer.cookie, id);
    const theirs = await signing(id, opposing.cookie);
    expect(theirs.agreement.signedByMe).toBe(false);
    const open = theirs.agreement.envelopes.find((e) => e.status === 'open')!;
    expect(open.signers.map((s) => s.isMe)).toEqual([true]);
    expect((await call(t, 'GET', `/api/messages/${id}?channel=joint`, opposing.cookie)).json().code).toBe('agreement_required');
    // The first counsel, who signed, is not held by the newcomer's agreement.
    expect((await call(t, 'GET', `/api/messages/${id}?channel=joint`, lawyer.cookie)).statusCode).toBe(200);

    await call(t, 'POST', `/api/signing/envelopes/${open.id}/sign`, opposing.cookie, { intent: true, signature: typed('Olivia Opponent'), password: PASSWORD });
    expect((await call(t, 'GET', `/api/messages/${id}?channel=joint`, opposing.cookie)).statusCode).toBe(200);
  });

  it('keeps the mediator’s own text, and refuses one too short with the field’s words', async () => {
    const mediator = await signUpMediator(t);
    const short = await call(t, 'PUT', '/api/agreement-template', mediator.cookie, { required: true, template: 'Too short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.template).toBe('The agreement must be between 200 and 20000 characters');
    const own = `My agreement for {{caseName}} with {{counsel}}. ${'Confidential. '.repeat(20)}`;
    expect((await call(t, 'PUT', '/api/agreement-template', mediator.cookie, { required: true, template: own })).json().template).toBe(own.trim());
    const lawyer = await signUpLawyer(t);
    expect((await call(t, 'GET', '/api/agreement-template', lawyer.cookie)).statusCode).toBe(403);
  });
});

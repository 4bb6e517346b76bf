import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { acceptingMediators, agreeOnMediator, payShare, twoSided } from '../../../../tests/helpers/fee-split';
import { call, createLiveRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// A case's invoice (issue 24, decision 053): numbered once per case, downloadable by counsel of either side, the
// selected mediator and admins once a mediator is selected; each side's share, what was paid toward it and by whom.

/** The text drawn on a PDF's pages: each TJ array's hex strings, decoded (WinAnsi: ’ is 0x92). */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  return [...source.matchAll(/\[((?:<[0-9a-f]+>[^\]]*?)+)\] TJ/g)]
    .map((m) =>
      [...m[1].matchAll(/<([0-9a-f]+)>/g)]
        .map((h) => Buffer.from(h[1], 'hex').toString('latin1'))
        .join('')
        .replace(/\x92/g, '’'),
    )
    .join('\n');
}

describe.each(backends)('the invoice on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const invoice = (id: string, cookie: string) => t.app.inject({ method: 'GET', url: `/api/requests/${id}/invoice`, headers: { cookie } });

  it('a 60/40 case: numbered once, each side’s share and payments, the same number for everyone', async () => {
    const { owner, opposing, id } = await twoSided(t, { firstSidePercent: 60, secondSidePercent: 40 });
    const [mediator] = await acceptingMediators(t, id);
    expect((await invoice(id, owner.cookie)).statusCode).toBe(409);
    await payShare(t, opposing, id, 'second');
    await agreeOnMediator(t, owner, opposing, id, mediator);

    const res = await invoice(id, opposing.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const number = /filename="(INV-\d{4}-\d{6})\.pdf"/.exec(String(res.headers['content-disposition']))?.[1];
    expect(number).toMatch(/^INV-2026-\d{6}$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      `Invoice ${number}`,
      'Smith v. Jones (CV-2026-0142)',
      'Max Mediator',
      '$1,400.00', // the fee
      'Requesting side',
      'Opposing side',
      '60%',
      '$840.00', // 60 % of the fee
      '$560.00', // 40 %
      'Deposit: own share',
      'Balance: own share',
      '$460.00', // the second side's balance share, on its saved card
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The same number for every reader, however often it is asked for.
    for (const cookie of [owner.cookie, mediator.cookie, owner.cookie]) {
      const again = await invoice(id, cookie);
      expect(again.statusCode).toBe(200);
      expect(String(again.headers['content-disposition'])).toContain(`${number}.pdf`);
    }
  });

  it('a one-sided case: the lawyer’s whole fee; other lawyers 404, mediators who were not selected 403', async () => {
    const lawyer = await signUpLawyer(t);
    const id = await createLiveRequest(t, lawyer.cookie);
    const [selected, other] = await acceptingMediators(t, id, 2);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${selected.user.id}`, lawyer.cookie)).statusCode).toBe(200);
    const res = await invoice(id, lawyer.cookie);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Requesting side');
    expect(text).not.toContain('Opposing side');
    expect(text).toContain('100%');
    expect((await invoice(id, (await signUpLawyer(t)).cookie)).statusCode).toBe(404);
    expect((await invoice(id, other.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/requests/${id}/invoice` })).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator, type Account } from '../../../tests/helpers/accounts';
import { backends } from '../../../tests/helpers/backends';
import { call, createLiveRequest, setTier } from '../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../tests/helpers/two-sided';
import { payShare } from '../../../tests/helpers/fee-split';
import { openTermSheet, type TermSheetFixture } from '../../../tests/helpers/term-sheet-fixture';
import type { CaseSigning } from '../../common/schemas/signing';
import { ensureAdmin } from '../modules/users/accounts.service';

// Issue 23's routes × actor × side, as route-policy.api.test.ts does for the spec's routes on one-sided requests: on a
// matched two-sided case, every route of the two-sided case (and the spec's routes where a side changes the answer)
// called as each actor. Outsiders get 404; the other side's private material (its own-side document, its private
// channel) is 404 too; who may see but not act gets 403 (RULES.md 6, docs/two-sided-case.md). The term sheet (issue
// 26, decision 055): a side's proposed edits are that side's position, put to the mediator (the other side and admins:
// 404); both counsel sign the envelope.

const ACTORS = ['first', 'second', 'selected', 'passedOver', 'unrelated', 'admin', 'outsider'] as const;
type Actor = (typeof ACTORS)[number];
type Row = [label: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: () => string, body: unknown, expected: Record<Actor, number>];

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');
const all = (status: number, except: Partial<Record<Actor, number>> = {}): Record<Actor, number> =>
  Object.fromEntries(ACTORS.map((a) => [a, except[a] ?? status])) as Record<Actor, number>;

describe.each(backends)('two-sided case: route × actor × side on %s', (backend) => {
  let t: TestApp;
  const cookies = {} as Record<Actor, string>;
  let id: string;
  const docs: Record<'own' | 'mediator' | 'everyone', string> = { own: '', mediator: '', everyone: '' };
  let termSheet: TermSheetFixture;

  async function upload(cookie: string, fileName: string) {
    const ask = await call(t, 'POST', '/api/files/upload', cookie, { fileName, size: PDF.length, purpose: 'case_file' });
    const { uploadURL, objectPath } = ask.json() as { uploadURL: string; objectPath: string };
    await t.app.inject({ method: 'PUT', url: uploadURL, headers: { 'content-type': 'application/pdf' }, payload: PDF });
    return objectPath;
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, 'matrix.admin@example.com', PASSWORD);
    cookies.admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'matrix.admin@example.com', password: PASSWORD }));
    const first = await signUpLawyer(t);
    const outsider = await signUpLawyer(t);
    const [selected, passedOver, unrelated] = [await signUpMediator(t), await signUpMediator(t), await signUpMediator(t, { jurisdiction: 'Texas' })];
    for (const m of [selected, passedOver]) await setTier(t, m.user.id, 'pro');
    id = await createLiveRequest(t, first.cookie);
    const second: Account = await inviteAndJoin(t, first.cookie, id);
    // The second side's deposit share paid by card: its saved card pays its share of the balance at the approval.
    await payShare(t, second, id, 'second');
    for (const m of [selected, passedOver])
      expect((await call(t, 'POST', `/api/requests/${id}/accept`, m.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${selected.user.id}`, first.cookie)).statusCode).toBe(202);
    expect((await call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, second.cookie)).json().status).toBe('matched');
    Object.assign(cookies, {
      first: first.cookie,
      second: second.cookie,
      selected: selected.cookie,
      passedOver: passedOver.cookie,
      unrelated: unrelated.cookie,
      outsider: outsider.cookie,
    });
    const visibilities = { own: 'own_side', mediator: 'side_and_mediator', everyone: 'everyone' } as const;
    for (const [key, visibility] of Object.entries(visibilities) as [keyof typeof docs, string][]) {
      const added = await call(t, 'POST', `/api/requests/${id}/documents`, second.cookie, {
        objectPath: await upload(second.cookie, `${key}.pdf`),
        visibility,
      });
      expect(added.statusCode, added.body).toBe(201);
      docs[key] = added.json().uploadId;
    }
    // Version 2 out for signature to both counsel and the first side's party; the second side proposed edits to it.
    termSheet = await openTermSheet(t, {
      requestId: id,
      mediatorCookie: selected.cookie,
      counselCookie: second.cookie,
      parties: [
        { name: 'Ann Applicant', side: 'first', email: 'ann.applicant@example.com' },
        { name: 'Rob Respondent', side: 'second', email: '' },
      ],
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const rows: Row[] = [
    ['the detail', 'GET', () => `/api/requests/${id}`, undefined, all(200, { unrelated: 404, outsider: 404 })],
    ['the invitation (the first side’s)', 'GET', () => `/api/requests/${id}/invitation`, undefined, all(403, { first: 200, unrelated: 404, outsider: 404 })],
    [
      'a new invitation once the seat is taken',
      'POST',
      () => `/api/requests/${id}/invitation`,
      { email: 'x@example.com', name: 'X' },
      all(403, { first: 409, unrelated: 404, outsider: 404 }),
    ],
    [
      'approve (the request is matched)',
      'POST',
      () => `/api/requests/${id}/selection-proposal/approve`,
      undefined,
      all(403, { second: 409, unrelated: 404, outsider: 404 }),
    ],
    ['decline without a reason', 'POST', () => `/api/requests/${id}/selection-proposal/decline`, {}, all(403, { second: 400, unrelated: 404, outsider: 404 })],
    ['withdraw a proposal', 'DELETE', () => `/api/requests/${id}/selection-proposal`, undefined, all(403, { first: 409, unrelated: 404, outsider: 404 })],
    [
      'the acceptances (read by both sides)',
      'GET',
      () => `/api/requests/${id}/pending-acceptances`,
      undefined,
      all(403, { first: 200, second: 200, admin: 200, unrelated: 404, outsider: 404 }),
    ],
    // The fee split (decision 049): read by counsel, the selected mediator and admins; fixed once matched (409 to
    // counsel); paying the first side's share (paid whole at submit) is 409 to counsel, a side that is not one 400.
    [
      'the fee split',
      'GET',
      () => `/api/requests/${id}/fee-split`,
      undefined,
      all(403, { first: 200, second: 200, selected: 200, admin: 200, unrelated: 404, outsider: 404 }),
    ],
    // The invoice (decision 053): counsel of either side, the selected mediator and admins download it.
    [
      'the invoice',
      'GET',
      () => `/api/requests/${id}/invoice`,
      undefined,
      all(403, { first: 200, second: 200, selected: 200, admin: 200, unrelated: 404, outsider: 404 }),
    ],
    [
      'a new split once matched',
      'POST',
      () => `/api/requests/${id}/fee-split`,
      { firstSidePercent: 30, secondSidePercent: 70 },
      all(403, { first: 409, second: 409, unrelated: 404, outsider: 404 }),
    ],
    [
      'accept a split (none proposed)',
      'POST',
      () => `/api/requests/${id}/fee-split/accept`,
      undefined,
      all(403, { first: 409, second: 409, unrelated: 404, outsider: 404 }),
    ],
    [
      'pay the first side’s share (paid at submit)',
      'POST',
      () => `/api/requests/${id}/shares/first/pay`,
      undefined,
      all(403, { first: 409, second: 409, unrelated: 404, outsider: 404 }),
    ],
    [
      'a side that is not a side',
      'POST',
      () => `/api/requests/${id}/shares/third/pay`,
      undefined,
      all(403, { first: 400, second: 400, unrelated: 404, outsider: 404 }),
    ],
    [
      'a side’s parties',
      'PUT',
      () => `/api/requests/${id}/parties`,
      { parties: [{ kind: 'party', name: 'Acme' }] },
      all(403, { first: 200, second: 200, unrelated: 404, outsider: 404 }),
    ],
    [
      'the conflict preview (mediators)',
      'GET',
      () => `/api/requests/${id}/conflicts`,
      undefined,
      all(403, { selected: 200, passedOver: 200, unrelated: 404, outsider: 404 }),
    ],
    ['the second side’s own-side document', 'GET', () => `/api/files/objects/${docs.own}`, undefined, all(404, { second: 200 })],
    ['its side-and-mediator document', 'GET', () => `/api/files/objects/${docs.mediator}`, undefined, all(404, { second: 200, selected: 200, admin: 200 })],
    [
      'its document for everyone',
      'GET',
      () => `/api/files/objects/${docs.everyone}`,
      undefined,
      all(404, { first: 200, second: 200, selected: 200, admin: 200 }),
    ],
    ['change its own-side document', 'PATCH', () => `/api/requests/${id}/documents/${docs.own}`, { visibility: 'own_side' }, all(404, { second: 200 })],
    [
      'change its document for everyone',
      'PATCH',
      () => `/api/requests/${id}/documents/${docs.everyone}`,
      { visibility: 'everyone' },
      all(403, { second: 200, passedOver: 404, unrelated: 404, outsider: 404 }),
    ],
    [
      'its document’s openings',
      'GET',
      () => `/api/requests/${id}/documents/${docs.everyone}/accesses`,
      undefined,
      all(403, { second: 200, passedOver: 404, unrelated: 404, outsider: 404 }),
    ],
    ['the joint channel', 'GET', () => `/api/messages/${id}?channel=joint`, undefined, all(404, { first: 200, second: 200, selected: 200, admin: 200 })],
    ['the first side’s private channel', 'GET', () => `/api/messages/${id}?channel=first`, undefined, all(404, { first: 200, selected: 200 })],
    ['the second side’s private channel', 'GET', () => `/api/messages/${id}?channel=second`, undefined, all(404, { second: 200, selected: 200 })],
    ['write to the second side’s private channel', 'POST', () => '/api/messages', undefined, all(404, { second: 201, selected: 201 })],
    [
      'mark the first side’s private channel read',
      'POST',
      () => `/api/messages/${id}/read?channel=first`,
      { channel: 'first' },
      all(404, { first: 200, selected: 200 }),
    ],
    // The term sheet: each seat its part (no body: 400 after the seat), admins and the passed-over mediator read-only or
    // nothing. The second side's proposal: its author withdraws it, the mediator answers it, nobody else sees it.
    [
      'the case’s signing',
      'GET',
      () => `/api/requests/${id}/signing`,
      undefined,
      all(403, { first: 200, second: 200, selected: 200, admin: 200, unrelated: 404, outsider: 404 }),
    ],
    [
      'a version without content',
      'POST',
      () => `/api/requests/${id}/term-sheet/versions`,
      {},
      all(403, { first: 400, second: 400, selected: 400, unrelated: 404, outsider: 404 }),
    ],
    [
      'edits proposed without content',
      'POST',
      () => `/api/requests/${id}/term-sheet/proposals`,
      {},
      all(403, { first: 400, second: 400, unrelated: 404, outsider: 404 }),
    ],
    [
      'the version out for signature marked final again',
      'POST',
      () => `/api/requests/${id}/term-sheet/versions/${termSheet.version}/final`,
      undefined,
      all(403, { selected: 409, unrelated: 404, outsider: 404 }),
    ],
    [
      'the second side’s proposal declined without a reason',
      'POST',
      () => `/api/term-sheet-proposals/${termSheet.proposalId}/decline`,
      {},
      all(404, { second: 403, selected: 400 }),
    ],
    [
      'the second side’s proposal withdrawn',
      'POST',
      () => `/api/term-sheet-proposals/${termSheet.proposalId}/withdraw`,
      undefined,
      all(404, { second: 200, selected: 403 }),
    ],
    [
      'the withdrawn proposal accepted',
      'POST',
      () => `/api/term-sheet-proposals/${termSheet.proposalId}/accept`,
      undefined,
      all(404, { second: 403, selected: 409 }),
    ],
    [
      'the envelope signed without a signature',
      'POST',
      () => `/api/signing/envelopes/${termSheet.envelopeId}/sign`,
      {},
      all(403, { first: 400, second: 400, unrelated: 404, outsider: 404 }),
    ],
    [
      'the envelope refused without a reason',
      'POST',
      () => `/api/signing/envelopes/${termSheet.envelopeId}/refuse`,
      {},
      all(403, { first: 400, second: 400, unrelated: 404, outsider: 404 }),
    ],
    [
      'the envelope’s document',
      'GET',
      () => `/api/signing/envelopes/${termSheet.envelopeId}/document`,
      undefined,
      all(403, { first: 200, second: 200, selected: 200, admin: 200, unrelated: 404, outsider: 404 }),
    ],
    [
      'its audit certificate',
      'GET',
      () => `/api/signing/envelopes/${termSheet.envelopeId}/audit-certificate`,
      undefined,
      all(403, { first: 200, second: 200, selected: 200, admin: 200, unrelated: 404, outsider: 404 }),
    ],
    [
      'the outcome certificate before completion',
      'GET',
      () => `/api/requests/${id}/outcome-certificate`,
      undefined,
      all(409, { passedOver: 403, unrelated: 404, outsider: 404 }),
    ],
  ];

  it.each(rows)('%s', async (_label, method, url, body, expected) => {
    const answers: Record<string, number> = {};
    for (const actor of ACTORS) {
      const payload = _label === 'write to the second side’s private channel' ? { requestId: id, channel: 'second', content: `from ${actor}` } : body;
      const res = await call(t, method, url(), cookies[actor], payload);
      answers[actor] = res.statusCode;
      // A refusal never carries the material it refuses.
      if (res.statusCode === 404) expect(res.body).not.toMatch(/from second|own\.pdf|its own costs/);
    }
    expect(answers).toEqual(expected);
  });

  it('a side’s proposed edits are read by that side and the mediator only', async () => {
    const read: Record<string, number> = {};
    for (const actor of ['first', 'second', 'selected', 'admin'] as const) {
      const res = await call(t, 'GET', `/api/requests/${id}/signing`, cookies[actor]);
      read[actor] = (res.json() as CaseSigning).termSheet.proposals.length;
      if (!read[actor]) expect(res.body, actor).not.toMatch(/its own costs/);
    }
    expect(read).toEqual({ first: 0, second: 1, selected: 1, admin: 0 });
  });
});

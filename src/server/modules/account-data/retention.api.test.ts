import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ACCOUNT_DATA_TEXTS } from '../../../common/schemas/account-data';
import { uploads } from '../../db/schema';
import { transaction } from '../../unit-of-work';
import { ensureAdmin } from '../users/accounts.service';
import { markDocumentsPurged } from './retention.repo';
import { sweepRetention } from './retention.service';

// The retention of closed cases' documents (issue 28, decision 061), with a 30-day policy: the parties are told 7 days
// before; then the stored objects go and the documents say why; a held case keeps everything; a purge interrupted after
// marking its documents is finished by the next sweep.
const DAY = 86_400_000;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');

describe.each(backends)('document retention on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { env: { DOCUMENT_RETENTION_DAYS: '30' } });
    await ensureAdmin(t.ctx, 'retention.admin@example.com', PASSWORD);
  });
  // Sessions lapse while the clock moves on by weeks: each admin call signs in afresh.
  const asAdmin = async () => sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'retention.admin@example.com', password: PASSWORD }));
  afterAll(async () => {
    await t?.close();
  });

  /** A completed case whose lawyer attached a brief; returns the case, its parties and the brief's upload id. */
  async function closedCaseWithBrief(caseName: string) {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    const ask = await call(t, 'POST', '/api/files/upload', lawyer.cookie, { fileName: 'brief.pdf', size: PDF.length, purpose: 'brief' });
    const { uploadURL, objectPath } = ask.json() as { uploadURL: string; objectPath: string };
    expect((await t.app.inject({ method: 'PUT', url: uploadURL, headers: { 'content-type': 'application/pdf' }, payload: PDF })).statusCode).toBe(200);
    const id = await createLiveRequest(t, lawyer.cookie, { caseName, mediationBriefUrl: objectPath });
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, lawyer.cookie)).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Settled.' })).statusCode).toBe(200);
    return { id, lawyer, mediator, briefId: objectPath.split('/').pop()! };
  }
  const storedObject = (id: string) => t.ctx.storage.head(id);
  const noticesTo = (email: string, caseName: string) =>
    t.mailer.sent.filter((m) => m.to === email && m.subject.includes(caseName) && /will be removed/.test(m.subject));
  const purgedAt = async (id: string) => (await t.ctx.db.select({ purgedAt: uploads.purgedAt }).from(uploads).where(eq(uploads.id, id)))[0].purgedAt;

  it('tells the parties a week ahead, then removes the stored documents, and keeps a held case whole', async () => {
    const purged = await closedCaseWithBrief('Retention Purged v. Case');
    const held = await closedCaseWithBrief('Retention Held v. Case');
    const hold = await call(t, 'PUT', `/api/admin/mediations/${held.id}/retention-hold`, await asAdmin(), { hold: true });
    expect(hold.statusCode, hold.body).toBe(200);
    expect(hold.json()).toMatchObject({ policyDays: 30, heldBy: { name: expect.any(String) }, heldAt: expect.any(String) });
    const audit = await t.ctx.db.execute(sql`SELECT details FROM audit_log WHERE action = 'request.retention_hold' AND target_id = ${held.id}`);
    expect((audit as unknown as { rows: unknown[] }).rows).toEqual([{ details: { hold: true } }]);

    // Day 22: too early for anything.
    t.clock.advance(22 * DAY);
    expect(await sweepRetention(t.ctx)).toEqual({ noticed: 0, purged: 0 });
    // Day 23 (a week before day 30): the notice, to both parties of the case that is not held; nothing removed yet.
    t.clock.advance(DAY + 60_000);
    await sweepRetention(t.ctx);
    await t.ctx.outbox.kick();
    for (const who of [purged.lawyer, purged.mediator]) expect(noticesTo(who.email, 'Retention Purged v. Case')).toHaveLength(1);
    expect(noticesTo(held.lawyer.email, 'Retention Held v. Case')).toEqual([]);
    expect(await storedObject(purged.briefId)).not.toBeNull();
    await sweepRetention(t.ctx);
    await t.ctx.outbox.kick();
    expect(noticesTo(purged.lawyer.email, 'Retention Purged v. Case')).toHaveLength(1); // told once

    // Day 30 and a week after the notice: the purged case's object is gone, its document says why; the held one stays.
    t.clock.advance(7 * DAY);
    await sweepRetention(t.ctx);
    expect(await storedObject(purged.briefId)).toBeNull();
    expect(await purgedAt(purged.briefId)).toBeInstanceOf(Date);
    const lawyerCookie = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: purged.lawyer.email, password: PASSWORD }));
    const gone = await call(t, 'GET', `/api/files/objects/${purged.briefId}`, lawyerCookie);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe(ACCOUNT_DATA_TEXTS.documentPurged);
    // The case's page lists it as removed (no link that would only answer 410); the held case's brief is kept.
    const detail = (await call(t, 'GET', `/api/requests/${purged.id}`, lawyerCookie)).json();
    expect(detail.documents).toEqual([expect.objectContaining({ uploadId: purged.briefId, removedAt: expect.any(String) })]);
    const heldLawyer = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: held.lawyer.email, password: PASSWORD }));
    expect((await call(t, 'GET', `/api/requests/${held.id}`, heldLawyer)).json().documents).toEqual([expect.objectContaining({ removedAt: null })]);
    expect(await storedObject(held.briefId)).not.toBeNull();
    expect(await purgedAt(held.briefId)).toBeNull();
    expect((await call(t, 'GET', `/api/admin/mediations/${purged.id}/retention`, await asAdmin())).json()).toMatchObject({ purgedAt: expect.any(String) });

    // Released, the held case is told afresh and purged a week later.
    expect((await call(t, 'PUT', `/api/admin/mediations/${held.id}/retention-hold`, await asAdmin(), { hold: false })).statusCode).toBe(200);
    expect(await sweepRetention(t.ctx)).toEqual({ noticed: 1, purged: 0 });
    t.clock.advance(7 * DAY + 60_000);
    expect(await sweepRetention(t.ctx)).toEqual({ noticed: 0, purged: 1 });
    expect(await storedObject(held.briefId)).toBeNull();
  });

  it('finishes a purge that stopped after marking the documents', async () => {
    const interrupted = await closedCaseWithBrief('Retention Interrupted v. Case');
    t.clock.advance(23 * DAY + 60_000);
    await sweepRetention(t.ctx);
    t.clock.advance(7 * DAY);
    // The first step of a purge committed, then the process died before removing the object.
    await transaction(t.ctx, (tx) => markDocumentsPurged(tx, interrupted.id, t.clock.now()));
    expect(await storedObject(interrupted.briefId)).not.toBeNull();
    expect(await sweepRetention(t.ctx)).toMatchObject({ purged: 1 });
    expect(await storedObject(interrupted.briefId)).toBeNull();
    expect(await sweepRetention(t.ctx)).toEqual({ noticed: 0, purged: 0 });
  });

  it('the hold is for admins only, and names a real case', async () => {
    const lawyer = await signUpLawyer(t);
    expect(
      (await call(t, 'PUT', `/api/admin/mediations/00000000-0000-4000-8000-000000000000/retention-hold`, await asAdmin(), { hold: true })).statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', `/api/admin/mediations/00000000-0000-4000-8000-000000000000/retention`, lawyer.cookie)).statusCode).toBe(403);
    expect((await call(t, 'PUT', `/api/admin/mediations/00000000-0000-4000-8000-000000000000/retention-hold`, undefined, { hold: true })).statusCode).toBe(401);
  });
});

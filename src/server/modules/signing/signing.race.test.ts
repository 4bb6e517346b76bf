import { createHash } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { recordedJobs, runDueJobs } from '../../../../tests/helpers/jobs';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';
import { call } from '../../../../tests/helpers/requests';
import { caseWithFinalTermSheet, caseWithTermSheet, counselSign, markFinal, partyCode, partySign, termSheetContent } from '../../../../tests/helpers/signing';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { notifications } from '../../db/schema';
import { runJob } from '../../jobs/handlers';
import * as repo from './signing.repo';

// Issue 26 (decision 055) on the PostgreSQL server: the signing writes raced by real concurrent requests. Every
// outcome the race allows is accepted, and each is checked whole: the envelope's status, its signer rows and its
// append-only trail agree, a document is sealed once with one hash, and no answer is a 5xx. Then the trail's trigger,
// on both backends: no row of it is changed or removed.

type Res = Awaited<ReturnType<typeof call>>;
type Case = Awaited<ReturnType<typeof caseWithFinalTermSheet>>;

const ROUNDS = 8;
/**
 * How far ahead the first of two racing calls starts, round by round (negative: the second does): at once, and each
 * ahead of the other by a little and by a lot, so both orders happen whatever each call costs before its lock.
 */
const LEADS_MS = [0, 50, -50, 150, -150, 0, 50, -50];
const REFUSAL = { reason: 'The payment date does not work for my client' };
const sha256 = (file: Buffer) => createHash('sha256').update(file).digest('hex');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
function race<A, B>(round: number, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
  const lead = LEADS_MS[round % LEADS_MS.length];
  return Promise.all([pause(Math.max(0, -lead)).then(first), pause(Math.max(0, lead)).then(second)]);
}
const said = (answers: Res[]) => answers.map((a) => `${a.statusCode} ${a.body.slice(0, 200)}`).join('\n');

describeOnPostgres('signing.race.test.ts', 'signing races on postgres', () => {
  let t: TestApp;
  startRaceApp((app) => ({ t } = app));

  /** The envelope as the database holds it: its row, its signers in order, its trail in order. */
  async function trailOf(envelopeId: string) {
    const [envelope, signers, events] = await Promise.all([
      repo.findEnvelope(t.ctx.db, envelopeId),
      repo.signersOf(t.ctx.db, [envelopeId]),
      repo.eventsOf(t.ctx.db, envelopeId),
    ]);
    return { envelope: envelope!, signers, events, kinds: events.map((e) => e.kind) };
  }

  const versionStatuses = async (requestId: string) => (await repo.versionsOf(t.ctx.db, requestId)).map((v) => v.status);
  const sealedNotices = async (requestId: string) => {
    const [row] = await t.ctx.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.type, 'document_sealed'), eq(notifications.linkUrl, `/requests/${requestId}#term-sheet`)));
    return row.n;
  };
  const mailsTo = async (email: string, subject: RegExp) => {
    await t.ctx.outbox.kick();
    return t.mailer.sent.filter((m) => m.to === email && subject.test(m.subject)).length;
  };
  /** A signer's "sign" call, ready to fire: a party's code is asked for and read first, so only the signing races. */
  async function readySigner(c: Case, who: 'lawyer' | 'opposing' | 'ann' | 'rob'): Promise<() => Promise<Res>> {
    if (who === 'lawyer' || who === 'opposing') return () => counselSign(t, c[who].cookie, c.envelope.id);
    const party = c.parties[who === 'ann' ? 0 : 1];
    const code = await partyCode(t, party.token, party.email);
    return () => partySign(t, party, code);
  }
  /** The mediator writes version 2, which voids the envelope of version 1 if it is still open. */
  const nextVersion = (c: Case) =>
    call(t, 'POST', `/api/requests/${c.id}/term-sheet/versions`, c.mediator.cookie, {
      content: termSheetContent(c.parties),
      note: 'Replaces the version out for signature',
    });
  const signAll = async (c: Case, who: ('lawyer' | 'opposing' | 'ann' | 'rob')[]) => {
    for (const signer of who) expect((await (await readySigner(c, signer))()).statusCode).toBe(200);
  };

  /** One sealed document: sealed once, its one hash that of the stored file and of the download, told once. */
  async function expectSealedOnce(c: Case) {
    const { envelope, signers, events } = await trailOf(c.envelope.id);
    expect(envelope.status).toBe('sealed');
    expect(envelope.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(signers.map((s) => s.status)).toEqual(['signed', 'signed', 'signed', 'signed']);
    expect(
      events
        .filter((e) => e.kind === 'signed')
        .map((e) => e.signerId)
        .sort(),
    ).toEqual(signers.map((s) => s.id).sort());
    expect(events.filter((e) => e.kind === 'sealed').map((e) => e.detail)).toEqual([`SHA-256 ${envelope.sha256}`]);
    // Sealed after the last signature (a party signing last then reads their page: 'viewed' may follow).
    expect(events.findIndex((e) => e.kind === 'sealed')).toBeGreaterThan(events.findLastIndex((e) => e.kind === 'signed'));
    expect(sha256((await repo.sealedFileOf(t.ctx.db, envelope.id))!)).toBe(envelope.sha256);
    const download = await call(t, 'GET', c.envelope.documentUrl, c.opposing.cookie);
    expect(sha256(download.rawPayload)).toBe(envelope.sha256);
    const verified = await t.app.inject({ method: 'POST', url: '/api/verify', headers: { 'content-type': 'application/pdf' }, payload: download.rawPayload });
    expect(verified.json()).toMatchObject({ result: 'sealed', document: { sha256: envelope.sha256 } });
    expect((await versionStatuses(c.id))[0]).toBe('signed');
    expect(await sealedNotices(c.id)).toBe(3); // both counsel and the mediator
    for (const party of c.parties) expect(await mailsTo(party.email, /^Signed by everyone/)).toBe(1);
    expect(recordedJobs(t, 'signing.seal').filter((j) => j.data.envelopeId === c.envelope.id)).toHaveLength(1);
  }

  /** Everything sealing writes: a second sealing would change one of these (a new hash, file, event, link or notice). */
  async function sealedSnapshot(c: Case) {
    return {
      ...(await trailOf(c.envelope.id)),
      file: await repo.sealedFileOf(t.ctx.db, c.envelope.id),
      versions: await versionStatuses(c.id),
      notices: await sealedNotices(c.id),
    };
  }

  it('the last two signatures at once (counsel and party; two counsel): sealed once, both 200, the seal job after changes nothing', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const c = await caseWithFinalTermSheet(t);
      const [early, last] =
        round % 2 === 0
          ? ([
              ['lawyer', 'ann'],
              ['opposing', 'rob'],
            ] as const)
          : ([
              ['ann', 'rob'],
              ['lawyer', 'opposing'],
            ] as const);
      await signAll(c, [...early]);
      const [one, other] = await Promise.all(last.map((who) => readySigner(c, who)));
      const answers = await race(round, one, other);
      expect(
        answers.map((a) => a.statusCode),
        said(answers),
      ).toEqual([200, 200]);
      await expectSealedOnce(c);

      const before = await sealedSnapshot(c);
      const lastMail = t.mailer.sent.at(-1);
      expect(await runDueJobs(t, (name) => name === 'signing.seal')).toContain('signing.seal');
      expect(await sealedSnapshot(c)).toEqual(before);
      await t.ctx.outbox.kick();
      expect(t.mailer.sent.at(-1)).toBe(lastMail);
    }
  }, 240_000);

  it('the seal job running while the last signer’s own request seals: one sealed document', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const c = await caseWithFinalTermSheet(t);
      await signAll(c, ['ann', 'rob', 'opposing']);
      // The job is recorded once the signature's commit reaches the outbox: run it then, while the request seals.
      const runJobWhenRecorded = async () => {
        const deadline = Date.now() + 20_000;
        while (Date.now() < deadline) {
          await t.ctx.outbox.kick();
          const job = recordedJobs(t, 'signing.seal').find((j) => j.data.envelopeId === c.envelope.id && !j.done);
          if (job) {
            job.done = true;
            return runJob(t.ctx, job.name, job.data);
          }
          await pause(2);
        }
        throw new Error('the seal job was never recorded');
      };
      const [signed] = await Promise.all([(await readySigner(c, 'lawyer'))(), runJobWhenRecorded()]);
      expect(signed.statusCode, signed.body).toBe(200);
      await expectSealedOnce(c);
    }
  }, 240_000);

  it('a signature racing the mediator’s new version: landed before the void (the envelope void all the same) or 409', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const c = await caseWithFinalTermSheet(t);
      const who = round % 2 === 0 ? 'opposing' : 'rob';
      const sign = await readySigner(c, who);
      const [signed, drafted] = await race(round, sign, () => nextVersion(c));
      expect(drafted.statusCode, drafted.body).toBe(201);
      expect([200, 409], said([signed])).toContain(signed.statusCode);

      const { envelope, signers, events, kinds } = await trailOf(c.envelope.id);
      expect(envelope.status).toBe('void');
      expect(await versionStatuses(c.id)).toEqual(['superseded', 'draft']);
      const signer = signers[who === 'opposing' ? 1 : 3];
      const signedEvents = events.filter((e) => e.kind === 'signed');
      if (signed.statusCode === 200) {
        // It landed first: on version 1 while it was final, and the new version voided the envelope after it.
        expect(signer.status).toBe('signed');
        expect(signedEvents.map((e) => e.signerId)).toEqual([signer.id]);
        expect(kinds.indexOf('signed')).toBeLessThan(kinds.indexOf('voided'));
      } else {
        expect(signed.json().message).toBe('This document is no longer open for signature');
        expect(signer.status).toBe('pending');
        expect(signedEvents).toEqual([]);
      }
      expect(kinds.filter((k) => k === 'voided')).toHaveLength(1);
      expect(kinds.at(-1)).toBe('voided'); // nothing recorded on the envelope after its void
      expect(signers.filter((s) => s.status !== 'pending').length).toBe(signed.statusCode === 200 ? 1 : 0);
    }
  }, 240_000);

  it('the last signature racing the mediator’s new version: sealed and version 2 refused, or void and the signature refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const c = await caseWithFinalTermSheet(t);
      await signAll(c, ['lawyer', 'ann', 'rob']);
      const [signed, drafted] = await race(round, await readySigner(c, 'opposing'), () => nextVersion(c));
      // Exactly one lands: the signature (then the version is refused) or the version (then the signature is).
      expect(
        [
          [200, 409],
          [201, 409],
        ],
        said([signed, drafted]),
      ).toContainEqual([signed.statusCode, drafted.statusCode].sort());
      if (signed.statusCode === 200) {
        // Every signature was in first: the term sheet is the outcome, and no version follows it.
        expect(drafted.statusCode, drafted.body).toBe(409);
        expect(drafted.json().message).toMatch(/signed by everyone/);
        await expectSealedOnce(c);
        expect(await versionStatuses(c.id)).toEqual(['signed']);
      } else {
        expect(drafted.statusCode, drafted.body).toBe(201);
        expect(signed.statusCode, signed.body).toBe(409);
        const { envelope, kinds } = await trailOf(c.envelope.id);
        expect(envelope.status).toBe('void');
        expect(kinds.filter((k) => k === 'signed')).toHaveLength(3);
        expect(kinds.at(-1)).toBe('voided');
        expect(await versionStatuses(c.id)).toEqual(['superseded', 'draft']);
      }
    }
  }, 240_000);

  it('a counsel’s refusal racing another signer’s signature: refused, the signature landed before it or refused with 409', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const c = await caseWithFinalTermSheet(t);
      // The others have signed; the refuser and one signer are pending (a party, or in odd rounds the other counsel).
      const signerWho = round % 2 === 0 ? 'rob' : 'lawyer';
      await signAll(c, round % 2 === 0 ? ['lawyer', 'ann'] : ['ann', 'rob']);
      const sign = await readySigner(c, signerWho);
      const [refused, signed] = await race(round, () => call(t, 'POST', `/api/signing/envelopes/${c.envelope.id}/refuse`, c.opposing.cookie, REFUSAL), sign);
      // The refuser is pending, so the signature cannot be the last: the refusal always lands.
      expect(refused.statusCode, refused.body).toBe(200);
      expect([200, 409], said([signed])).toContain(signed.statusCode);

      const { envelope, signers, kinds } = await trailOf(c.envelope.id);
      const refuser = signers[1];
      const other = signers[signerWho === 'rob' ? 3 : 0];
      expect(refuser).toMatchObject({ status: 'refused', refusalReason: REFUSAL.reason });
      expect(other.status).toBe(signed.statusCode === 200 ? 'signed' : 'pending');
      expect(envelope.status).toBe('refused');
      expect(kinds.filter((k) => k === 'refused')).toHaveLength(1);
      expect(kinds.at(-1)).toBe('refused');
      expect(kinds).not.toContain('sealed');
      expect(kinds.filter((k) => k === 'signed')).toHaveLength(signers.filter((s) => s.status === 'signed').length);
      expect(recordedJobs(t, 'signing.seal').filter((j) => j.data.envelopeId === c.envelope.id)).toEqual([]);
      expect(await versionStatuses(c.id)).toEqual(['draft']); // drafting reopens
    }
  }, 240_000);

  it('the last counsel signing and refusing at once: sealed XOR refused, as the signer rows say', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const c = await caseWithFinalTermSheet(t);
      await signAll(c, ['lawyer', 'ann', 'rob']);
      const [signed, refused] = await race(
        round,
        () => counselSign(t, c.opposing.cookie, c.envelope.id),
        () => call(t, 'POST', `/api/signing/envelopes/${c.envelope.id}/refuse`, c.opposing.cookie, REFUSAL),
      );
      expect([signed.statusCode, refused.statusCode].sort(), said([signed, refused])).toEqual([200, 409]);
      if (signed.statusCode === 200) {
        await expectSealedOnce(c);
        expect((await trailOf(c.envelope.id)).kinds).not.toContain('refused');
      } else {
        const { envelope, signers, kinds } = await trailOf(c.envelope.id);
        expect(envelope.status).toBe('refused');
        expect(signers.map((s) => s.status)).toEqual(['signed', 'refused', 'signed', 'signed']);
        expect(kinds).not.toContain('sealed');
        expect(kinds.at(-1)).toBe('refused');
        expect(await versionStatuses(c.id)).toEqual(['draft']);
      }
    }
  }, 240_000);

  it('the same signer signing twice at once (a counsel; a party with one code): one 200, one 409, one signature', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const c = await caseWithFinalTermSheet(t);
      const counsel = round % 2 === 0;
      const sign = await readySigner(c, counsel ? 'lawyer' : 'ann');
      const answers = await Promise.all([sign(), sign()]);
      expect(answers.map((a) => a.statusCode).sort(), said(answers)).toEqual([200, 409]);
      const { envelope, signers, events } = await trailOf(c.envelope.id);
      const signer = signers[counsel ? 0 : 2];
      expect(envelope.status).toBe('open');
      expect(signers.map((s) => s.status)).toEqual(counsel ? ['signed', 'pending', 'pending', 'pending'] : ['pending', 'pending', 'signed', 'pending']);
      expect(events.filter((e) => e.kind === 'signed').map((e) => e.signerId)).toEqual([signer.id]);
      expect(events.filter((e) => e.kind === 'failed_attempt')).toEqual([]);
    }
  }, 240_000);

  it('two "mark final" of the same version at once: one envelope opened (201), one 409', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const c = await caseWithTermSheet(t);
      const answers = await Promise.all([1, 2].map(() => markFinal(t, c.mediator.cookie, c.id, 1)));
      expect(answers.map((a) => a.statusCode).sort(), said(answers)).toEqual([201, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('This version is already out for signature or signed');
      const envelopes = await repo.envelopesOf(t.ctx.db, c.id);
      expect(envelopes.map((e) => [e.kind, e.status, e.versionNumber])).toEqual([['term_sheet', 'open', 1]]);
      expect(envelopes[0].id).toBe(answers.find((a) => a.statusCode === 201)!.json().id);
      const { signers, kinds } = await trailOf(envelopes[0].id);
      expect(signers.map((s) => s.role)).toEqual(['counsel', 'counsel', 'party', 'party']);
      expect(kinds).toEqual(['created', 'sent', 'sent', 'sent', 'sent']);
      expect(await versionStatuses(c.id)).toEqual(['final']);
      for (const party of c.parties) expect(await mailsTo(party.email, /you are asked to sign/)).toBe(1);
    }
  }, 240_000);
});

describe.each(backends)('the signing trail on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The messages of an error and its causes (drizzle wraps the driver's error). */
  const messagesOf = (error: unknown): string[] => {
    const messages: string[] = [];
    for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) messages.push(String(e.message));
    return messages;
  };
  const refusal = (statement: Promise<unknown>) =>
    statement.then(
      () => [] as string[],
      (error: unknown) => messagesOf(error),
    );

  // Requests are never deleted (no route or job removes one, and a matched case's payment rows hold it), so only the
  // trail's own rows are tried here.
  it('is append-only: an UPDATE or DELETE of its rows by SQL is refused, and the rows stay as they were', async () => {
    const c = await caseWithFinalTermSheet(t);
    const before = await repo.eventsOf(t.ctx.db, c.envelope.id);
    expect(before.map((e) => e.kind)).toEqual(['created', 'sent', 'sent', 'sent', 'sent']);
    const one = before[1].id;
    for (const statement of [
      sql`UPDATE signing_events SET detail = 'Sent to someone else' WHERE id = ${one}`,
      sql`UPDATE signing_events SET at = at - interval '1 day' WHERE envelope_id = ${c.envelope.id}`,
      sql`DELETE FROM signing_events WHERE id = ${one}`,
      sql`DELETE FROM signing_events WHERE envelope_id = ${c.envelope.id}`,
    ]) {
      expect(await refusal(t.ctx.db.execute(statement))).toEqual(expect.arrayContaining([expect.stringContaining('signing_events is append-only')]));
    }
    expect(await repo.eventsOf(t.ctx.db, c.envelope.id)).toEqual(before);
    // Appending still works: the trail grows by the product's own writes.
    expect((await counselSign(t, c.lawyer.cookie, c.envelope.id)).statusCode).toBe(200);
    expect((await repo.eventsOf(t.ctx.db, c.envelope.id)).map((e) => e.kind)).toEqual(['created', 'sent', 'sent', 'sent', 'sent', 'signed']);
  });
});

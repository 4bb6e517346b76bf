import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpVerified, uniqueEmail, type Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { recordedJobs, runDueJobs } from '../../../../tests/helpers/jobs';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { ACCOUNT_DATA_TEXTS, DATA_EXPORT_TTL_DAYS } from '../../../common/schemas/account-data';
import { dataExports } from '../../db/schema';

// "Download my data" end to end (issue 28, decision 061): asked for, built by its job, fetched by its owner alone,
// holding their data and files and nothing of the other side's, refused once expired and then removed.
const pdf = (marker: string) => Buffer.from(`%PDF-1.7\n% ${marker}\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n`);

describe.each(backends)('downloading my data on %s', (backend) => {
  let t: TestApp;
  let alice: Account;
  let bruno: Account;
  let carmen: Account;
  let requestId: string;
  const ALICE_PDF = pdf('alice-brief-marker');
  const BRUNO_PDF = pdf('bruno-private-marker');

  async function upload(cookie: string, purpose: 'brief' | 'attachment', bytes: Buffer, fileName: string) {
    const ask = await call(t, 'POST', '/api/files/upload', cookie, { fileName, size: bytes.length, purpose });
    expect(ask.statusCode, ask.body).toBe(200);
    const { uploadURL, objectPath } = ask.json() as { uploadURL: string; objectPath: string };
    const put = await t.app.inject({ method: 'PUT', url: uploadURL, headers: { 'content-type': 'application/pdf' }, payload: bytes });
    expect(put.statusCode).toBe(200);
    return objectPath;
  }

  async function member(firstName: string, lastName: string, role: 'lawyer' | 'mediator') {
    const account = await signUpVerified(t, { firstName, lastName, email: uniqueEmail(firstName.toLowerCase()) });
    expect((await call(t, 'PATCH', '/api/user/role', account.cookie, { role })).statusCode).toBe(200);
    const profile =
      role === 'lawyer'
        ? { jurisdiction: 'California', firmName: `${lastName} Legal` }
        : { jurisdiction: 'California', hourlyRate: 300, specializations: ['Family Law'] };
    expect((await call(t, 'POST', `/api/profile/${role}`, account.cookie, profile)).statusCode).toBe(200);
    return account;
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    alice = await member('Alicia', 'Exporter', 'lawyer');
    bruno = await member('Bruno', 'Otherside', 'mediator');
    await setTier(t, bruno.user.id, 'pro');
    requestId = await createLiveRequest(t, alice.cookie, {
      caseName: 'Exporter v. Example',
      opposingLawyerEmail: 'opposing.secret@opponent.example',
      mediationBriefUrl: await upload(alice.cookie, 'brief', ALICE_PDF, 'alice-brief.pdf'),
    });
    expect((await call(t, 'POST', `/api/requests/${requestId}/accept`, bruno.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${requestId}/select-mediator/${bruno.user.id}`, alice.cookie)).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/messages', alice.cookie, { requestId, content: 'Alicia writes her own words' })).statusCode).toBe(201);
    expect((await call(t, 'POST', '/api/messages', bruno.cookie, { requestId, content: 'Bruno replies with his words' })).statusCode).toBe(201);
    // A file of Bruno's own, never attached: his, not Alicia's.
    await upload(bruno.cookie, 'attachment', BRUNO_PDF, 'bruno-notes.pdf');
    // A stranger to her: another lawyer with a case and a brief of her own.
    carmen = await member('Carmen', 'Stranger', 'lawyer');
    await createLiveRequest(t, carmen.cookie, {
      caseName: 'Stranger v. Nobody',
      mediationBriefUrl: await upload(carmen.cookie, 'brief', pdf('carmen-brief-marker'), 'carmen-brief.pdf'),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const state = async (cookie: string) => (await call(t, 'GET', '/api/profile/data-export', cookie)).json().export;

  it('asks once at a time, builds the archive in its job, e-mails the owner, and only the owner downloads it', async () => {
    expect(await state(alice.cookie)).toBeNull();
    const asked = await call(t, 'POST', '/api/profile/data-export', alice.cookie);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ status: 'pending', downloadUrl: null });
    const again = await call(t, 'POST', '/api/profile/data-export', alice.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ACCOUNT_DATA_TEXTS.exportRunning);
    expect(recordedJobs(t, 'account.export')).toHaveLength(1);
    const id = asked.json().id as string;
    expect((await call(t, 'GET', `/api/profile/data-export/${id}/download`, alice.cookie)).statusCode).toBe(409);

    expect(await runDueJobs(t, (name) => name === 'account.export')).toEqual(['account.export']);
    const ready = await state(alice.cookie);
    expect(ready).toMatchObject({ id, status: 'ready', downloadUrl: `/api/profile/data-export/${id}/download` });
    expect(new Date(ready.expiresAt).getTime() - t.clock.now().getTime()).toBe(DATA_EXPORT_TTL_DAYS * 86_400_000);
    const mail = t.mailer.sent.find((m) => m.to === alice.email && /ready to download/.test(m.subject));
    expect(mail?.text).toContain('http://localhost:3000/profile#your-data');

    const res = await call(t, 'GET', ready.downloadUrl, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mediatehub-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files);
    expect(names).toContain('README.txt');
    const json = strFromU8(files['data.json']);
    const data = JSON.parse(json);
    // Hers: the account, the case with what she wrote, her message, her payment, her notifications, her brief.
    expect(data.account).toMatchObject({ id: alice.user.id, email: alice.email, firstName: 'Alicia', lastName: 'Exporter' });
    expect(data.account.lawyerProfile).toMatchObject({ firmName: 'Exporter Legal' });
    expect(data.cases).toEqual([expect.objectContaining({ id: requestId, caseName: 'Exporter v. Example', seat: 'requesting counsel', status: 'matched' })]);
    expect(data.messages.map((m: { content: string }) => m.content)).toEqual(['Alicia writes her own words']);
    expect(data.payments).toEqual([expect.objectContaining({ requestId })]);
    expect(data.notifications.length).toBeGreaterThan(0);
    const documents = names.filter((n) => n.startsWith('documents/'));
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatch(/-alice-brief\.pdf$/);
    expect(Buffer.from(files[documents[0]]).equals(ALICE_PDF)).toBe(true);
    // Nothing of a stranger's, nor of the mediator of her case (his name, address, words, file: her notifications
    // leave out their bodies, which quote him); not opposing counsel's address; no password hash.
    const everything = Buffer.concat(Object.values(files).map((f) => Buffer.from(f))).toString('latin1');
    const absentTexts = [
      carmen.email,
      'Carmen',
      'Stranger',
      'carmen-brief',
      bruno.email,
      'Bruno',
      'Otherside',
      'Bruno replies with his words',
      'bruno-private-marker',
      'bruno-notes',
      'opposing.secret@opponent.example',
      '$argon2',
    ];
    for (const absent of absentTexts) expect(everything, absent).not.toContain(absent);

    // Someone else: as if it did not exist; signed out: 401.
    const other = await call(t, 'GET', ready.downloadUrl, bruno.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Alicia');
    expect((await call(t, 'GET', ready.downloadUrl)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/profile/data-export/not-an-id/download', alice.cookie)).statusCode).toBe(404);
  });

  it('is refused once expired, then its job removes the stored archive, and a new one may be asked for', async () => {
    const ready = await state(alice.cookie);
    expect(ready.status).toBe('ready');
    expect(await t.ctx.storage.head(ready.id)).not.toBeNull();
    t.clock.advance((DATA_EXPORT_TTL_DAYS * 86_400 + 60) * 1000);
    const cookie = await signIn(t, alice.email);
    const late = await call(t, 'GET', ready.downloadUrl, cookie);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(ACCOUNT_DATA_TEXTS.exportExpired);
    expect((await state(cookie)).status).toBe('expired');

    expect(await runDueJobs(t, (name) => name === 'account.export-expiry')).toEqual(['account.export-expiry']);
    expect(await t.ctx.storage.head(ready.id)).toBeNull();
    const [row] = await t.ctx.db.select().from(dataExports).where(eq(dataExports.id, ready.id));
    expect(row.status).toBe('expired');
    expect((await call(t, 'GET', ready.downloadUrl, cookie)).statusCode).toBe(410);
    expect((await call(t, 'POST', '/api/profile/data-export', cookie)).statusCode).toBe(202);
  });

  it('gives up an archive its job never finished after six hours, so that a new one may be asked for', async () => {
    const cookie = await signIn(t, carmen.email); // the clock moved on by a week above
    const first = await call(t, 'POST', '/api/profile/data-export', cookie);
    expect(first.statusCode).toBe(202);
    expect((await call(t, 'POST', '/api/profile/data-export', cookie)).statusCode).toBe(409);
    t.clock.advance(6 * 3_600_000 + 60_000);
    const again = await call(t, 'POST', '/api/profile/data-export', cookie);
    expect(again.statusCode, again.body).toBe(202);
    const [old] = await t.ctx.db.select().from(dataExports).where(eq(dataExports.id, first.json().id));
    expect(old.status).toBe('expired');
    // Its job, run late, builds nothing; the new one's builds Carmen's archive.
    await runDueJobs(t, (name) => name === 'account.export');
    expect(await t.ctx.storage.head(first.json().id)).toBeNull();
    expect(await state(cookie)).toMatchObject({ id: again.json().id, status: 'ready' });
  });
});

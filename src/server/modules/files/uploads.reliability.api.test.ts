import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { mediationRequests, uploads } from '../../db/schema';
import { IMPOSTORS, REAL_PDFS } from './pdf-fixtures';

// Issue 11 family 8 (docs/reliability.md): uploads that are not what they claim, too big, empty, foreign or
// traversing paths, too many, attached twice, oddly named; downloads as attachments with nosniff.
const MB = 1024 * 1024;
const PDF = REAL_PDFS[0][1];

describe.each(backends)('upload reliability on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const ask = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/files/upload', headers: { cookie }, payload });
  const put = (url: string, body: Buffer, contentType = 'application/pdf') =>
    t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: body });
  const create = (cookie: string, overrides: Record<string, unknown>) => call(t, 'POST', '/api/requests', cookie, validRequest(overrides));
  const uploadRow = async (objectPath: string) => (await t.ctx.db.select().from(uploads).where(eq(uploads.objectPath, objectPath)))[0];
  const requestCount = async (lawyerId: string) =>
    (await t.ctx.db.select({ id: mediationRequests.id }).from(mediationRequests).where(eq(mediationRequests.lawyerId, lawyerId))).length;

  /** A brief through the local upload target. */
  async function brief(cookie: string, bytes: Buffer = PDF, fileName = 'brief.pdf') {
    const target = (await ask(cookie, { fileName, purpose: 'brief' })).json() as { uploadURL: string; objectPath: string };
    const res = await put(target.uploadURL, bytes);
    expect(res.statusCode, res.body).toBe(200);
    return target.objectPath;
  }

  /** A brief written straight into the store, as a presigned S3 PUT would (no target to refuse it). */
  async function storedBrief(cookie: string, bytes: Buffer, fileName = 'brief.pdf') {
    const { objectPath } = (await ask(cookie, { fileName, purpose: 'brief' })).json() as { objectPath: string };
    await t.ctx.storage.write(objectPath.split('/').pop()!, bytes);
    return objectPath;
  }

  it('refuses every impostor at the upload target (415) and when attached (400), and takes every real PDF', async () => {
    const lawyer = await signUpLawyer(t);
    let refusedAtTarget = 0;
    let refusedAtAttach = 0;
    for (const [name, bytes] of IMPOSTORS) {
      // The content type and the file name both claim a PDF.
      const target = (await ask(lawyer.cookie, { fileName: 'brief.pdf', purpose: 'brief' })).json();
      const res = await put(target.uploadURL, bytes, 'application/pdf');
      expect(res.statusCode, name).toBe(415);
      expect(res.json().message).toBe('brief.pdf is not a PDF file.');
      expect((await uploadRow(target.objectPath)).uploadedAt, name).toBeNull();
      refusedAtTarget++;

      const attached = await create(lawyer.cookie, { mediationBriefUrl: await storedBrief(lawyer.cookie, bytes) });
      expect(attached.statusCode, name).toBe(400);
      expect(attached.json().fieldErrors.mediationBriefUrl).toBe('brief.pdf is not a PDF file.');
      refusedAtAttach++;
    }
    expect(refusedAtTarget).toBe(IMPOSTORS.length);
    expect(refusedAtAttach).toBe(IMPOSTORS.length);
    expect(await requestCount(lawyer.user.id)).toBe(0);

    for (const [name, bytes] of REAL_PDFS) {
      expect((await create(lawyer.cookie, { mediationBriefUrl: await brief(lawyer.cookie, bytes) })).statusCode, name).toBe(201);
      expect((await create(lawyer.cookie, { mediationBriefUrl: await storedBrief(lawyer.cookie, bytes) })).statusCode, name).toBe(201);
    }
  });

  it('refuses oversize and zero-byte files at the target (413, 415) and when attached (400)', async () => {
    const lawyer = await signUpLawyer(t);
    const big = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(10 * MB), PDF.subarray(9)]);
    const target = (await ask(lawyer.cookie, { fileName: 'big.pdf', purpose: 'brief' })).json();
    expect((await put(target.uploadURL, big)).statusCode).toBe(413);
    const tooBig = await create(lawyer.cookie, { mediationBriefUrl: await storedBrief(lawyer.cookie, big, 'big.pdf') });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fieldErrors.mediationBriefUrl).toBe('big.pdf is too large. Maximum file size is 10MB.');

    const empty = (await ask(lawyer.cookie, { fileName: 'empty.pdf', purpose: 'brief' })).json();
    expect((await put(empty.uploadURL, Buffer.alloc(0))).statusCode).toBe(415);
    const zero = await create(lawyer.cookie, { mediationBriefUrl: await storedBrief(lawyer.cookie, Buffer.alloc(0), 'empty.pdf') });
    expect(zero.statusCode).toBe(400);
    expect(await requestCount(lawyer.user.id)).toBe(0);
  });

  it("refuses foreign objects, traversing paths and forged keys; another member's document stays theirs", async () => {
    const owner = await signUpLawyer(t);
    const thief = await signUpLawyer(t);
    const theirs = await brief(owner.cookie);
    const theirId = theirs.split('/').pop()!;
    const paths = [
      theirs,
      `/api/files${theirs}`,
      '../../etc/passwd',
      '/objects/../../etc/passwd',
      '/objects/..%2F..%2Fetc%2Fpasswd',
      `/objects/${theirId}/../../x`,
      'file:///etc/passwd',
      'https://evil.example/brief.pdf',
      '/objects/00000000-0000-0000-0000-000000000000',
    ];
    for (const path of paths) {
      const res = await create(thief.cookie, { mediationBriefUrl: path });
      expect(res.statusCode, path).toBe(400);
      const cases = await create(thief.cookie, { caseFilesUrls: [path] });
      expect(cases.statusCode, path).toBe(400);
    }
    expect(await requestCount(thief.user.id)).toBe(0);
    expect((await uploadRow(theirs)).requestId).toBeNull();

    // Downloading it: 404, like anything the caller may not see.
    expect((await call(t, 'GET', `/api/files/objects/${theirId}`, thief.cookie)).statusCode).toBe(404);
    for (const url of ['/api/files/objects/..%2F..%2Fetc%2Fpasswd', '/api/files/objects/../../etc/passwd', `/api/files/objects/${theirId}%00.pdf`]) {
      expect((await call(t, 'GET', url, thief.cookie)).statusCode, url).toBe(404);
    }
    // The upload target: a traversing key is 404, the thief's own signature on the owner's key 403.
    const mine = (await ask(thief.cookie, { fileName: 'x.pdf', purpose: 'brief' })).json();
    const query = mine.uploadURL.split('?')[1];
    expect((await put(`/api/files/local-upload/..%2F..%2Fetc%2Fpasswd?${query}`, PDF)).statusCode).toBe(404);
    expect((await put(`/api/files/local-upload/${theirId}?${query}`, PDF)).statusCode).toBe(403);
  });

  it('refuses more case files than the limit', async () => {
    const lawyer = await signUpLawyer(t);
    const files = [];
    for (let i = 0; i < 6; i++) {
      const target = (await ask(lawyer.cookie, { fileName: `case-${i}.pdf`, purpose: 'case_file' })).json();
      expect((await put(target.uploadURL, PDF)).statusCode).toBe(200);
      files.push(target.objectPath);
    }
    const res = await create(lawyer.cookie, { caseFilesUrls: files });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.caseFilesUrls).toBe('You can only upload up to 5 file(s).');
    expect((await create(lawyer.cookie, { caseFilesUrls: files.slice(0, 5) })).statusCode).toBe(201);
  });

  it('an object attached to one request cannot be attached to a second (409); it stays with the first', async () => {
    const lawyer = await signUpLawyer(t);
    const path = await brief(lawyer.cookie);
    const caseTarget = (await ask(lawyer.cookie, { fileName: 'exhibit.pdf', purpose: 'case_file' })).json();
    expect((await put(caseTarget.uploadURL, PDF)).statusCode).toBe(200);
    const first = await create(lawyer.cookie, { mediationBriefUrl: path, caseFilesUrls: [caseTarget.objectPath] });
    expect(first.statusCode).toBe(201);
    const again = await create(lawyer.cookie, { mediationBriefUrl: path });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('brief.pdf is already attached to another request. Please upload it again.');
    const caseAgain = await create(lawyer.cookie, { caseFilesUrls: [caseTarget.objectPath] });
    expect(caseAgain.statusCode).toBe(409);
    expect(caseAgain.json().message).toBe('exhibit.pdf is already attached to another request. Please upload it again.');
    expect((await uploadRow(path)).requestId).toBe(first.json().id);
    expect((await uploadRow(caseTarget.objectPath)).requestId).toBe(first.json().id);
    expect(await requestCount(lawyer.user.id)).toBe(1);
  });

  it('two concurrent attaches of one upload to two requests: exactly one wins, every time', async () => {
    const lawyer = await signUpLawyer(t);
    const rounds = 8;
    for (let round = 0; round < rounds; round++) {
      const path = await brief(lawyer.cookie);
      const answers = await Promise.all([create(lawyer.cookie, { mediationBriefUrl: path }), create(lawyer.cookie, { mediationBriefUrl: path })]);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([201, 409]);
      const winner = answers.find((a) => a.statusCode === 201)!.json().id;
      expect((await uploadRow(path)).requestId).toBe(winner);
    }
    expect(await requestCount(lawyer.user.id)).toBe(rounds);
  });

  it('names are normalised at upload and attach; downloads are attachments with nosniff and the safe name', async () => {
    const lawyer = await signUpLawyer(t);
    const names: [string, string][] = [
      ['../../etc/passwd', 'passwd.pdf'],
      ['x.exe', 'x_exe.pdf'],
      ['<script>alert(1)</script>', 'alert(1).pdf'],
      ['a\u202Egpj.exe', 'agpj_exe.pdf'],
      ['Brief – Smith & Jones.pdf', 'Brief – Smith & Jones.pdf'],
    ];
    for (const [raw, expected] of names) {
      const path = await brief(lawyer.cookie, PDF, raw);
      expect((await uploadRow(path)).fileName, raw).toBe(expected);
      const created = await create(lawyer.cookie, { mediationBriefUrl: path });
      expect(created.statusCode).toBe(201);
      expect(created.json().documents[0].fileName).toBe(expected);
      const got = await call(t, 'GET', created.json().documents[0].url, lawyer.cookie);
      expect(got.statusCode).toBe(200);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-type']).toMatch(/^application\/pdf/);
      const disposition = String(got.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="[^"\\/<>]*"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe(expected);
    }
    // A name on a file stored without the target (S3) is normalised when attached.
    const stored = await storedBrief(lawyer.cookie, PDF, 'notes.exe');
    expect((await create(lawyer.cookie, { mediationBriefUrl: stored })).json().documents[0].fileName).toBe('notes_exe.pdf');
  });
});

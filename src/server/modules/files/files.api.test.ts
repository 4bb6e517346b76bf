import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { signUpLawyer, signUpMediator, signUpVerified } from '../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-fake-png-body-for-tests')]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');
const MB = 1024 * 1024;

describe.each(backends)('files on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const askUpload = (cookie: string | undefined, payload?: object) =>
    t.app.inject({ method: 'POST', url: '/api/files/upload', headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const put = (url: string, body: Buffer, contentType = 'image/png') =>
    t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: body });
  const patchProfile = (cookie: string, payload: object) => t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload });
  const download = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  async function uploaded(cookie: string, purpose: string, bytes: Buffer, contentType: string, fileName = 'file.bin') {
    const res = await askUpload(cookie, { fileName, size: bytes.length, purpose });
    expect(res.statusCode).toBe(200);
    const { uploadURL, objectPath } = res.json() as { uploadURL: string; objectPath: string };
    expect((await put(uploadURL, bytes, contentType)).statusCode).toBe(200);
    return { uploadURL, objectPath, id: objectPath.split('/').pop()! };
  }

  it('photo flow: upload URL, PUT the bytes, attach to the profile, download them back', async () => {
    const { cookie } = await signUpMediator(t);
    const ask = await askUpload(cookie, { fileName: 'me.png', size: PNG.length, purpose: 'photo' });
    expect(ask.statusCode).toBe(200);
    const { uploadURL, objectPath } = ask.json();
    expect(objectPath).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    expect(uploadURL).toMatch(/sig=/);
    const id = objectPath.split('/').pop();

    expect((await put(uploadURL, PNG)).statusCode).toBe(200);
    const attach = await patchProfile(cookie, { profileImageUrl: objectPath });
    expect(attach.statusCode).toBe(200);
    expect(attach.json().profileImageUrl).toBe(`/api/files/objects/${id}`);
    expect(attach.json().mediatorProfile.photoUrl).toBe(`/api/files/objects/${id}`);

    const got = await download(`/api/files/objects/${id}`, cookie);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toMatch(/^image\/png/);
    expect(Buffer.compare(got.rawPayload, PNG)).toBe(0);

    // Removing the photo.
    const removed = await patchProfile(cookie, { profileImageUrl: null });
    expect(removed.json().profileImageUrl).toBeNull();
  });

  it('the upload target refuses non-image bytes for a photo with 415 and keeps nothing', async () => {
    const { cookie } = await signUpVerified(t);
    const { uploadURL, objectPath } = (await askUpload(cookie, { fileName: 'x.png', size: 100, purpose: 'photo' })).json();
    const res = await put(uploadURL, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/x\.png/);
    const pdf = await put(uploadURL, PDF, 'image/png');
    expect(pdf.statusCode).toBe(415);
    const attach = await patchProfile(cookie, { profileImageUrl: objectPath });
    expect(attach.statusCode).toBe(400);
  });

  it('the upload target refuses a photo over 2 MB with 413', async () => {
    const { cookie } = await signUpVerified(t);
    const { uploadURL } = (await askUpload(cookie, { fileName: 'big.png', purpose: 'photo' })).json();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * MB)]);
    const res = await put(uploadURL, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('big.png is too large. Maximum file size is 2MB.');
  });

  it('refuses a bad or expired signature with 403, and a second PUT of the same object with 409', async () => {
    const { cookie } = await signUpVerified(t);
    const { uploadURL } = (await askUpload(cookie, { fileName: 'a.png', purpose: 'photo' })).json();
    const forged = uploadURL.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await put(forged, PNG)).statusCode).toBe(403);
    expect((await put(uploadURL.replace(/&sig=[^&]+/, ''), PNG)).statusCode).toBe(403);
    const later = uploadURL.replace(/expires=(\d+)/, (_m: string, e: string) => `expires=${Number(e) + 3600}`);
    expect((await put(later, PNG)).statusCode).toBe(403);

    const second = (await askUpload(cookie, { fileName: 'b.png', purpose: 'photo' })).json();
    t.clock.advance(16 * 60_000);
    const expired = await put(second.uploadURL, PNG);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/invalid or has expired/);

    expect((await put(uploadURL, PNG)).statusCode).toBe(403); // also expired now
    const fresh = (await askUpload(cookie, { fileName: 'c.png', purpose: 'photo' })).json();
    expect((await put(fresh.uploadURL, PNG)).statusCode).toBe(200);
    expect((await put(fresh.uploadURL, PNG)).statusCode).toBe(409);
  });

  it("refuses to attach someone else's object, an upload never PUT, or a document as a photo (400)", async () => {
    const owner = await signUpVerified(t);
    const thief = await signUpVerified(t);
    const theirs = await uploaded(owner.cookie, 'photo', PNG, 'image/png');
    const stolen = await patchProfile(thief.cookie, { profileImageUrl: theirs.objectPath });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fieldErrors).toHaveProperty('profileImageUrl');

    const never = (await askUpload(thief.cookie, { fileName: 'never.png', purpose: 'photo' })).json();
    const empty = await patchProfile(thief.cookie, { profileImageUrl: never.objectPath });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.profileImageUrl).toMatch(/was not uploaded/);

    const doc = await uploaded(thief.cookie, 'attachment', PDF, 'application/pdf', 'notes.pdf');
    const wrongPurpose = await patchProfile(thief.cookie, { profileImageUrl: doc.objectPath });
    expect(wrongPurpose.statusCode).toBe(400);

    for (const path of ['/objects/not-a-uuid', 'https://evil.example/x.png', '/objects/00000000-0000-0000-0000-000000000000']) {
      expect((await patchProfile(thief.cookie, { profileImageUrl: path })).statusCode).toBe(400);
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: thief.cookie } });
    expect(me.json().profileImageUrl).toBeNull();
  });

  it('downloads: 401 signed out; another member sees a photo; 404 for another member’s document', async () => {
    const owner = await signUpLawyer(t);
    const other = await signUpMediator(t);
    const photo = await uploaded(owner.cookie, 'photo', PNG, 'image/png');
    const pdf = await uploaded(owner.cookie, 'attachment', PDF, 'application/pdf', 'private.pdf');

    expect((await download(`/api/files/objects/${photo.id}`)).statusCode).toBe(401);
    const seen = await download(`/api/files/objects/${photo.id}`, other.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toMatch(/^image\/png/);

    const hidden = await download(`/api/files/objects/${pdf.id}`, other.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('%PDF');
    const mine = await download(`/api/files/objects/${pdf.id}`, owner.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toMatch(/^application\/pdf/);
    expect(String(mine.headers['content-disposition'])).toMatch(/^attachment/);
    expect(mine.headers['x-content-type-options']).toBe('nosniff');

    expect((await download('/api/files/objects/00000000-0000-0000-0000-000000000000', owner.cookie)).statusCode).toBe(404);
    expect((await download('/api/files/objects/..%2F..%2Fetc%2Fpasswd', owner.cookie)).statusCode).toBe(404);
    const pending = (await askUpload(owner.cookie, { purpose: 'attachment' })).json();
    expect((await download(`/api/files${pending.objectPath}`, owner.cookie)).statusCode).toBe(404);
  });

  it('refuses a declared size over the limit with 413 before handing out a URL', async () => {
    const { cookie } = await signUpLawyer(t);
    const photo = await askUpload(cookie, { fileName: 'huge.jpg', size: 2 * MB + 1, purpose: 'photo' });
    expect(photo.statusCode).toBe(413);
    expect(photo.json().message).toBe('huge.jpg is too large. Maximum file size is 2MB.');
    const brief = await askUpload(cookie, { fileName: 'brief.pdf', size: 10 * MB + 1, purpose: 'brief' });
    expect(brief.statusCode).toBe(413);
    expect(brief.json().message).toBe('brief.pdf is too large. Maximum file size is 10MB.');
    expect((await askUpload(cookie, { fileName: 'ok.pdf', size: 10 * MB, purpose: 'brief' })).statusCode).toBe(200);
  });

  it('only lawyers upload briefs and case files; signed-out uploads are 401; no body means an attachment', async () => {
    const mediator = await signUpMediator(t);
    const lawyer = await signUpLawyer(t);
    expect((await askUpload(mediator.cookie, { fileName: 'b.pdf', purpose: 'brief' })).statusCode).toBe(403);
    expect((await askUpload(mediator.cookie, { fileName: 'c.pdf', purpose: 'case_file' })).statusCode).toBe(403);
    expect((await askUpload(lawyer.cookie, { fileName: 'b.pdf', purpose: 'brief' })).statusCode).toBe(200);
    expect((await askUpload(undefined, { purpose: 'photo' })).statusCode).toBe(401);
    expect((await askUpload(lawyer.cookie, { purpose: 'avatar' })).statusCode).toBe(400);

    const bare = await askUpload(mediator.cookie);
    expect(bare.statusCode).toBe(200);
    // An attachment takes a PDF, but a brief's target refuses an image.
    expect((await put(bare.json().uploadURL, PDF, 'application/pdf')).statusCode).toBe(200);
    const brief = (await askUpload(lawyer.cookie, { fileName: 'b.pdf', purpose: 'brief' })).json();
    expect((await put(brief.uploadURL, PNG, 'application/pdf')).statusCode).toBe(415);
    expect((await put(brief.uploadURL, PDF, 'application/pdf')).statusCode).toBe(200);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { uploads } from '../../db/schema';
import { expireUploads, MAX_PENDING_UPLOADS } from './files.service';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-fake-png')]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');
const HOUR = 3_600_000;

// Uploads never attached expire after a day (objects removed from the store too); attached ones stay; one user may
// hold only so many waiting to be attached.
describe.each(backends)('upload expiry on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t?.close());

  async function upload(cookie: string, purpose: string, bytes: Buffer, contentType: string) {
    const ask = await call(t, 'POST', '/api/files/upload', cookie, { fileName: 'f', size: bytes.length, purpose });
    expect(ask.statusCode).toBe(200);
    const { uploadURL, objectPath } = ask.json() as { uploadURL: string; objectPath: string };
    expect((await t.app.inject({ method: 'PUT', url: uploadURL, headers: { 'content-type': contentType }, payload: bytes })).statusCode).toBe(200);
    return { objectPath, id: objectPath.split('/').pop()! };
  }
  const exists = async (id: string) => (await t.ctx.db.select().from(uploads).where(eq(uploads.id, id))).length === 1;

  it('removes what was never attached after 24 hours, keeps photos and request documents', async () => {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    const stray = await upload(lawyer.cookie, 'brief', PDF, 'application/pdf');
    const brief = await upload(lawyer.cookie, 'brief', PDF, 'application/pdf');
    expect((await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ mediationBriefUrl: brief.objectPath }))).statusCode).toBe(201);
    const photo = await upload(mediator.cookie, 'photo', PNG, 'image/png');
    expect((await call(t, 'PATCH', '/api/profile', mediator.cookie, { profileImageUrl: photo.objectPath })).statusCode).toBe(200);

    t.clock.advance(23 * HOUR);
    await expireUploads(t.ctx);
    expect(await exists(stray.id)).toBe(true);

    t.clock.advance(2 * HOUR);
    expect(await expireUploads(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await exists(stray.id)).toBe(false);
    expect(await t.ctx.storage.head(stray.id)).toBeNull();
    expect(await exists(brief.id)).toBe(true);
    expect(await exists(photo.id)).toBe(true);
    expect((await call(t, 'GET', `/api/files/objects/${photo.id}`, mediator.cookie)).statusCode).toBe(200);
  });

  it(`refuses more than ${MAX_PENDING_UPLOADS} uploads waiting to be attached`, async () => {
    const lawyer = await signUpLawyer(t);
    for (let i = 0; i < MAX_PENDING_UPLOADS; i++) {
      expect((await call(t, 'POST', '/api/files/upload', lawyer.cookie, { fileName: `f${i}.pdf`, size: 100, purpose: 'case_file' })).statusCode).toBe(200);
    }
    const refused = await call(t, 'POST', '/api/files/upload', lawyer.cookie, { fileName: 'one-too-many.pdf', size: 100, purpose: 'case_file' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/waiting to be attached/);
  });
});

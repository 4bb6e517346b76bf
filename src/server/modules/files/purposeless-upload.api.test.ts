import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-fake-png-body-for-tests')]);

// The spec's own client asks for an upload with an empty body (spec 7: `POST /api/files/upload`, payload empty) and
// then attaches it as a brief or a case file. Such an upload must be attachable as any PDF document.
describe.each(backends)('uploads asked for without a purpose on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(cookie: string, bytes: Buffer, payload?: object) {
    const asked = await t.app.inject({ method: 'POST', url: '/api/files/upload', headers: { cookie }, ...(payload ? { payload } : {}) });
    expect(asked.statusCode).toBe(200);
    const { uploadURL, objectPath } = asked.json() as { uploadURL: string; objectPath: string };
    const put = await t.app.inject({ method: 'PUT', url: uploadURL, headers: { 'content-type': 'application/pdf' }, payload: bytes });
    expect(put.statusCode).toBe(200);
    return objectPath;
  }

  it('with no body or `{}`, a PDF becomes the brief and a case file', async () => {
    const lawyer = await signUpLawyer(t);
    const brief = await upload(lawyer.cookie, PDF);
    const caseFile = await upload(lawyer.cookie, PDF, {});
    const created = await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ mediationBriefUrl: brief, caseFilesUrls: [caseFile] }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ mediationBriefUrl: brief, caseFilesUrls: [caseFile] });
  });

  it('an image uploaded without a purpose is not a brief (400, the PDF rule)', async () => {
    const lawyer = await signUpLawyer(t);
    const image = await upload(lawyer.cookie, PNG);
    const refused = await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ mediationBriefUrl: image }));
    expect(refused.statusCode).toBe(400);
    // The target named it after what it is (decision 024).
    expect(refused.json().fieldErrors.mediationBriefUrl).toBe('file.png is not a PDF file.');
  });

  it('a purpose, when given, still narrows: a photo upload cannot become a brief', async () => {
    const lawyer = await signUpLawyer(t);
    const photo = await upload(lawyer.cookie, PNG, { purpose: 'photo', fileName: 'me.png', size: PNG.length });
    const refused = await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ mediationBriefUrl: photo }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.mediationBriefUrl).toMatch(/uploaded for something else/);
  });
});

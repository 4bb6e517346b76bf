import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { startFakeS3, type FakeS3 } from '../../../../tests/helpers/fake-s3';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { call, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { transaction } from '../../unit-of-work';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');

// Issue 22: no storage call inside a transaction (DESIGN 4). With S3 (nothing records an upload's size at upload
// time) and with uploads asked for without a purpose, attaching a file used to read the store again inside the
// transaction that links it (a request's creation; a message, under the request's row lock). The adapters now refuse
// to be called inside a transaction, and the check reads the store before it.
describe.each(backends)('S3 storage is never called inside a transaction on %s', (backend) => {
  let t: TestApp;
  let s3: FakeS3;
  beforeAll(async () => {
    t = await createTestApp(backend);
    s3 = await startFakeS3();
    t.ctx.storage = new S3Storage({ endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  /** Asks for an upload (without a body, as the spec's client does, or with a purpose) and PUTs the bytes to S3. */
  async function uploadToS3(cookie: string, payload?: object): Promise<string> {
    const asked = await call(t, 'POST', '/api/files/upload', cookie, payload);
    expect(asked.statusCode, asked.body).toBe(200);
    const { uploadURL, objectPath } = asked.json() as { uploadURL: string; objectPath: string };
    expect(uploadURL.startsWith(s3.endpoint)).toBe(true);
    const put = await fetch(uploadURL, { method: 'PUT', headers: { 'Content-Type': 'application/pdf' }, body: PDF });
    expect(put.status).toBe(200);
    return objectPath;
  }

  it('the adapters refuse a call inside a transaction, and answer outside one', async () => {
    const storages = [t.ctx.storage, new LocalStorage('/tmp/never-written', 'secret-0123456789-0123456789-0123456789', t.clock)];
    for (const storage of storages) {
      await expect(transaction(t.ctx, () => storage.head('0b7a4c2e-1111-4222-8333-444455556666'))).rejects.toThrow(/inside a database transaction/);
    }
    expect(await t.ctx.storage.head('0b7a4c2e-1111-4222-8333-444455556666')).toBeNull();
  });

  it('creates a request with a purpose-less brief and a case file, checked in S3 before the transaction', async () => {
    const lawyer = await signUpLawyer(t);
    const brief = await uploadToS3(lawyer.cookie);
    const caseFile = await uploadToS3(lawyer.cookie, { purpose: 'case_file', fileName: 'exhibit.pdf', size: PDF.length });
    const before = s3.calls.length;
    const created = await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ mediationBriefUrl: brief, caseFilesUrls: [caseFile] }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ mediationBriefUrl: brief, caseFilesUrls: [caseFile] });
    // Each object was really read (its size and its bytes), once, before anything was written.
    const reads = s3.calls.slice(before);
    expect(reads.filter((c) => c.startsWith('HEAD'))).toHaveLength(2);
    // And once attached, the documents download from S3 through the authorization check.
    for (const path of [brief, caseFile]) {
      const download = await call(t, 'GET', `/api/files${path}`, lawyer.cookie);
      expect(download.statusCode, path).toBe(200);
      expect(download.rawPayload.equals(PDF)).toBe(true);
    }
  });

  it('sends a message with a purpose-less attachment, checked in S3 before the locked transaction', async () => {
    const { lawyer, id } = await createMatchedRequest(t);
    const path = await uploadToS3(lawyer.cookie);
    const sent = await call(t, 'POST', '/api/messages', lawyer.cookie, { requestId: id, content: 'The minutes', attachmentUrl: path });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ attachmentUrl: path });
  });
});

import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NoSuchKey, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { systemClock } from '../../clock';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import { StorageUnavailableError } from './storage-errors';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-fake-png-body-for-tests')]);
const meta = (httpStatusCode: number) => ({ httpStatusCode, attempts: 1, totalRetryDelay: 0 });
const s3Answering = (error: () => Error) =>
  new S3Storage({ bucket: 'docs', region: 'us-east-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' }, {
    send: async () => Promise.reject(error()),
  } as unknown as S3Client);
const accessDenied = () => new S3ServiceException({ name: 'AccessDenied', $fault: 'client', message: 'Access Denied', $metadata: meta(403) });
const noSuchKey = () => new NoSuchKey({ message: 'The specified key does not exist.', $metadata: meta(404) });

// A store that fails answers 503, logged by the error handler; only a missing object is a 404 (or "upload it again").
describe.each(backends)('storage failures through the API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function uploadedPhoto(cookie: string): Promise<{ objectPath: string; id: string }> {
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { cookie },
      payload: { fileName: 'me.png', size: PNG.length, purpose: 'photo' },
    });
    const { uploadURL, objectPath } = ask.json() as { uploadURL: string; objectPath: string };
    const put = await t.app.inject({ method: 'PUT', url: uploadURL, headers: { 'content-type': 'image/png' }, payload: PNG });
    expect(put.statusCode).toBe(200);
    return { objectPath, id: objectPath.split('/').pop()! };
  }

  it('attaching a file while the store fails is a 503, not "upload it again"; a missing object is the 400', async () => {
    const local = t.ctx.storage;
    const { cookie } = await signUpMediator(t);
    const { objectPath } = await uploadedPhoto(cookie);
    try {
      t.ctx.storage = s3Answering(accessDenied);
      const failed = await t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload: { profileImageUrl: objectPath } });
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toMatchObject({ code: 'unavailable', message: 'File storage is unavailable. Please try again in a moment.' });

      t.ctx.storage = s3Answering(noSuchKey);
      const absent = await t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload: { profileImageUrl: objectPath } });
      expect(absent.statusCode).toBe(400);
      expect(absent.json().message).toBe('me.png was not uploaded. Please upload it again.');
    } finally {
      t.ctx.storage = local;
    }
  });

  it('downloading while the store fails is a 503, never a misleading 404; a missing object is the 404', async () => {
    const local = t.ctx.storage;
    const { cookie } = await signUpMediator(t);
    const { id } = await uploadedPhoto(cookie);
    try {
      t.ctx.storage = s3Answering(accessDenied);
      const failed = await t.app.inject({ method: 'GET', url: `/api/files/objects/${id}`, headers: { cookie } });
      expect(failed.statusCode).toBe(503);
      expect(failed.json().code).toBe('unavailable');
      expect(failed.body).not.toMatch(/Access Denied/);

      t.ctx.storage = s3Answering(noSuchKey);
      expect((await t.app.inject({ method: 'GET', url: `/api/files/objects/${id}`, headers: { cookie } })).statusCode).toBe(404);
    } finally {
      t.ctx.storage = local;
    }
  });
});

describe('local storage', () => {
  const KEY = '0b7a4c2e-1111-4222-8333-444455556666';
  let root: string;
  let storage: LocalStorage;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'local-storage-'));
    storage = new LocalStorage(root, 'secret', systemClock);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a missing file (or a key that cannot exist) is absent', async () => {
    expect(await storage.head(KEY)).toBeNull();
    expect(await storage.readStart(KEY, 16)).toBeNull();
    expect(await storage.read(KEY)).toBeNull();
    expect(await storage.readEnd(KEY, 16)).toBeNull();
    expect(await storage.head('../../etc/passwd')).toBeNull();
  });

  it('reads back what it wrote', async () => {
    await storage.write(KEY, PNG);
    expect(await storage.head(KEY)).toEqual({ size: PNG.length });
    expect(await storage.readStart(KEY, 4)).toEqual(PNG.subarray(0, 4));
    expect(await storage.readEnd(KEY, 4)).toEqual(PNG.subarray(-4));
    expect(await storage.readEnd(KEY, 10_000)).toEqual(PNG);
    const stream = await storage.read(KEY);
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(PNG);
    await storage.remove(KEY);
    expect(await storage.head(KEY)).toBeNull();
  });

  it('a disk that fails (here a symlink loop: ELOOP) throws StorageUnavailableError instead of passing for absent', async () => {
    const broken = '1b7a4c2e-1111-4222-8333-444455556666';
    mkdirSync(path.join(root, '1b'), { recursive: true });
    symlinkSync(path.join(root, '1b', broken), path.join(root, '1b', broken));
    await expect(storage.head(broken)).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.readStart(broken, 16)).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.read(broken)).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});

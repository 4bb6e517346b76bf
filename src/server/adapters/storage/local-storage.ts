import { createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Clock } from '../../clock';
import { assertOutsideTransaction } from '../../db/client';
import { StorageUnavailableError } from './storage-errors';
import type { Storage, StoredObject } from './storage';

/** "No such file" (absent) as opposed to a disk that fails (permissions, I/O), which must not pass for absent. */
const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException)?.code ?? '');
const KEY_PATTERN = /^[a-z0-9-]{36}$/;

/**
 * Local disk storage. Upload URLs point at the server's own signed upload target
 * (`PUT /api/files/local-upload/:key?expires=&sig=`), which checks the signature, size and type before writing.
 */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;

  constructor(
    private readonly root: string,
    private readonly signingKey: string,
    private readonly clock: Clock,
  ) {}

  async createUploadUrl(objectKey: string, options: { expiresInSeconds: number }): Promise<string> {
    assertOutsideTransaction('File storage');
    const expires = Math.floor(this.clock.now().getTime() / 1000) + options.expiresInSeconds;
    return `/api/files/local-upload/${encodeURIComponent(objectKey)}?expires=${expires}&sig=${this.sign(objectKey, expires)}`;
  }

  /** True when the signature is ours and not expired. */
  verifyUploadSignature(objectKey: string, expires: number, signature: string): boolean {
    if (!Number.isInteger(expires) || expires < this.clock.now().getTime() / 1000) return false;
    const expected = Buffer.from(this.sign(objectKey, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  async head(objectKey: string): Promise<StoredObject | null> {
    assertOutsideTransaction('File storage');
    if (!KEY_PATTERN.test(objectKey)) return null;
    try {
      const info = await stat(this.pathOf(objectKey));
      return { size: info.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw new StorageUnavailableError('head', objectKey, error);
    }
  }

  async readStart(objectKey: string, length: number): Promise<Buffer | null> {
    assertOutsideTransaction('File storage');
    if (!KEY_PATTERN.test(objectKey)) return null;
    try {
      const handle = await open(this.pathOf(objectKey), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    } catch (error) {
      if (isMissing(error)) return null;
      throw new StorageUnavailableError('readStart', objectKey, error);
    }
  }

  async readEnd(objectKey: string, length: number): Promise<Buffer | null> {
    assertOutsideTransaction('File storage');
    if (!KEY_PATTERN.test(objectKey)) return null;
    try {
      const handle = await open(this.pathOf(objectKey), 'r');
      try {
        const { size } = await handle.stat();
        const buffer = Buffer.alloc(Math.min(length, size));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, size - buffer.length);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    } catch (error) {
      if (isMissing(error)) return null;
      throw new StorageUnavailableError('readEnd', objectKey, error);
    }
  }

  async read(objectKey: string): Promise<Readable | null> {
    assertOutsideTransaction('File storage');
    if (!KEY_PATTERN.test(objectKey)) return null;
    const stream = createReadStream(this.pathOf(objectKey));
    try {
      // Opening is asynchronous: wait for it, so that a failure is reported now and not as a broken response later.
      await once(stream, 'open');
    } catch (error) {
      stream.destroy();
      if (isMissing(error)) return null;
      throw new StorageUnavailableError('read', objectKey, error);
    }
    return stream;
  }

  async write(objectKey: string, data: Buffer): Promise<void> {
    assertOutsideTransaction('File storage');
    const target = this.pathOf(objectKey);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data);
  }

  async remove(objectKey: string): Promise<void> {
    assertOutsideTransaction('File storage');
    await rm(this.pathOf(objectKey), { force: true });
  }

  private sign(objectKey: string, expires: number): string {
    return createHmac('sha256', this.signingKey).update(`${objectKey}:${expires}`).digest('base64url');
  }

  private pathOf(objectKey: string): string {
    // Keys are server-made uuids; refuse anything else so a key can never walk out of the root.
    if (!KEY_PATTERN.test(objectKey)) throw new Error('Invalid object key');
    return path.join(this.root, objectKey.slice(0, 2), objectKey);
  }
}

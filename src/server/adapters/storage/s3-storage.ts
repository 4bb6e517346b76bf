import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertOutsideTransaction } from '../../db/client';
import { StorageUnavailableError } from './storage-errors';
import type { Storage, StoredObject } from './storage';

interface S3ErrorShape {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as S3ErrorShape | undefined)?.$metadata?.httpStatusCode;
const nameOf = (error: unknown) => (error as S3ErrorShape | undefined)?.name ?? (error as S3ErrorShape | undefined)?.Code;

/**
 * "There is no such object": NoSuchKey (GET), NotFound (HEAD has no body, so only the status) or any other 404 but a
 * missing bucket. Everything else (403 AccessDenied or bad keys, 5xx, DNS, refused connections, timeouts) is a
 * failure of the store. S3 answers a missing key with 403 to a principal without s3:ListBucket: grant it (README).
 */
export function isAbsentObjectError(error: unknown): boolean {
  const name = nameOf(error);
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

/** A Range GET on an empty object: 416, i.e. the object exists and has no bytes. */
const isEmptyRange = (error: unknown) => nameOf(error) === 'InvalidRange' || statusOf(error) === 416;

export interface S3Options {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * S3-compatible storage (AWS, MinIO, R2…). The browser PUTs straight to a presigned URL; nothing at that address is
 * public, and every attached object is checked afterwards (size, first bytes) by files.service checkAttachment,
 * because a presigned PUT cannot refuse content by itself.
 */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;

  /** `client` is for tests (a stub); otherwise one is made from the options. */
  constructor(
    private readonly options: S3Options,
    client?: S3Client,
  ) {
    this.client =
      client ??
      new S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: Boolean(options.endpoint),
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      });
  }

  async createUploadUrl(objectKey: string, options: { contentType: string; expiresInSeconds: number }): Promise<string> {
    assertOutsideTransaction('File storage');
    const command = new PutObjectCommand({
      Bucket: this.options.bucket,
      Key: objectKey,
      ...(options.contentType.includes('*') ? {} : { ContentType: options.contentType }),
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  async head(objectKey: string): Promise<StoredObject | null> {
    assertOutsideTransaction('File storage');
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: objectKey }));
      return { size: Number(result.ContentLength ?? 0) };
    } catch (error) {
      if (isAbsentObjectError(error)) return null;
      throw new StorageUnavailableError('head', objectKey, error);
    }
  }

  async readStart(objectKey: string, length: number): Promise<Buffer | null> {
    assertOutsideTransaction('File storage');
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: objectKey, Range: `bytes=0-${length - 1}` }));
      const bytes = await result.Body?.transformToByteArray();
      return Buffer.from(bytes ?? []);
    } catch (error) {
      if (isAbsentObjectError(error)) return null;
      if (isEmptyRange(error)) return Buffer.alloc(0);
      throw new StorageUnavailableError('readStart', objectKey, error);
    }
  }

  async readEnd(objectKey: string, length: number): Promise<Buffer | null> {
    assertOutsideTransaction('File storage');
    try {
      // A suffix range: the last `length` bytes, or the whole object when it is shorter.
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: objectKey, Range: `bytes=-${length}` }));
      const bytes = await result.Body?.transformToByteArray();
      return Buffer.from(bytes ?? []);
    } catch (error) {
      if (isAbsentObjectError(error)) return null;
      if (isEmptyRange(error)) return Buffer.alloc(0);
      throw new StorageUnavailableError('readEnd', objectKey, error);
    }
  }

  async read(objectKey: string): Promise<Readable | null> {
    assertOutsideTransaction('File storage');
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: objectKey }));
      if (!result.Body) throw new Error('GetObject answered without a body');
      return result.Body as Readable;
    } catch (error) {
      if (isAbsentObjectError(error)) return null;
      throw new StorageUnavailableError('read', objectKey, error);
    }
  }

  async write(objectKey: string, data: Buffer): Promise<void> {
    assertOutsideTransaction('File storage');
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: objectKey, Body: data }));
    } catch (error) {
      throw new StorageUnavailableError('write', objectKey, error);
    }
  }

  async remove(objectKey: string): Promise<void> {
    assertOutsideTransaction('File storage');
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: objectKey }));
    } catch (error) {
      if (isAbsentObjectError(error)) return;
      throw new StorageUnavailableError('remove', objectKey, error);
    }
  }
}

import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Storage, StoredObject } from './storage';

export interface S3Options {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * S3-compatible storage (AWS, MinIO, R2…). The browser PUTs straight to a presigned URL; nothing at that address is
 * public, and every attached object is checked afterwards (size, first bytes) by files.service.verifyAttachment,
 * because a presigned PUT cannot refuse content by itself.
 */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: Boolean(options.endpoint),
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    });
  }

  async createUploadUrl(objectKey: string, options: { contentType: string; expiresInSeconds: number }): Promise<string> {
    const command = new PutObjectCommand({ Bucket: this.options.bucket, Key: objectKey, ...(options.contentType.includes('*') ? {} : { ContentType: options.contentType }) });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  async head(objectKey: string): Promise<StoredObject | null> {
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: objectKey }));
      return { size: Number(result.ContentLength ?? 0) };
    } catch {
      return null;
    }
  }

  async readStart(objectKey: string, length: number): Promise<Buffer | null> {
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: objectKey, Range: `bytes=0-${length - 1}` }));
      const bytes = await result.Body?.transformToByteArray();
      return bytes ? Buffer.from(bytes) : null;
    } catch {
      return null;
    }
  }

  async read(objectKey: string): Promise<Readable | null> {
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: objectKey }));
      return (result.Body as Readable | undefined) ?? null;
    } catch {
      return null;
    }
  }

  async write(objectKey: string, data: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: objectKey, Body: data }));
  }

  async remove(objectKey: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: objectKey }));
  }
}

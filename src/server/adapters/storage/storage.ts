import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
}

/**
 * File storage adapter (DESIGN 1): local disk by default, S3-compatible in production. `null` means only "no such
 * object"; a store that fails (credentials, network, disk) throws StorageUnavailableError (503, logged), so that an
 * outage never passes for a missing file.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** The address the browser PUTs the raw bytes to. */
  createUploadUrl(objectKey: string, options: { contentType: string; maxBytes: number; expiresInSeconds: number }): Promise<string>;
  /** Size of a stored object, or null if nothing was uploaded. */
  head(objectKey: string): Promise<StoredObject | null>;
  /** The first `length` bytes (for checking what the object really is). */
  readStart(objectKey: string, length: number): Promise<Buffer | null>;
  /** The last `length` bytes, or the whole object if it is shorter (a PDF's end marker is checked there). */
  readEnd(objectKey: string, length: number): Promise<Buffer | null>;
  read(objectKey: string): Promise<Readable | null>;
  write(objectKey: string, data: Buffer): Promise<void>;
  remove(objectKey: string): Promise<void>;
}

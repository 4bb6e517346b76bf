import { Readable } from 'node:stream';
import { NoSuchBucket, NoSuchKey, NotFound, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { isAbsentObjectError, S3Storage } from './s3-storage';
import { StorageUnavailableError } from './storage-errors';

const KEY = '0b7a4c2e-1111-4222-8333-444455556666';
const OPTIONS = { endpoint: 'http://127.0.0.1:9', bucket: 'docs', region: 'us-east-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };
const meta = (httpStatusCode: number) => ({ httpStatusCode, attempts: 1, totalRetryDelay: 0 });

/** Errors as the SDK reports them. */
const ERRORS = {
  noSuchKey: () => new NoSuchKey({ message: 'The specified key does not exist.', $metadata: meta(404) }),
  headNotFound: () => new NotFound({ message: 'UnknownError', $metadata: meta(404) }),
  noSuchBucket: () => new NoSuchBucket({ message: 'The specified bucket does not exist', $metadata: meta(404) }),
  accessDenied: () => new S3ServiceException({ name: 'AccessDenied', $fault: 'client', message: 'Access Denied', $metadata: meta(403) }),
  badKey: () =>
    new S3ServiceException({
      name: 'InvalidAccessKeyId',
      $fault: 'client',
      message: 'The AWS Access Key Id you provided does not exist',
      $metadata: meta(403),
    }),
  serverError: () => new S3ServiceException({ name: 'InternalError', $fault: 'server', message: 'We encountered an internal error', $metadata: meta(500) }),
  network: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
  emptyRange: () => new S3ServiceException({ name: 'InvalidRange', $fault: 'client', message: 'The requested range is not satisfiable', $metadata: meta(416) }),
};

/** An S3Storage whose client answers every command with `answer` (a value, or an error to throw). */
function storageAnswering(answer: (command: { constructor: { name: string } }) => unknown) {
  const sent: string[] = [];
  const client = {
    send: async (command: { constructor: { name: string } }) => {
      sent.push(command.constructor.name);
      const result = answer(command);
      if (result instanceof Error) throw result;
      return result;
    },
  } as unknown as S3Client;
  return { storage: new S3Storage(OPTIONS, client), sent };
}

async function failure(promise: Promise<unknown>): Promise<StorageUnavailableError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StorageUnavailableError);
  return error as StorageUnavailableError;
}

describe('S3 storage', () => {
  const storage = new S3Storage(OPTIONS);

  it('presigns a PUT for the object key in the bucket, expiring as asked', async () => {
    const url = new URL(await storage.createUploadUrl(KEY, { contentType: 'application/pdf', expiresInSeconds: 900 }));
    expect(url.origin).toBe('http://127.0.0.1:9');
    expect(url.pathname).toBe(`/docs/${KEY}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('host');
  });

  it('reports an object that exists: size, first bytes, stream', async () => {
    const bytes = Buffer.from('%PDF-1.7 rest');
    const { storage: s, sent } = storageAnswering((command) =>
      command.constructor.name === 'HeadObjectCommand'
        ? { ContentLength: 13 }
        : { Body: Object.assign(Readable.from([bytes]), { transformToByteArray: async () => new Uint8Array(bytes.subarray(0, 5)) }) },
    );
    expect(await s.head(KEY)).toEqual({ size: 13 });
    expect((await s.readStart(KEY, 5))?.toString()).toBe('%PDF-');
    expect(await s.read(KEY)).toBeInstanceOf(Readable);
    expect(sent).toEqual(['HeadObjectCommand', 'GetObjectCommand', 'GetObjectCommand']);
  });

  it.each([
    ['NoSuchKey (GET)', ERRORS.noSuchKey],
    ['NotFound (HEAD, no body)', ERRORS.headNotFound],
  ])('reports a missing object as absent: %s', async (_, make) => {
    const { storage: s } = storageAnswering(() => make());
    expect(await s.head(KEY)).toBeNull();
    expect(await s.readStart(KEY, 16)).toBeNull();
    expect(await s.read(KEY)).toBeNull();
    await expect(s.remove(KEY)).resolves.toBeUndefined();
  });

  it.each([
    ['a missing bucket', ERRORS.noSuchBucket, /NoSuchBucket|bucket/],
    ['access denied (permissions)', ERRORS.accessDenied, /Access Denied/],
    ['bad credentials', ERRORS.badKey, /Access Key Id/],
    ['a server error', ERRORS.serverError, /internal error/],
    ['an unreachable store', ERRORS.network, /ECONNREFUSED/],
  ])('throws StorageUnavailableError (503, cause kept for the log) for %s, never "absent"', async (_, make, cause) => {
    const { storage: s } = storageAnswering(() => make());
    for (const [operation, call] of [
      ['head', () => s.head(KEY)],
      ['readStart', () => s.readStart(KEY, 16)],
      ['read', () => s.read(KEY)],
      ['write', () => s.write(KEY, Buffer.from('x'))],
      ['remove', () => s.remove(KEY)],
    ] as const) {
      const error = await failure(call());
      expect(error.statusCode).toBe(503);
      expect(error.code).toBe('unavailable');
      expect(error.operation).toBe(operation);
      expect(error.objectKey).toBe(KEY);
      // What the client sees says nothing of the internals; the cause is for the log.
      expect(error.message).toBe('File storage is unavailable. Please try again in a moment.');
      expect(String((error.cause as Error).message ?? error.cause)).toMatch(cause);
    }
  });

  it('the real client against an unreachable endpoint throws instead of answering "absent"', async () => {
    const unreachable = new S3Storage({ ...OPTIONS, endpoint: 'http://127.0.0.1:9' });
    await failure(unreachable.head(KEY));
    await failure(unreachable.readStart(KEY, 5));
  });

  it('an empty object has no first bytes (so its type check fails as a 400), rather than failing the store', async () => {
    const { storage: s } = storageAnswering(() => ERRORS.emptyRange());
    expect(await s.readStart(KEY, 16)).toEqual(Buffer.alloc(0));
  });

  it('classifies errors by name and status', () => {
    expect(isAbsentObjectError(ERRORS.noSuchKey())).toBe(true);
    expect(isAbsentObjectError(ERRORS.headNotFound())).toBe(true);
    expect(isAbsentObjectError({ name: 'Unknown', $metadata: { httpStatusCode: 404 } })).toBe(true);
    expect(isAbsentObjectError(ERRORS.noSuchBucket())).toBe(false);
    expect(isAbsentObjectError(ERRORS.accessDenied())).toBe(false);
    expect(isAbsentObjectError(ERRORS.network())).toBe(false);
    expect(isAbsentObjectError(undefined)).toBe(false);
  });

  it('reads the end of an object with a suffix range (the PDF rule checks its last kilobyte); an empty or missing one is empty or null', async () => {
    const ranges: string[] = [];
    const tail = Buffer.from('startxref\n9\n%%EOF\n');
    const client = {
      send: async (command: { input: { Range?: string } }) => {
        ranges.push(command.input.Range ?? '');
        return { Body: { transformToByteArray: async () => new Uint8Array(tail) } };
      },
    } as unknown as S3Client;
    expect(await new S3Storage(OPTIONS, client).readEnd(KEY, 1024)).toEqual(tail);
    expect(ranges).toEqual(['bytes=-1024']);
    expect(await storageAnswering(() => ERRORS.emptyRange()).storage.readEnd(KEY, 1024)).toEqual(Buffer.alloc(0));
    expect(await storageAnswering(() => ERRORS.noSuchKey()).storage.readEnd(KEY, 1024)).toBeNull();
    await failure(storageAnswering(() => ERRORS.accessDenied()).storage.readEnd(KEY, 1024));
  });
});

// A local S3-compatible store for tests, enough for what S3Storage asks (path-style addresses): PUT an object (the
// browser's presigned upload, whose signature it does not check), HEAD, GET with a byte range (from the start or a
// suffix), DELETE; errors as S3's XML bodies. It keeps objects in memory and counts the calls it answered.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  /** The endpoint for S3Storage ({ endpoint, bucket, forcePathStyle }). */
  endpoint: string;
  bucket: string;
  objects: Map<string, Buffer>;
  /** Each answered call as "METHOD key". */
  calls: string[];
  close(): Promise<void>;
}

function s3Error(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The bytes a Range header asks for: "bytes=a-b" or the suffix "bytes=-n"; null when it cannot be satisfied. */
function rangeOf(header: string, size: number): [number, number] | null {
  const suffix = /^bytes=-(\d+)$/.exec(header);
  if (suffix) return size === 0 ? null : [Math.max(0, size - Number(suffix[1])), size - 1];
  const span = /^bytes=(\d+)-(\d*)$/.exec(header);
  if (!span || Number(span[1]) >= size) return null;
  return [Number(span[1]), Math.min(size - 1, span[2] ? Number(span[2]) : size - 1)];
}

export async function startFakeS3(bucket = 'mediatehub-test'): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const calls: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const [, bucketName, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      calls.push(`${req.method} ${key}`);
      if (bucketName !== bucket) return s3Error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      const object = objects.get(key);
      switch (req.method) {
        case 'PUT':
          objects.set(key, await bodyOf(req));
          res.writeHead(200, { ETag: '"fake"' });
          return res.end();
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        case 'HEAD':
          if (!object) {
            res.writeHead(404);
            return res.end();
          }
          res.writeHead(200, { 'Content-Length': object.length, 'Content-Type': 'application/octet-stream' });
          return res.end();
        case 'GET': {
          if (!object) return s3Error(res, 404, 'NoSuchKey', 'The specified key does not exist.');
          const header = req.headers.range;
          if (!header) {
            res.writeHead(200, { 'Content-Length': object.length });
            return res.end(object);
          }
          const range = rangeOf(header, object.length);
          if (!range) return s3Error(res, 416, 'InvalidRange', 'The requested range is not satisfiable');
          const part = object.subarray(range[0], range[1] + 1);
          res.writeHead(206, { 'Content-Length': part.length, 'Content-Range': `bytes ${range[0]}-${range[1]}/${object.length}` });
          return res.end(part);
        }
        default:
          return s3Error(res, 405, 'MethodNotAllowed', 'The specified method is not allowed');
      }
    })().catch((error: unknown) => s3Error(res, 500, 'InternalError', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    calls,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

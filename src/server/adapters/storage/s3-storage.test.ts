import { describe, expect, it } from 'vitest';
import { S3Storage } from './s3-storage';

describe('S3 storage', () => {
  const storage = new S3Storage({ endpoint: 'http://127.0.0.1:9', bucket: 'docs', region: 'us-east-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' });

  it('presigns a PUT for the object key in the bucket, expiring as asked', async () => {
    const url = new URL(await storage.createUploadUrl('0b7a4c2e-1111-4222-8333-444455556666', { contentType: 'application/pdf', expiresInSeconds: 900 }));
    expect(url.origin).toBe('http://127.0.0.1:9');
    expect(url.pathname).toBe('/docs/0b7a4c2e-1111-4222-8333-444455556666');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('host');
  });

  it('reports a missing object (unreachable store) as absent rather than throwing', async () => {
    expect(await storage.head('0b7a4c2e-1111-4222-8333-444455556666')).toBeNull();
    expect(await storage.readStart('0b7a4c2e-1111-4222-8333-444455556666', 5)).toBeNull();
  });
});

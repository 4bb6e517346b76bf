import path from 'node:path';
import type { Clock } from '../../clock';
import type { Env } from '../../env';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

export type { Storage } from './storage';
export { LocalStorage } from './local-storage';

/** The only place that picks a storage driver. */
export function createStorage(env: Env, options: { secret: string; clock: Clock; root?: string }): Storage {
  if (env.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    });
  }
  return new LocalStorage(options.root ?? path.resolve(env.DATA_DIR, 'objects'), options.secret, options.clock);
}

import path from 'node:path';
import type { Clock } from '../../clock';
import type { Env } from '../../env';
import { LocalStorage } from './local-storage';
import type { Storage } from './storage';

export type { Storage } from './storage';
export { LocalStorage } from './local-storage';

/** The only place that picks a storage driver. The S3 driver arrives with request documents (issue 3). */
export function createStorage(env: Env, options: { secret: string; clock: Clock; root?: string }): Storage {
  if (env.STORAGE_DRIVER === 's3') {
    throw new Error('STORAGE_DRIVER=s3 is not available in this version; use STORAGE_DRIVER=local');
  }
  return new LocalStorage(options.root ?? path.resolve(env.DATA_DIR, 'objects'), options.secret, options.clock);
}

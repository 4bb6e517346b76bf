import path from 'node:path';

/** Where the e2e server writes its console (gitignored: tests/e2e/.artifacts/). */
export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../.artifacts');
export const SERVER_LOG = path.join(ARTIFACTS_DIR, 'server.log');

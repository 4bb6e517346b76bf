import path from 'node:path';

/** Where the e2e server writes its console (gitignored: tests/e2e/.artifacts/). */
export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../.artifacts');

/**
 * This run's server log. playwright.config.ts names it once per run (after the port) and the worker processes
 * inherit the name, so two runs in one checkout never read or truncate each other's log.
 */
export const SERVER_LOG = process.env.E2E_SERVER_LOG ?? path.join(ARTIFACTS_DIR, 'server.log');

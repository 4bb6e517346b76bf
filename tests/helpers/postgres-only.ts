import { afterAll, beforeAll, describe } from 'vitest';
import { ensureAdmin } from '../../src/server/modules/users/accounts.service';
import { PASSWORD } from './accounts';
import { call } from './requests';
import { createTestApp, sessionCookie, type TestApp } from './test-app';

// Tests that need the PostgreSQL server: the races (PGlite has one connection, so nothing runs concurrently there)
// and what only the server shows. Locally without TEST_DATABASE_URL they are skipped, loudly; with CI=true they always
// run, and a missing TEST_DATABASE_URL fails the run (tests/helpers/backends.ts, createTestApp).
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const IN_CI = process.env.CI === 'true';

/** `describe` for the PostgreSQL server: says so when it is skipped (no TEST_DATABASE_URL) or bound to fail (in CI). */
export function describeOnPostgres(file: string, name: string, body: () => void): void {
  if (!TEST_DATABASE_URL) console.warn(`\n!!! ${file}: TEST_DATABASE_URL is not set: ${IN_CI ? 'FAILING' : 'SKIPPED'}.\n`);
  describe.skipIf(!TEST_DATABASE_URL && !IN_CI)(name, body);
}

/** What a race file's tests share: the app on the PostgreSQL server and, when asked for, a signed-in admin's cookie. */
export interface RaceApp {
  t: TestApp;
  admin: string;
}

/**
 * The set-up every race file repeated: before its tests, the app on the PostgreSQL server (and an admin signed in as
 * `adminEmail`), handed to `ready`; after them, the app closed. Races can leave a connection mid-query when the pool
 * closes: those errors belong to the closing pool, not to a test.
 */
export function startRaceApp(ready: (app: RaceApp) => void, options: { adminEmail?: string; timeoutMs?: number } = {}): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp('postgres');
    let admin = '';
    if (options.adminEmail) {
      await ensureAdmin(app.ctx, options.adminEmail, PASSWORD);
      admin = sessionCookie(await call(app, 'POST', '/api/login', undefined, { email: options.adminEmail, password: PASSWORD }));
    }
    ready({ t: app, admin });
  }, options.timeoutMs ?? 60_000);
  afterAll(async () => {
    app?.ctx.database.pool?.on('error', () => undefined);
    await app?.close();
  });
}

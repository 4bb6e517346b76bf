import { describe } from 'vitest';

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

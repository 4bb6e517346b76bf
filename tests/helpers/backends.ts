// Which databases the API tests run against: PGlite always, the PostgreSQL server when TEST_DATABASE_URL is set
// (DESIGN 6). In CI the server is required: a missing one fails loudly instead of being skipped.
export type Backend = 'pglite' | 'postgres';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

if (process.env.CI === 'true' && !TEST_DATABASE_URL) {
  throw new Error('CI=true but TEST_DATABASE_URL is not set: the API tests must also run on the PostgreSQL server.');
}

export const backends: Backend[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

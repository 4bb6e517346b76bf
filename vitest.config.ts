import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // *.crash.test.ts kill real server processes for minutes: only `npm run test:deep` runs them (CRASH_TESTS=1).
    exclude: ['**/node_modules/**', 'tests/e2e/**', ...(process.env.CRASH_TESTS ? [] : ['**/*.crash.test.ts'])],
    testTimeout: 30_000,
    // A fresh app per file (a PGlite clone or a new PostgreSQL database): on a loaded 2-core machine that took over 60 s.
    hookTimeout: 120_000,
    pool: 'forks',
    environment: 'node',
  },
});

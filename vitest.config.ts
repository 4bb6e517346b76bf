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
    // Vitest's default is one worker fewer than the cores: one worker on this 2-core machine, and the suite ran for 42
    // minutes. The API tests mostly wait on PostgreSQL (or on PGlite's single connection), so two workers halve the
    // wall time (measured: 2,539 s → about 1,200 s) without starving each other.
    maxWorkers: 2,
    environment: 'node',
  },
});

import { defineConfig } from 'vitest/config';

// *.crash.test.ts kill real server processes for minutes: only `npm run test:deep` runs them (CRASH_TESTS=1).
const exclude = ['**/node_modules/**', 'tests/e2e/**', ...(process.env.CRASH_TESTS ? [] : ['**/*.crash.test.ts'])];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // A fresh app per file (a PGlite clone or a new PostgreSQL database): on a loaded 2-core machine that took over 60 s.
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one worker on this 2-core machine, and the suite ran for 42
    // minutes. The API tests mostly wait on PostgreSQL (or on PGlite's single connection), so two workers halve the
    // wall time (measured: 2,539 s → about 1,200 s) without starving each other.
    maxWorkers: 2,
    environment: 'node',
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/common/**/*.test.ts', 'src/common/**/*.test.tsx'],
          exclude,
          // The server's files share their worker's module graph (decision 065): isolating each file re-imported the
          // whole app (≈ 3 s a file) and rebuilt the migrated PGlite template (≈ 3.5 s) 200 times. Measured on 15 API
          // files: 107 s isolated, 64 s shared. Every file builds its own app on its own database, none mocks a module
          // or changes the environment (the lint rule `tests/shared-module-graph` holds that), so only caches are shared.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['src/client/**/*.test.ts', 'src/client/**/*.test.tsx'],
          exclude,
          // Component tests mock modules (vi.mock) and render into a per-file DOM: each file stays in its own module graph.
          isolate: true,
        },
      },
    ],
  },
});

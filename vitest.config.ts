import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    testTimeout: 30_000,
    // A fresh app per file (a PGlite clone or a new PostgreSQL database): on a loaded 2-core machine that took over 60 s.
    hookTimeout: 120_000,
    pool: 'forks',
    environment: 'node',
  },
});

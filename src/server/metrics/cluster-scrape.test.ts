import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// WEB_CONCURRENCY > 1 (decision 059): a scrape reaching one server process answers for all of them, through the
// cluster's primary (scripts/cluster.mjs) and prom-client's AggregatorRegistry.
it("a worker's scrape answers with every process's metrics, gathered by the primary", () => {
  const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cluster-scrape.fixture.ts');
  const run = spawnSync(process.execPath, ['--import', 'tsx', fixture], { encoding: 'utf8', timeout: 60_000 });
  expect(run.status, run.stderr).toBe(0);
  const lines = run.stdout.split('\n');
  expect(lines).toContain('fixture_hits_total 2'); // counters add up
  expect(lines).toContain('fixture_worker_id 2'); // a gauge marked `max` keeps the largest
}, 60_000);

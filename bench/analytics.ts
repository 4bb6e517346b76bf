// The admin analytics part of `npm run bench` (issue 10: "Admin analytics for a 30-day range over the full data set:
// ≤ 200 ms"): sequential calls of GET /api/admin/analytics as the bench admin against the running production server
// (after warm-ups), and EXPLAIN (ANALYZE, BUFFERS) of the statements the repo runs for the same range, to see where
// the time goes. `node --import tsx bench/analytics.ts [--db URL] [--days N] [--time-zone Z]` prints the plans alone.
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { addDays, dateIn, resolveDateRange } from '../src/common/domain/date-range';
import type { DbOrTx } from '../src/server/db/client';
import { activityCalendar } from '../src/common/domain/activity-calendar';
import { activeUsersFromSources, activityByUtcDay, figuresByDay } from '../src/server/modules/admin/admin-analytics.repo';
import { DEFAULT_DB } from './seed';

export const ANALYTICS_BUDGET_MS = 200;

export interface AnalyticsTiming {
  /** Days back from today: 30 is the page's default range (30 days ago through today). */
  rangeDays: number;
  p50: number;
  p95: number;
  calls: number;
}

export interface AnalyticsResult extends AnalyticsTiming {
  budgetMs: number;
  /** The same for a whole year (365 days back, the longest range but one day). */
  year: AnalyticsTiming;
  /** EXPLAIN ANALYZE execution time of each of the repo's statements for the 30-day range (median), when measured. */
  sqlMs?: Record<string, number>;
  /** The database backend's CPU time for each of them (median; null when the server is not on this machine). */
  cpuMs?: Record<string, number | null>;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** `startDate` and `endDate` for the range ending today (UTC) that starts `daysBack` days before it. */
export function rangeQuery(daysBack: number, now = new Date()): string {
  const end = dateIn(now, 'UTC');
  return `startDate=${addDays(end, -daysBack)}&endDate=${end}&timeZone=UTC`;
}

async function timeCalls(base: string, cookie: string, daysBack: number, calls: number, warmups: number): Promise<AnalyticsTiming> {
  const url = `${base}/api/admin/analytics?${rangeQuery(daysBack)}`;
  const times: number[] = [];
  for (let i = 0; i < warmups + calls; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const body = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${body.slice(0, 200)}`);
    if (i >= warmups) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { rangeDays: daysBack, p50: round(quantile(times, 0.5)), p95: round(quantile(times, 0.95)), calls };
}

/** One call after another (no concurrency): the time an admin waits for the page's figures, from request to last byte. */
export async function measureAnalytics(
  base: string,
  cookie: string,
  options: { calls?: number; warmups?: number; log?: (line: string) => void } = {},
): Promise<AnalyticsResult> {
  const calls = options.calls ?? 15;
  const warmups = options.warmups ?? 3;
  const month = await timeCalls(base, cookie, 30, calls, warmups);
  const year = await timeCalls(base, cookie, 365, calls, warmups);
  return { ...month, budgetMs: ANALYTICS_BUDGET_MS, year };
}

/**
 * What the repo runs for a range, captured instead of executed: per function, the statements before its query (the
 * source statement's `SET LOCAL work_mem`) and the query, with their parameters. The app runs the money and counts
 * statement and the rollup's (docs/decisions/031); the statement over the source tables, its fallback and what the
 * rollup replaced, is measured beside them for comparison.
 */
export async function analyticsStatements(
  daysBack: number,
  timeZone = 'UTC',
  now = new Date(),
): Promise<{ name: string; setup: string[]; text: string; params: unknown[] }[]> {
  const end = dateIn(now, timeZone);
  const resolved = resolveDateRange({ startDate: addDays(end, -daysBack), endDate: end, timeZone }, now);
  if (!resolved.ok) throw new Error(JSON.stringify(resolved.fieldErrors));
  const dialect = new PgDialect();
  const out = [];
  const range = resolved.range;
  const calendar = activityCalendar(range.boundaries);
  if (!calendar) throw new Error(`no activity calendar for ${timeZone}`);
  for (const [name, run] of [
    ['figuresByDay', (db: DbOrTx) => figuresByDay(db, range)],
    ['activityByUtcDay', (db: DbOrTx) => activityByUtcDay(db, calendar)],
    ['activeUsersFromSources', (db: DbOrTx) => activeUsersFromSources(db, range)],
  ] as const) {
    const captured: { sql: string; params: unknown[] }[] = [];
    const capture = {
      execute: async (query: SQL) => {
        captured.push(dialect.sqlToQuery(query));
        return { rows: [] };
      },
    } as unknown as DbOrTx;
    await run(capture);
    const last = captured[captured.length - 1];
    out.push({ name, setup: captured.slice(0, -1).map((q) => q.sql), text: last.sql, params: last.params });
  }
  return out;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement: the plan as text and the median execution time of `runs`. With
 * `timing: false` (the runner's figures) the per-node clocks are off: on ~600,000 rows they double the time measured.
 * `cpuMs`: the CPU time the database backend spent running the statement itself (not EXPLAIN), median of `runs`, with
 * parallel workers off so that it is all in that one process (`/proc/<pid>/schedstat`; only when the server runs on
 * this machine, as the bench's does). On this shared machine the wall-clock figures follow the load; the CPU time
 * hardly does.
 */
export async function explainAnalytics(
  url: string,
  daysBack: number,
  runs = 5,
  timeZone = 'UTC',
  timing = true,
): Promise<{ name: string; medianMs: number; cpuMs: number | null; plan: string }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { pid } = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0];
  const schedstat = `/proc/${pid}/schedstat`;
  const cpu = () => Number(readFileSync(schedstat, 'utf8').split(' ')[0]) / 1e6;
  try {
    const out = [];
    for (const statement of await analyticsStatements(daysBack, timeZone)) {
      const times: number[] = [];
      let plan = '';
      for (let i = 0; i < runs; i++) {
        await client.query('BEGIN');
        for (const setup of statement.setup) await client.query(setup);
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS${timing ? '' : ', TIMING OFF'}) ${statement.text}`,
          statement.params,
        );
        await client.query('ROLLBACK');
        plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        const match = /Execution Time: ([\d.]+) ms/.exec(plan);
        times.push(match ? Number(match[1]) : NaN);
      }
      times.sort((a, b) => a - b);
      let cpuMs: number | null = null;
      if (existsSync(schedstat)) {
        const cpuTimes: number[] = [];
        for (let i = 0; i < runs; i++) {
          await client.query('BEGIN');
          await client.query('SET LOCAL max_parallel_workers_per_gather = 0');
          for (const setup of statement.setup) await client.query(setup);
          const before = cpu();
          await client.query(statement.text, statement.params);
          cpuTimes.push(cpu() - before);
          await client.query('ROLLBACK');
        }
        cpuTimes.sort((a, b) => a - b);
        cpuMs = round(cpuTimes[Math.floor(cpuTimes.length / 2)]);
      }
      out.push({ name: statement.name, medianMs: round(times[Math.floor(times.length / 2)]), cpuMs, plan });
    }
    return out;
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  let url = process.env.BENCH_DATABASE_URL ?? DEFAULT_DB;
  let days = [30, 365];
  let timeZone = 'UTC';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--db') url = argv[++i];
    else if (argv[i] === '--days') days = [Number(argv[++i])];
    else if (argv[i] === '--time-zone') timeZone = argv[++i];
    else throw new Error(`unknown argument ${argv[i]} (use --db <url> --days <n> --time-zone <zone>)`);
  }
  for (const daysBack of days) {
    for (const { name, medianMs, cpuMs, plan } of await explainAnalytics(url, daysBack, 5, timeZone)) {
      process.stdout.write(`\n## ${name}, ${daysBack} days back (${timeZone}): median execution ${medianMs} ms of 5, backend CPU ${cpuMs} ms\n\n${plan}\n`);
    }
  }
}

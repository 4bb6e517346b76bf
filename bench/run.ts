// `npm run bench [-- --quick] [--reseed] [--requests N] [--db URL]`: seeds (unless the database already holds this
// size, per its bench.marker), builds, starts the production server and the floor (bench/floor.mjs) on the seeded
// PostgreSQL database, measures the admin analytics, the API side by side, the WebSocket delivery, the client's
// JavaScript and Lighthouse, stops everything, and writes bench/results/<timestamp>.json, bench/results/latest.json and the table in
// bench/README.md. Never part of `npm test`.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { killAll, smtpSink, startProcess, stopProcess, waitFor, waitForOutput } from './processes';
import { explainAnalytics, measureAnalytics, type AnalyticsResult } from './analytics';
import { limitShares, MAX_LIMIT_SHARE, runApi, scenarios, type ApiResult } from './api';
import { bundleSizes, CHROMIUM, LIGHTHOUSE_RUNS, lighthousePages, readManifest, ROUTES, type BundleResult, type LighthouseScores } from './client';
import { addAcceptPools, cleanUpFixtures, prepareFixtures } from './fixtures';
import {
  AVAILABLE_COLUMNS_SQL,
  AVAILABLE_INDEXED_SQL,
  AVAILABLE_SQL,
  CHANNEL_SQL,
  REQUEST_SQL,
  SCHEDULING_SQL,
  SIGNING_SQL,
  THREAD_SQL,
  UNREAD_SQL,
} from './floor-sql.mjs';
import { DEFAULT_DB, readMarker, seed, SEED_VERSION } from './seed';
import { runWs, type WsResult } from './ws';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'bench/results');
const TMP = path.join(RESULTS, 'tmp');
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3900);
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 3901);
const SMTP_PORT = Number(process.env.BENCH_SMTP_PORT ?? 3925);
const ORIGIN = `http://127.0.0.1:${APP_PORT}`;
/** ws2's further app processes: the one the mediators' sockets connect to, and (with `--processes N`) the posting one. */
const WS2_SOCKETS_PORT = APP_PORT + 2;
const WS2_POSTS_PORT = APP_PORT + 3;

interface Args {
  quick: boolean;
  reseed: boolean;
  requests: number;
  db: string;
  skip: Set<string>;
  /**
   * Server processes of the app (WEB_CONCURRENCY) and of the floor (FLOOR_PROCESSES), 1 unless `--processes N`: on
   * this 2-core machine the load generator and PostgreSQL share the cores, and two processes helped the heavy reads
   * but not the light ones (docs/decisions/035).
   */
  processes: number;
  /** `--only analytics` (or any parts): measure those alone; the results go to their timestamped file only. */
  only: boolean;
  sqlOnly: boolean;
}

const PARTS = ['analytics', 'api', 'ws', 'lighthouse', 'bundles'];

function parseArgs(argv: string[]): Args {
  const args: Args = {
    quick: false,
    reseed: false,
    requests: 100_000,
    db: process.env.BENCH_DATABASE_URL ?? DEFAULT_DB,
    skip: new Set(),
    only: false,
    sqlOnly: false,
    processes: 1,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') args.quick = true;
    else if (a === '--reseed') args.reseed = true;
    else if (a === '--requests') args.requests = Number(argv[++i]);
    else if (a === '--db') args.db = argv[++i];
    else if (a === '--processes') {
      args.processes = Number(argv[++i]);
      if (!Number.isInteger(args.processes) || args.processes < 1 || args.processes > 64) throw new Error('--processes takes a whole number from 1 to 64');
    } else if (a === '--sql-only')
      args.sqlOnly = true; // seed if needed, then only the floor SQL's timings (flatness across sizes)
    else if (a === '--skip')
      argv[++i].split(',').forEach((s) => args.skip.add(s)); // analytics, api, ws, lighthouse, bundles (while working on the bench)
    else if (a === '--only') {
      const only = argv[++i].split(',');
      PARTS.filter((p) => !only.includes(p)).forEach((p) => args.skip.add(p));
      args.only = true;
    } else throw new Error(`unknown argument ${a}: use --quick, --reseed, --requests N, --db URL, --processes N, --sql-only, --skip|--only ${PARTS.join(',')}`);
  }
  return args;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

/** EXPLAIN ANALYZE of the floor's reads (median execution time of 15 runs each), with the users the bench uses. */
async function sqlTimings(
  url: string,
  ids: { mediator: string; requestId: string; userId: string; caseId: string; counselId: string },
): Promise<{ ms: Record<string, number>; available: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, number> = {};
    const { indexed } = (await client.query(AVAILABLE_COLUMNS_SQL)).rows[0];
    const cases: [string, string, unknown[]][] = [
      ['available', indexed ? AVAILABLE_INDEXED_SQL : AVAILABLE_SQL, [ids.mediator]],
      ['request', REQUEST_SQL, [ids.userId, ids.requestId]],
      ['unread', UNREAD_SQL, [ids.userId]],
      ['thread', THREAD_SQL, [ids.requestId, ids.userId]],
      ['channel', CHANNEL_SQL, [ids.caseId, ids.counselId]],
      ['scheduling', SCHEDULING_SQL, [ids.caseId, ids.counselId]],
      ['signing', SIGNING_SQL, [ids.caseId, ids.counselId]],
    ];
    for (const [name, text, params] of cases) {
      const times: number[] = [];
      for (let i = 0; i < 15; i++) {
        const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
        times.push(rows[0]['QUERY PLAN'][0]['Execution Time']);
      }
      times.sort((a, b) => a - b);
      out[name] = Math.round(times[7] * 1000) / 1000;
    }
    return { ms: out, available: indexed ? 'indexed walks (decision 022)' : 'one walk in created_at order' };
  } finally {
    await client.end();
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Replaces what stands between `<!-- name:start -->` and `<!-- name:end -->` in bench/README.md. */
function replaceSection(name: string, text: string): void {
  const readme = path.join(ROOT, 'bench/README.md');
  if (!existsSync(readme)) return;
  const current = readFileSync(readme, 'utf8');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  if (!current.includes(start) || !current.includes(end)) return;
  writeFileSync(readme, `${current.slice(0, current.indexOf(start) + start.length)}\n${text}\n${current.slice(current.indexOf(end))}`);
}

function timestamp(d: Date): string {
  return d.toISOString().replace(/[:]/g, '-').replace(/\..+$/, 'Z');
}

function readmeTable(r: Results): string {
  const lines = [
    `Latest run: ${r.date} (${r.mode}, ${r.seed.requests.toLocaleString('en-US')} requests seeded; machine: ${r.machine.cpus} CPUs, load average ${r.machine.loadStart} at the start, shared with other work, so expect noise; app and floor ${r.serverProcesses} server process${r.serverProcesses > 1 ? 'es' : ''} each; the app's rate limits ${r.rateLimits}).`,
    '',
    '| API (32 connections) | app req/s | p50 ms | p99 ms | errors | floor req/s | floor p99 ms | app / floor |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...r.api.map((a) => `| ${a.name} | ${a.rps} | ${a.p50} | ${a.p99} | ${a.errors} | ${a.floorRps} | ${a.floorP99} | ${a.ratio} |`),
    '',
    r.serverProcesses > 1
      ? `Server memory under load (max; the sum of the ${r.serverProcesses} processes' and the primary's PSS, shared pages counted once): app ${r.rss.appMb} MB, floor ${r.rss.floorMb} MB.`
      : `Server RSS under load (max): app ${r.rss.appMb} MB, floor ${r.rss.floorMb} MB.`,
    '',
  ];
  if (r.analytics) {
    const a = r.analytics;
    const list = (figures: Record<string, number | null> | undefined, unit: string) =>
      Object.entries(figures ?? {})
        .map(([k, v]) => `${k} ${v ?? '?'} ${unit}`)
        .join(', ');
    lines.push(
      `Admin analytics (\`GET /api/admin/analytics\`, ${a.calls} calls one after another after 3 warm-ups): ${a.rangeDays} days back p50 ${a.p50} ms, p95 ${a.p95} ms (budget ${a.budgetMs}); a year (${a.year.rangeDays} days back) p50 ${a.year.p50} ms, p95 ${a.year.p95} ms.`,
    );
    if (a.sqlMs)
      lines.push(
        `Its statements for ${a.rangeDays} days, median of 3: EXPLAIN ANALYZE (timing off) ${list(a.sqlMs, 'ms')}; database CPU ${list(a.cpuMs, 'ms')}.`,
      );
    lines.push('');
  }
  if (r.sqlMs)
    lines.push(
      `Floor SQL (Available: ${r.availableQuery}), EXPLAIN ANALYZE median: ${Object.entries(r.sqlMs)
        .map(([k, v]) => `${k} ${v} ms`)
        .join(', ')}.`,
      '',
    );
  const wsFigures = (w: WsResult) =>
    `${w.connections} connections, ${w.sent} messages at ${r.wsRate}/s through POST /api/messages: from the POST's answer to the recipient's event p50 ${w.p50} ms, p99 ${w.p99} ms, lost ${w.lost}; ${w.sent - w.accepted} POSTs not accepted (${JSON.stringify(w.failures ?? {})}); ${w.beforeAnswer} events arrived before the POST's answer (counted as 0 ms), ${w.overlapped} messages were sent while every thread had one outstanding. From the POST's sending: p50 ${w.fromSendP50} ms, p99 ${w.fromSendP99} ms; the POST itself p50 ${w.postP50} ms, p99 ${w.postP99} ms.`;
  if (r.ws) lines.push(`WebSocket: ${wsFigures(r.ws)}`, '');
  if (r.ws2)
    lines.push(
      `WebSocket across two app instances (one server process each; the POSTs to one, the mediators' sockets on the other, the events through LISTEN/NOTIFY): ${wsFigures(r.ws2)}`,
      '',
    );
  if (r.bundles) {
    lines.push('| route | JS loaded, gzip KB | loaded later by its page, gzip KB |', '|---|---:|---|');
    for (const [route, bytes] of Object.entries(r.bundles)) {
      const later = Object.entries(r.bundlesLazy?.[route] ?? {});
      lines.push(`| ${route} | ${(bytes / 1024).toFixed(1)} | ${later.length ? later.map(([k, v]) => `${k} ${(v / 1024).toFixed(1)}`).join(', ') : '—'} |`);
    }
    lines.push('');
  }
  if (r.lighthouse && Object.keys(r.lighthouse).length) {
    lines.push(
      "| Lighthouse (mobile), the median run | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | KiB | every run's performance |",
      '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const [p, s] of Object.entries(r.lighthouse)) {
      const runs = (r.lighthouseRuns?.[p] ?? []).map((run) => run.performance).join(', ');
      lines.push(
        `| ${p} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.fcpMs ?? ''} | ${s.lcpMs ?? ''} | ${s.tbtMs ?? ''} | ${s.transferKiB ?? ''} | ${runs} |`,
      );
    }
    lines.push('');
  }
  if (r.notes.length) lines.push(...r.notes.map((n) => `- ${n}`), '');
  return lines.join('\n');
}

interface Results {
  date: string;
  mode: 'full' | 'quick';
  /** RATE_LIMITS as the app was started with: on, the production default, unless the environment says off. */
  rateLimits: 'on' | 'off';
  machine: { cpus: number; loadStart: string; loadEnd?: string; node: string };
  /** How many server processes the app and the floor each ran (WEB_CONCURRENCY / FLOOR_PROCESSES). */
  serverProcesses: number;
  seed: { requests: number; seededAt: string; counts?: unknown };
  api: ApiResult[];
  rss: { appMb: number; floorMb: number };
  /** Issue 10: admin analytics for the 30-day range (and a year), sequential calls. */
  analytics?: AnalyticsResult;
  sqlMs?: Record<string, number>;
  /** Which Available query the floor ran. */
  availableQuery?: string;
  ws: WsResult | null;
  /** The same with two server processes: the POSTs to one, the recipients' sockets on the other (LISTEN/NOTIFY between). */
  ws2: WsResult | null;
  wsRate: number;
  bundles: Record<string, number> | null;
  bundlesLazy?: BundleResult['lazy'];
  /** Per page, the run with the median performance score of `lighthouseRuns`. */
  lighthouse: Record<string, LighthouseScores>;
  /** Per page, every run's figures in the order they ran (LIGHTHOUSE_RUNS each). */
  lighthouseRuns?: Record<string, LighthouseScores[]>;
  durationSeconds?: number;
  notes: string[];
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  mkdirSync(TMP, { recursive: true });
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  const results: Results = {
    date: new Date().toISOString(),
    mode: args.quick ? 'quick' : 'full',
    rateLimits: process.env.RATE_LIMITS === 'off' ? 'off' : 'on',
    machine: { cpus: os.cpus().length, loadStart: load(), node: process.version },
    serverProcesses: args.processes,
    seed: { requests: args.requests, seededAt: '' },
    api: [],
    rss: { appMb: 0, floorMb: 0 },
    ws: null,
    ws2: null,
    wsRate: 100,
    bundles: null,
    lighthouse: {},
    notes: [],
  };
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;

  // 1. The data.
  log(`\n# Seed (${args.db})`);
  const marker = await readMarker(args.db);
  if (!args.reseed && marker && marker.requests === args.requests && marker.version === SEED_VERSION) {
    log(`  already seeded with ${marker.requests} requests at ${marker.seededAt}: reused (--reseed to start over)`);
  } else {
    await seed({ url: args.db, requests: args.requests, log });
  }
  const after = await readMarker(args.db);
  results.seed.seededAt = after?.seededAt ?? '';

  if (args.sqlOnly) {
    const client = new pg.Client({ connectionString: args.db });
    await client.connect();
    const { rows } = await client.query(
      `SELECT (SELECT user_id FROM bench.sessions WHERE label = 'mediator') AS mediator,
              (SELECT id FROM bench.req WHERE pair_no = 1) AS "requestId",
              (SELECT user_id FROM bench.sessions WHERE label = 'pair-lawyer' AND pair_no = 1) AS "userId",
              (SELECT id FROM bench.cases WHERE case_no = 1) AS "caseId",
              (SELECT lawyer_id FROM bench.cases WHERE case_no = 1) AS "counselId"`,
    );
    await client.end();
    const { ms: timings, available } = await sqlTimings(args.db, rows[0]);
    log(`  floor SQL at ${args.requests} requests (EXPLAIN ANALYZE, median of 15, ms; Available: ${available}): ${JSON.stringify(timings)}`);
    // Kept per size in bench/results/sql-sizes.json, and shown side by side in bench/README.md.
    const sizesFile = path.join(RESULTS, 'sql-sizes.json');
    const sizes = existsSync(sizesFile)
      ? (JSON.parse(readFileSync(sizesFile, 'utf8')) as Record<string, { date: string; ms: Record<string, number>; available: string }>)
      : {};
    sizes[String(args.requests)] = { date: new Date().toISOString(), ms: timings, available };
    writeFileSync(sizesFile, `${JSON.stringify(sizes, null, 2)}\n`);
    const names = Object.keys(timings);
    const table = [
      '| requests seeded | ' + names.map((n) => `${n} ms`).join(' | ') + ' | Available query | measured |',
      '|---:|' + names.map(() => '---:|').join('') + '---|---|',
      ...Object.entries(sizes)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(
          ([n, v]) =>
            `| ${Number(n).toLocaleString('en-US')} | ${names.map((k) => v.ms[k] ?? '').join(' | ')} | ${v.available} | ${v.date.slice(0, 16).replace('T', ' ')} UTC |`,
        ),
    ].join('\n');
    replaceSection('sizes', table);
    return;
  }

  // 2. The production build.
  log(`\n# Build (npm run build) [${elapsed()}]`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  writeFileSync(path.join(TMP, 'build.log'), `${build.stdout}\n${build.stderr}`);
  if (build.status !== 0) throw new Error(`npm run build failed; see ${path.join(TMP, 'build.log')}`);
  log('  built');

  // 3. Fixtures: sessions renewed, fresh live requests for the accept test.
  const reps = args.quick ? 1 : 3;
  const seconds = args.quick ? 4 : 8;
  const warmupSeconds = args.quick ? 1 : 3;
  // Every accept needs a request slot of its own: room for 3,000 accepts a second, more than either side reaches here.
  const acceptRequests = Math.ceil((3000 * (warmupSeconds + reps * seconds)) / 3) + 100;
  const fx = await prepareFixtures(args.db);
  log(`  fixtures: ${fx.pairs.length} pairs, ${fx.acceptors.length} accepting mediators, ${fx.cases.length} two-sided cases`);

  // 4. Servers: the production build (scripts/start.mjs) and the floor.
  log(`\n# Servers [${elapsed()}]`);
  // A server already listening on one of these ports would answer in place of the one started here (and the one
  // started here would die unseen): refuse to measure rather than measure the wrong process.
  for (const [name, port] of [
    ['BENCH_APP_PORT', APP_PORT],
    ['BENCH_FLOOR_PORT', FLOOR_PORT],
    ['BENCH_SMTP_PORT', SMTP_PORT],
    ...(args.skip.has('ws') ? [] : [WS2_SOCKETS_PORT, ...(args.processes > 1 ? [WS2_POSTS_PORT] : [])]).map(
      (port) => ['BENCH_APP_PORT (ws2 adds 2 and 3)', port] as const,
    ),
  ] as const) {
    if (!(await portIsFree(port))) throw new Error(`port ${port} is in use: stop what listens there, or set ${name} to a free port`);
  }
  const smtp = smtpSink(SMTP_PORT, path.join(TMP, 'smtp.log'));
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: ORIGIN,
    DATABASE_URL: args.db,
    DATA_DIR: path.join(TMP, 'data'),
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef-not-for-production',
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    PAYMENTS_PROVIDER: 'local',
    STORAGE_DRIVER: 'local',
    // The production configuration: the rate limits on (the app's default). Written out so that a .env in the work
    // tree, which the app reads for what is not set, cannot turn them off unseen; RATE_LIMITS=off in the bench's own
    // environment still does, and the results say so.
    RATE_LIMITS: results.rateLimits,
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: String(args.processes),
    SEED_DEMO: 'false',
  };
  delete appEnv.ADMIN_EMAIL;
  delete appEnv.ADMIN_PASSWORD;
  let appOutput = '';
  const app = startProcess('app', process.execPath, ['scripts/start.mjs'], appEnv, path.join(TMP, 'app.log'), (chunk) => (appOutput += chunk));
  let floor: ChildProcess | null = null;
  let floorOutput = '';
  /** ws2's app processes: the same build and environment (SESSION_SECRET included) on another port, one process each. */
  const ws2Apps: ChildProcess[] = [];
  const startWs2App = async (port: number) => {
    const child = startProcess(
      `app on ${port}`,
      process.execPath,
      ['scripts/start.mjs'],
      { ...appEnv, PORT: String(port), WEB_CONCURRENCY: '1' },
      path.join(TMP, `app-${port}.log`),
    );
    ws2Apps.push(child);
    await waitFor(`http://127.0.0.1:${port}/api/health`, child, 180);
    return `http://127.0.0.1:${port}`;
  };
  try {
    await waitFor(`${ORIGIN}/api/health`, app, 180);
    if (args.processes > 1) await waitForOutput(() => appOutput, /\d+ server processes listening/, app, 120);
    // The floor after the app: the app's start runs the migrations, and the floor picks its Available query by the
    // columns the database then has.
    floor = startProcess(
      'floor',
      process.execPath,
      ['bench/floor.mjs'],
      { ...process.env, DATABASE_URL: args.db, PORT: String(FLOOR_PORT), FLOOR_PROCESSES: String(args.processes) },
      path.join(TMP, 'floor.log'),
      (chunk) => (floorOutput += chunk),
    );
    await waitFor(`http://127.0.0.1:${FLOOR_PORT}/health`, floor, 30);
    if (args.processes > 1) await waitForOutput(() => floorOutput, /\d+ server processes listening/, floor, 30);
    log(`  both answering, ${args.processes} server process${args.processes > 1 ? 'es' : ''} each`);

    const sql = await sqlTimings(args.db, {
      mediator: fx.mediator.userId,
      requestId: fx.pairs[0].requestId,
      userId: fx.pairs[0].lawyer.userId,
      caseId: fx.cases[0].requestId,
      counselId: fx.cases[0].counsel[0].userId,
    });
    results.sqlMs = sql.ms;
    results.availableQuery = sql.available;
    log(`  floor SQL (EXPLAIN ANALYZE median; Available: ${sql.available}): ${JSON.stringify(results.sqlMs)}`);

    // 5. Admin analytics (issue 10), before the accept pools exist: the seeded data set only.
    if (!args.skip.has('analytics')) {
      log(`\n# Admin analytics: 15 sequential calls after 3 warm-ups, 30 days and a year back [${elapsed()}]`);
      results.analytics = await measureAnalytics(ORIGIN, fx.admin.cookie);
      const a = results.analytics;
      log(
        `  ${a.rangeDays} days: p50 ${a.p50} ms, p95 ${a.p95} ms (budget ${a.budgetMs}); ${a.year.rangeDays} days: p50 ${a.year.p50} ms, p95 ${a.year.p95} ms`,
      );
      // Where the time goes: the repo's statements for the same range (the app's two, and the source statement the rollup replaced), EXPLAIN ANALYZE without per-node timing (median of 3).
      const explained = await explainAnalytics(args.db, a.rangeDays, 3, 'UTC', false);
      a.sqlMs = Object.fromEntries(explained.map((e) => [e.name, e.medianMs]));
      a.cpuMs = Object.fromEntries(explained.map((e) => [e.name, e.cpuMs]));
      log(`  its statements (median of 3, ms): EXPLAIN ANALYZE timing off ${JSON.stringify(a.sqlMs)}, backend CPU ${JSON.stringify(a.cpuMs)}`);
    }

    // 6. API, side by side.
    if (!args.skip.has('api')) {
      fx.acceptPools = await addAcceptPools(args.db, acceptRequests);
      log(`  ${acceptRequests} fresh live requests per side for accepts`);
      log(`\n# API: ${reps} repetition(s) of ${seconds} s per side after ${warmupSeconds} s of warm-up, 32 connections [${elapsed()}]`);
      const list = scenarios(fx, ORIGIN);
      // The rate limits are on: each user's calls in a minute if the app ran at a scenario's ceiling all minute (api.ts).
      for (const l of limitShares(list)) {
        const line = `${l.scenario}: ${l.perUserPerMinute} calls per user and minute at most against the ${l.limit} limit (${Math.round(l.share * 100)} % of it)`;
        log(`  ${line}`);
        if (results.rateLimits === 'on' && l.share > MAX_LIMIT_SHARE) results.notes.push(`Too few users for the rate limits: ${line}; expect 429s.`);
      }
      results.api = await runApi({ base: ORIGIN, pid: app.pid! }, { base: `http://127.0.0.1:${FLOOR_PORT}`, pid: floor.pid! }, list, {
        reps,
        seconds,
        warmupSeconds,
        connections: 32,
        log,
      });
      results.rss = { appMb: Math.max(0, ...results.api.map((a) => a.rssMb)), floorMb: Math.max(0, ...results.api.map((a) => a.floorRssMb)) };
      const errors = results.api.reduce((n, a) => n + a.errors + a.floorErrors, 0);
      log(errors ? `  ${errors} errors (a 429 of the rate limits counts as one): see the runs in the results` : '  0 errors');
    }

    // 7. WebSocket delivery.
    if (!args.skip.has('ws')) {
      const seconds = args.quick ? 10 : 30;
      // The first 500 pairs: 1,000 sockets, as the WebSocket figures have always been measured.
      const wsPairs = fx.pairs.slice(0, 500);
      log(`\n# WebSocket: ${wsPairs.length * 2} connections, ${results.wsRate} messages/s for ${seconds} s [${elapsed()}]`);
      const summary = (w: WsResult) =>
        `  p50 ${w.p50} ms, p99 ${w.p99} ms, lost ${w.lost} of ${w.accepted} accepted (${w.sent} sent; not accepted: ${JSON.stringify(w.failures)}); from the POST's sending p50 ${w.fromSendP50} ms, p99 ${w.fromSendP99} ms; the POST itself p50 ${w.postP50} ms, p99 ${w.postP99} ms`;
      results.ws = await runWs({ posts: ORIGIN, sockets: ORIGIN }, ORIGIN, wsPairs, { rate: results.wsRate, seconds, log });
      log(summary(results.ws));

      // Two instances behind a load balancer (DESIGN 1), not node:cluster: two processes on one database, the lawyers
      // posting to one while the mediators' sockets are on the other, so each event crosses through LISTEN/NOTIFY.
      // Two single processes whatever --processes says: with N, the posting one is a further process, not the cluster.
      log(`\n# WebSocket, two server processes: the POSTs to one, the mediators' sockets on the other [${elapsed()}]`);
      const sockets = await startWs2App(WS2_SOCKETS_PORT);
      const posts = args.processes > 1 ? await startWs2App(WS2_POSTS_PORT) : ORIGIN;
      results.ws2 = await runWs({ posts, sockets }, ORIGIN, wsPairs, { rate: results.wsRate, seconds, log });
      log(summary(results.ws2));
      await Promise.all(ws2Apps.map(stopProcess));
    }

    // 8. Lighthouse against the running production server.
    if (!args.skip.has('lighthouse')) {
      log(`\n# Lighthouse (${CHROMIUM}, default mobile settings) [${elapsed()}]`);
      if (!existsSync(CHROMIUM)) {
        results.notes.push(`Lighthouse skipped: ${CHROMIUM} is missing (apt-get install chromium).`);
        log(`  skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
      } else {
        // Five runs of each page (issue 27), the pages taking turns; the median in `lighthouse` as before, every run in
        // `lighthouseRuns`.
        const measured = await lighthousePages(
          ROOT,
          ORIGIN,
          [
            ['/', undefined],
            ['/auth', undefined],
            ['/dashboard', { Cookie: fx.lawyer.cookie }],
          ],
          LIGHTHOUSE_RUNS,
          TMP,
          log,
        );
        results.lighthouse = measured.median;
        results.lighthouseRuns = measured.runs;
        for (const [p, scores] of Object.entries(results.lighthouse)) log(`  ${p.padEnd(11)} median: ${JSON.stringify(scores)}`);
      }
    }
  } finally {
    log(`\n# Stopping [${elapsed()}]`);
    await Promise.all([stopProcess(app), floor ? stopProcess(floor) : Promise.resolve(), stopProcess(smtp), ...ws2Apps.map(stopProcess)]);
    await cleanUpFixtures(args.db).catch((error) => log(`  clean-up failed: ${String(error)}`));
    log('  servers stopped, bench rows removed');
  }

  // 9. Client JavaScript per route.
  if (!args.skip.has('bundles')) {
    log(`\n# Client JavaScript (gzip) [${elapsed()}]`);
    const clientDir = path.join(ROOT, 'dist/client');
    const bundles = bundleSizes(readManifest(clientDir), clientDir);
    results.bundles = bundles.sizes;
    results.bundlesLazy = bundles.lazy;
    if (!bundles.sameAsServed)
      results.notes.push('The manifest build produced files that dist/client does not have: the sizes may differ from what is served.');
    for (const route of Object.keys(ROUTES)) log(`  ${route.padEnd(36)} ${(bundles.sizes[route] / 1024).toFixed(1)} KB ${JSON.stringify(bundles.lazy[route])}`);
  }

  results.machine.loadEnd = load();
  results.durationSeconds = Math.round((performance.now() - started) / 1000);
  const text = `${JSON.stringify(results, null, 2)}\n`;
  const file = path.join(RESULTS, `${timestamp(new Date(results.date))}.json`);
  writeFileSync(file, text);
  if (args.only) {
    log(`\nDone in ${results.durationSeconds} s: ${path.relative(ROOT, file)} (--only: latest.json and bench/README.md left as they were)`);
    return;
  }
  writeFileSync(path.join(RESULTS, 'latest.json'), text);
  replaceSection('latest', readmeTable(results));
  log(`\nDone in ${results.durationSeconds} s: ${path.relative(ROOT, file)}, bench/results/latest.json, bench/README.md`);
}

process.on('SIGINT', () => {
  killAll();
  process.exit(130);
});
process.on('SIGTERM', () => {
  killAll();
  process.exit(143);
});

main().catch((error) => {
  process.stderr.write(`\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  killAll();
  process.exit(1);
});

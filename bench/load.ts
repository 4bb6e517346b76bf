// `npm run load [-- --duration 60 --requests 10000 --lawyers 50 --mediators 50 --think 500 --db URL --reseed]`
// (issue 11): a sustained mixed load of signed-in users against the app on the PostgreSQL server. Seeds a template
// database with bench/seed.ts (once per size and seed version, per its bench.marker), copies it into the run's
// database (every run starts from the same data), starts the app (the production build when dist/ is the build of
// the sources as they are, else src/server/main.ts through tsx; NODE_ENV=production, RATE_LIMITS=off), signs the
// users in through POST /api/login, and runs the virtual users of bench/load-mix.ts for the duration. Reports per
// operation the count, p50, p99 and errors, overall throughput and p99, and the server's RSS; checks a few
// invariants in the database after the run; writes bench/results/load-<timestamp>.json (with the commit measured).
// Exits 1 when anything errored (5xx, network error, timeout, unexpected status), when the app logged an error, when
// a part of the mix never succeeded, or when an invariant is broken. Never part of `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { killAll, smtpSink, startProcess, stopProcess, waitFor } from './processes';
import { call, closeAgent, LOAD_MESSAGE_PREFIX, percentile, Recorder, round, runMix, type OpSummary, type Vu } from './load-mix';
import { BENCH_PASSWORD, readMarker, seed, SEED_VERSION } from './seed';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'bench/results');
const TMP = path.join(RESULTS, 'tmp');
const APP_PORT = Number(process.env.LOAD_APP_PORT ?? 3950);
const SMTP_PORT = Number(process.env.LOAD_SMTP_PORT ?? 3975);
const ORIGIN = `http://127.0.0.1:${APP_PORT}`;

interface Args {
  durationS: number;
  requests: number;
  lawyers: number;
  mediators: number;
  thinkMs: number;
  db: string;
  reseed: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    durationS: 60,
    requests: 10_000,
    lawyers: 50,
    mediators: 50,
    thinkMs: 500,
    db: process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/load',
    reseed: false,
  };
  const num = (v: string | undefined, name: string, min: number) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number ≥ ${min}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--duration') args.durationS = num(argv[++i], a, 1);
    else if (a === '--requests') args.requests = num(argv[++i], a, 1000);
    else if (a === '--lawyers') args.lawyers = num(argv[++i], a, 1);
    else if (a === '--mediators') args.mediators = num(argv[++i], a, 1);
    else if (a === '--think') args.thinkMs = num(argv[++i], a, 0);
    else if (a === '--db') args.db = argv[++i];
    else if (a === '--reseed') args.reseed = true;
    else throw new Error(`unknown argument ${a}: use --duration S, --requests N, --lawyers N, --mediators N, --think MS, --db URL, --reseed`);
  }
  // The seeder's accepting mediators (Unlimited, no monthly cap) are the signed-in mediators: 300 of them.
  if (args.mediators > 300) throw new Error('--mediators must be at most 300 (the seeded Unlimited mediators)');
  return args;
}

const log = (line: string) => process.stdout.write(`${line}\n`);
/** Lines the app logged at level error or fatal (pino 50, 60): a failure the HTTP answers may not show (jobs, outbox). */
const serverErrors: string[] = [];
const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
const dbName = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));

async function prepareDatabase(args: Args): Promise<{ seededAt: string; seedSeconds: number; copySeconds: number }> {
  const name = dbName(args.db);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name} must be a plain lower-case identifier`);
  const template = withDb(args.db, `${name}_seed`);
  const marker = await readMarker(template);
  let seedSeconds = 0;
  if (args.reseed || !marker || marker.requests !== args.requests || marker.version !== SEED_VERSION) {
    const t0 = performance.now();
    log(`  seeding ${dbName(template)} with ${args.requests.toLocaleString('en-US')} requests`);
    await seed({ url: template, requests: args.requests, log: () => {} });
    seedSeconds = round((performance.now() - t0) / 1000);
    log(`  seeded in ${seedSeconds} s`);
  } else log(`  ${dbName(template)} already holds ${marker.requests} requests (seeded ${marker.seededAt}): reused (--reseed to start over)`);
  const t0 = performance.now();
  const admin = new pg.Client({ connectionString: withDb(args.db, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${name}_seed`);
  } finally {
    await admin.end();
  }
  const copySeconds = round((performance.now() - t0) / 1000);
  log(`  ${name} copied from ${name}_seed in ${copySeconds} s`);
  return { seededAt: (await readMarker(template))?.seededAt ?? '', seedSeconds, copySeconds };
}

interface Person {
  role: 'lawyer' | 'mediator';
  email: string;
  userId: string;
  jurisdiction?: string;
  specializations?: string[];
}

/**
 * Who signs in: the seeded Unlimited mediators (no monthly cap, so accepting is never refused for it) that already
 * have live threads first, and the lawyers of those threads first, then others.
 */
async function choosePeople(url: string, lawyers: number, mediators: number): Promise<Person[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const m = await client.query<{ user_id: string; n: number; jurisdiction: string; specializations: string[] }>(
      `SELECT m.id AS user_id, m.n, m.jurisdiction, m.specializations
         FROM bench.mediators m
        WHERE m.n BETWEEN 2 AND 301
        ORDER BY EXISTS (SELECT 1 FROM mediation_requests r WHERE r.selected_mediator_id = m.id AND r.status IN ('matched', 'in_progress')) DESC, m.n
        LIMIT $1`,
      [mediators],
    );
    const l = await client.query<{ user_id: string; n: number }>(
      `SELECT l.id AS user_id, l.n
         FROM bench.lawyers l
        ORDER BY EXISTS (SELECT 1 FROM mediation_requests r WHERE r.lawyer_id = l.id AND r.status IN ('matched', 'in_progress')
                           AND r.selected_mediator_id = ANY($2::uuid[])) DESC, l.n
        LIMIT $1`,
      [lawyers, m.rows.map((r) => r.user_id)],
    );
    return [
      ...l.rows.map((r) => ({ role: 'lawyer' as const, email: `lawyer${r.n}@bench.test`, userId: r.user_id })),
      ...m.rows.map((r) => ({
        role: 'mediator' as const,
        email: `mediator${r.n}@bench.test`,
        userId: r.user_id,
        jurisdiction: r.jurisdiction,
        specializations: r.specializations,
      })),
    ];
  } finally {
    await client.end();
  }
}

/** Signs everyone in through POST /api/login (4 at a time: each is an Argon2 verification). */
async function signIn(people: Person[], rec: Recorder): Promise<Vu[]> {
  const vus: Vu[] = [];
  const queue = [...people];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let p = queue.shift(); p; p = queue.shift()) {
        const t0 = performance.now();
        const a = await call(ORIGIN, 'POST', '/api/login', null, { email: p.email, password: BENCH_PASSWORD }, 30_000);
        const ms = performance.now() - t0;
        const cookie = [a.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('sid='));
        if (a.status !== 200 || !cookie) {
          rec.record('sign in', ms, { error: `status ${a.status}` }, JSON.stringify(a.body));
          throw new Error(`sign-in of ${p.email} failed: ${a.status} ${JSON.stringify(a.body)}`);
        }
        rec.record('sign in', ms, { ok: true });
        vus.push({ role: p.role, userId: p.userId, cookie: cookie.split(';')[0], jurisdiction: p.jurisdiction, specializations: p.specializations });
      }
    }),
  );
  return vus;
}

/** The app's resident memory, sampled every 200 ms while the load runs. */
function sampleRss(pid: number): { stop: () => { startMb: number; maxMb: number; lastMb: number } } {
  let max = 0;
  let last = 0;
  let first = -1;
  const read = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      last = kb / 1024;
      if (first < 0) first = last;
      max = Math.max(max, last);
    } catch {
      // the process is gone; the run will say why
    }
  };
  read();
  const timer = setInterval(read, 200);
  return {
    stop: () => {
      clearInterval(timer);
      read();
      return { startMb: Math.round(first), maxMb: Math.round(max), lastMb: Math.round(last) };
    },
  };
}

/**
 * What the product promises whatever the load (RULES.md 4-6), checked in the database after the run: at most three
 * live acceptances per request, and the counter the Available list reads equal to them; a matched request has exactly
 * one selected acceptance, its selected mediator's; every message of the run is between the request's lawyer and its
 * selected mediator; every request the run made live holds its deposit.
 */
async function invariants(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q = async (text: string) => Number((await client.query<{ n: number }>(text)).rows[0].n);
    return {
      'requests with more than 3 live acceptances': await q(
        `SELECT count(*)::int AS n FROM (SELECT request_id FROM mediator_acceptances WHERE status IN ('pending', 'selected') GROUP BY request_id HAVING count(*) > 3) x`,
      ),
      'requests whose live_acceptance_count is wrong': await q(
        `SELECT count(*)::int AS n FROM mediation_requests r
          WHERE r.live_acceptance_count <> (SELECT count(*) FROM mediator_acceptances a WHERE a.request_id = r.id AND a.status IN ('pending', 'selected'))`,
      ),
      'matched requests without exactly one selected acceptance (theirs)': await q(
        `SELECT count(*)::int AS n FROM mediation_requests r
          WHERE r.status IN ('matched', 'in_progress') AND r.case_number LIKE 'LOAD-%'
            AND (SELECT count(*) FROM mediator_acceptances a WHERE a.request_id = r.id AND a.status = 'selected' AND a.mediator_id = r.selected_mediator_id) <> 1`,
      ),
      'run messages not between the lawyer and the selected mediator': await q(
        `SELECT count(*)::int AS n FROM messages m JOIN mediation_requests r ON r.id = m.request_id
          WHERE m.content LIKE '${LOAD_MESSAGE_PREFIX} %'
            AND NOT ((m.sender_id = r.lawyer_id AND m.recipient_id = r.selected_mediator_id) OR (m.sender_id = r.selected_mediator_id AND m.recipient_id = r.lawyer_id))`,
      ),
      'run requests live without a deposit charged': await q(
        `SELECT count(*)::int AS n FROM mediation_requests r
          WHERE r.case_number LIKE 'LOAD-%' AND r.status <> 'draft'
            AND NOT EXISTS (SELECT 1 FROM payments p JOIN ledger_entries e ON e.payment_id = p.id AND e.kind = 'deposit_charge' WHERE p.request_id = r.id)`,
      ),
    };
  } finally {
    await client.end();
  }
}

/** The parts of the mix that must have succeeded at least once, or the run proved nothing about them. */
const MUST_SUCCEED = [
  'mediator: available list',
  'mediator: request detail',
  'mediator: accept',
  'lawyer: my requests',
  'lawyer: create request',
  'lawyer: pay deposit (local confirm)',
  'lawyer: select mediator',
  'lawyer: send message',
  'mediator: send message',
  'lawyer: read thread',
  'mediator: read thread',
];

/** The commit measured, and whether the server's sources differ from it (then the figures are of uncommitted code). */
function source(): { commit: string; uncommittedChanges: boolean | null } {
  const git = (...a: string[]) => spawnSync('git', a, { cwd: ROOT, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status !== 0) return { commit: 'unknown', uncommittedChanges: null };
  const status = git('status', '--porcelain', '--', 'src', 'scripts', 'package.json');
  return { commit: head.stdout.trim(), uncommittedChanges: status.stdout.trim() !== '' };
}

function timestamp(d: Date): string {
  return d.toISOString().replace(/[:]/g, '-').replace(/\..+$/, 'Z');
}

function table(ops: OpSummary[]): string {
  const lines = [
    '| operation | count | ok | expected refusals | errors | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...ops.map(
      (o) =>
        `| ${o.op} | ${o.count} | ${o.ok} | ${
          o.refused
            ? `${o.refused} (${Object.entries(o.refusedBy)
                .map(([s, n]) => `${n}×${s}`)
                .join(', ')})`
            : 0
        } | ${o.errors} | ${o.p50} | ${o.p99} | ${o.max} |`,
    ),
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  mkdirSync(TMP, { recursive: true });
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  const date = new Date();
  const loadStart = load();
  log(`# Mixed load: ${args.lawyers} lawyers + ${args.mediators} mediators, ${args.durationS} s, think ${args.thinkMs} ms (load average ${loadStart})`);

  log(`\n# Database (${args.db})`);
  const db = await prepareDatabase(args);
  const people = await choosePeople(args.db, args.lawyers, args.mediators);

  log('\n# Server');
  // The production build when dist/ is the build of the sources as they are now; else the sources through tsx.
  const { buildState } = (await import(path.join(ROOT, 'scripts/build-state.mjs'))) as { buildState: () => { needed: boolean; reason?: string } };
  const state = buildState();
  const server = state.needed
    ? { kind: `src/server/main.ts through tsx (no current build: ${state.reason})`, argv: ['--import', 'tsx', 'src/server/main.ts'] }
    : { kind: 'production build (dist/server/main.js)', argv: ['dist/server/main.js'] };
  log(`  ${server.kind}`);
  const smtp = smtpSink(SMTP_PORT, path.join(TMP, 'load-smtp.log'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: ORIGIN,
    DATABASE_URL: args.db,
    DATA_DIR: path.join(TMP, 'load-data'),
    SESSION_SECRET: 'load-session-secret-0123456789abcdef-not-for-production',
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    PAYMENTS_PROVIDER: 'local',
    STORAGE_DRIVER: 'local',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  };
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  const app = startProcess('app', process.execPath, server.argv, env, path.join(TMP, 'load-app.log'), (chunk) => {
    for (const line of chunk.split('\n')) if (/"level":(50|60)/.test(line)) serverErrors.push(line.slice(0, 400));
  });
  const rec = new Recorder();
  const setup = new Recorder();
  let rss = { startMb: 0, maxMb: 0, lastMb: 0 };
  let loadEnd = '';
  let elapsedS = 0;
  let checks: Record<string, number> = {};
  try {
    await waitFor(`${ORIGIN}/api/health`, app, 180, `; see ${TMP}/load-app.log`);
    log('  answering');
    const t0 = performance.now();
    const vus = await signIn(people, setup);
    log(`  ${vus.length} signed in through POST /api/login in ${round((performance.now() - t0) / 1000)} s`);

    log(`\n# Load: ${args.durationS} s`);
    const sampler = sampleRss(app.pid!);
    const started = performance.now();
    const progress = setInterval(() => {
      const total = [...rec.ops.values()].reduce((s, o) => s + o.count, 0);
      const errors = [...rec.ops.values()].reduce((s, o) => s + Object.values(o.errors).reduce((a, b) => a + b, 0), 0);
      log(`  ${Math.round((performance.now() - started) / 1000)} s: ${total} calls, ${errors} errors, load average ${load()}`);
    }, 10_000);
    try {
      await runMix(vus, { base: ORIGIN, durationMs: args.durationS * 1000, thinkMs: args.thinkMs, timeoutMs: 10_000, maxLivePerLawyer: 3 }, rec);
    } finally {
      clearInterval(progress);
      elapsedS = (performance.now() - started) / 1000;
      rss = sampler.stop();
      loadEnd = load();
    }
    if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode}) during the run; see ${TMP}/load-app.log`);
    checks = await invariants(args.db);
  } finally {
    closeAgent();
    await stopProcess(app); // before the mail sink: mail the outbox still sends on the way out is delivered
    await stopProcess(smtp);
  }

  const ops = rec.summary();
  const all = rec.allMs();
  const total = ops.reduce((s, o) => s + o.count, 0);
  const errors = ops.reduce((s, o) => s + o.errors, 0);
  const refused = ops.reduce((s, o) => s + o.refused, 0);
  const missing = MUST_SUCCEED.filter((name) => !ops.find((o) => o.op === name && o.ok > 0));
  const broken = Object.entries(checks).filter(([, n]) => n !== 0);
  const result = {
    date: date.toISOString(),
    machine: { cpus: os.cpus().length, loadStart, loadEnd, node: process.version },
    server: server.kind,
    source: source(),
    database: {
      url: args.db.replace(/\/\/[^@]*@/, '//'),
      requestsSeeded: args.requests,
      seededAt: db.seededAt,
      seedSeconds: db.seedSeconds,
      copySeconds: db.copySeconds,
    },
    users: { lawyers: args.lawyers, mediators: args.mediators, thinkMs: args.thinkMs },
    durationSeconds: round(elapsedS),
    overall: {
      calls: total,
      perSecond: round(total / elapsedS),
      p50: round(percentile(all, 0.5)),
      p99: round(percentile(all, 0.99)),
      max: round(all[all.length - 1] ?? 0),
      refused,
      errors,
    },
    rssMb: rss,
    signIn: setup.summary()[0],
    operations: ops,
    invariants: checks,
    serverErrorsLogged: serverErrors.length,
    serverErrorSamples: serverErrors.slice(0, 10),
    neverSucceeded: missing,
    errorSamples: rec.samples,
  };
  const file = path.join(RESULTS, `load-${timestamp(date)}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

  log(`\n${table(ops)}\n`);
  log(
    `Overall: ${total} calls in ${round(elapsedS)} s (${result.overall.perSecond}/s), p50 ${result.overall.p50} ms, p99 ${result.overall.p99} ms, ` +
      `${refused} expected refusals, ${errors} errors. App RSS ${rss.startMb} MB at the start, max ${rss.maxMb} MB, ${rss.lastMb} MB at the end. Load average ${loadStart} → ${loadEnd}.`,
  );
  log(
    `Invariants: ${Object.entries(checks)
      .map(([k, n]) => `${k}: ${n}`)
      .join('; ')}`,
  );
  log(`Written: ${path.relative(ROOT, file)}`);
  const failures = [
    ...(errors ? [`${errors} errors (${rec.samples.slice(0, 5).join(' | ')})`] : []),
    ...(missing.length ? [`never succeeded: ${missing.join(', ')}`] : []),
    ...broken.map(([k, n]) => `invariant broken: ${k}: ${n}`),
    ...(serverErrors.length ? [`the app logged ${serverErrors.length} errors (${serverErrors[0]})`] : []),
  ];
  if (!existsSync(file) || failures.length) {
    process.stderr.write(`\nload FAILED: ${failures.join('; ')}\n`);
    process.exit(1);
  }
  log('load passed: 0 errors');
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
  process.stderr.write(`\nload failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  killAll();
  process.exit(1);
});

// WEB_CONCURRENCY=N (`npm start`): N server processes share the port through node:cluster, so the server's JavaScript
// runs on N cores instead of one (docs/decisions/035). Each process is a whole instance as DESIGN 8 has them
// (sessions, rate limits, jobs and realtime all go through PostgreSQL), so N needs a PostgreSQL server: the embedded
// database takes one process. The primary only forks, restarts a process that dies, and passes a stop signal on.
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { AggregatorRegistry } from 'prom-client';

const MAX_PROCESSES = 64;
/** A process that dies this soon after it started counts as failing to start. */
const QUICK_DEATH_MS = 10_000;
/** Failing to start this many times in a row stops everything: a restart loop would hide the error. */
const QUICK_DEATHS_TO_GIVE_UP = 3;

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * How many server processes to run: WEB_CONCURRENCY (the environment or `.env`, as the server reads its settings), 1
 * when unset. Wrong values stop the start with a message rather than fall back to 1 unnoticed.
 */
export function webConcurrency() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const raw = process.env.WEB_CONCURRENCY?.trim();
  if (!raw) return 1;
  const count = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(count >= 1 && count <= MAX_PROCESSES)) {
    fail(`WEB_CONCURRENCY must be a whole number from 1 to ${MAX_PROCESSES} (how many server processes share the port), not "${raw}".`);
  }
  if (count > 1 && !process.env.DATABASE_URL) {
    fail(`WEB_CONCURRENCY=${count} needs DATABASE_URL: the embedded database can be opened by one process only. Unset WEB_CONCURRENCY or use PostgreSQL.`);
  }
  return count;
}

export const isClusterWorker = () => cluster.isWorker;

/** The primary: `count` server processes, the first alone until it listens (it runs the migrations and start-up writes). */
export async function runCluster(count) {
  const log = (line) => process.stderr.write(`[cluster ${process.pid}] ${line}\n`);
  const startedAt = new Map();
  let quickDeaths = 0;
  let stopping = false;
  let exitCode = 0;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };
  const alive = () => Object.values(cluster.workers ?? {}).filter(Boolean);

  const stop = (code) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (!alive().length) process.exit(exitCode);
    for (const worker of alive()) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
  answerMetricsRequests();

  // The first process migrates the database, ensures the admin and seeds; the others start once it is listening, so
  // none of that runs twice at once. If it cannot start, neither could the others: exit as a single process would.
  const first = fork();
  await new Promise((resolve) => {
    first.once('listening', resolve);
    first.once('exit', (code, signal) => {
      if (stopping) process.exit(exitCode);
      fail(`The server process could not start (${signal ?? `exit code ${code}`}).`);
    });
  });
  first.removeAllListeners('exit');
  // From here a process that dies (even one still starting) is replaced, or the whole stops: never a wait forever.
  cluster.on('exit', replaceOrStop);
  let starting = count - 1;
  for (let i = 1; i < count; i++) {
    fork().once('listening', () => {
      if (--starting === 0) log(`${count} server processes listening`);
    });
  }

  function replaceOrStop(worker, code, signal) {
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (!alive().length) process.exit(exitCode);
      return;
    }
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    if (quickDeaths >= QUICK_DEATHS_TO_GIVE_UP) {
      log(`server processes keep exiting right after they start (last: ${signal ?? `exit code ${code}`}); stopping`);
      stop(1);
      return;
    }
    log(`server process ${worker.process.pid} exited (${signal ?? `exit code ${code}`}); starting another`);
    const replacement = fork();
    replacement.once('listening', () => log(`server process ${replacement.process.pid} listening in place of ${worker.process.pid}`));
  }
}

/**
 * `GET /metrics` reaches one server process at random (they share the port): that process asks here, and the answer
 * is every process's metrics together, gathered by prom-client's AggregatorRegistry (counters and histograms added
 * up; docs/decisions/059). The message types are src/server/metrics/cluster-scrape.ts's.
 */
export function answerMetricsRequests() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message) => {
    if (message?.type !== 'mediatehub:metrics-request') return;
    const reply = (answer) => {
      if (worker.isConnected()) worker.send({ type: 'mediatehub:metrics-reply', id: message.id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

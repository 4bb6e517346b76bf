import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import pg from 'pg';
import { ARTIFACTS_DIR, SERVER_LOG } from './helpers/paths';

// Starts the real server on the built client (DESIGN 6): a fresh embedded database in a temp dir, or, when
// TEST_DATABASE_URL is set (CI), a fresh database on that PostgreSQL server. The returned function is the teardown.

const ROOT = path.resolve(import.meta.dirname, '../..');
const READY_TIMEOUT_MS = 90_000;

/** Server variables this run decides; anything the shell or a .env set for them is dropped. */
const OWNED_VARIABLES = [
  'DATABASE_URL',
  'DATA_DIR',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'SESSION_SECRET',
  'HOST',
  'NODE_ENV',
  'PAYMENTS_PROVIDER',
  'STORAGE_DRIVER',
  'TRUST_PROXY',
];

async function adminQuery(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function logTail(lines = 60): string {
  try {
    return readFileSync(SERVER_LOG, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

async function waitUntilReady(baseURL: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before it was ready:\n${logTail()}`);
    try {
      const res = await fetch(`${baseURL}/api/ready`);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become ready at ${baseURL}/api/ready within ${READY_TIMEOUT_MS / 1000}s (last: ${last}):\n${logTail()}`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Logs of earlier runs are kept for a day, for looking into failures, then removed. */
function removeOldLogs(): void {
  for (const name of readdirSync(ARTIFACTS_DIR)) {
    const file = path.join(ARTIFACTS_DIR, name);
    if (/^server-\d+\.log$/.test(name) && Date.now() - statSync(file).mtimeMs > 24 * 60 * 60 * 1000) rmSync(file, { force: true });
  }
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const baseURL = config.projects[0].use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
  const port = new URL(baseURL).port;

  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  removeOldLogs();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mediatehub-e2e-'));

  let databaseUrl: string | undefined;
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (testDatabaseUrl) {
    const name = `e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await adminQuery(testDatabaseUrl, `CREATE DATABASE ${name}`);
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  } else if (process.env.CI === 'true') {
    // DESIGN 6: a missing service fails loudly in CI instead of quietly testing less.
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the journeys must run against the PostgreSQL server in CI.');
  }

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of OWNED_VARIABLES) delete env[name];
  Object.assign(env, {
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    // The journeys sign in with the demo accounts; on a PostgreSQL server seeding needs this second yes (env.ts).
    SEED_DEMO_ON_SERVER: 'true',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    MAIL_TRANSPORT: 'console',
    // An admin for the journeys that change settings (helpers/accounts.ts E2E_ADMIN).
    ADMIN_EMAIL: 'admin@e2e.test',
    ADMIN_PASSWORD: 'e2e-admin-password-42',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });

  // The console mailer prints every e-mail to stdout; the helpers read the links from this file (spec 2).
  const logFd = openSync(SERVER_LOG, 'w');
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);

  const teardown = async () => {
    await stopServer(server);
    if (databaseUrl && testDatabaseUrl) {
      const name = new URL(databaseUrl).pathname.slice(1);
      await adminQuery(testDatabaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(baseURL, server);
  } catch (error) {
    await teardown();
    throw error;
  }
  process.stdout.write(`E2E server ready at ${baseURL} (${databaseUrl ? 'PostgreSQL server' : 'embedded PGlite'}); log: ${path.relative(ROOT, SERVER_LOG)}\n`);
  return teardown;
}

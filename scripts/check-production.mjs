// `npm run test:prod` (part of `npm test`): the production build and the production safety rules, checked on the real
// processes (docs/decisions/012-production-build-and-safe-defaults.md). Plain node, like `npm start`.
//  1. build freshness: a build is redone when missing or when a source changed, and only then;
//  2. `npm start` serves the compiled server (dist/server/main.js) with no build at start: health, the client, the lock;
//  3. `npm run create-admin` refuses while that server holds the embedded database, works once it stopped;
//  4. NODE_ENV=production refuses to start with MAIL_TRANSPORT=console, without SESSION_SECRET, with demo seeding;
//  5. `npm run worker` runs the compiled worker;
//  6. with TEST_DATABASE_URL (always in CI): .env.example copied as .env and pointed at a new PostgreSQL database
//     creates no demo account, SEED_DEMO=true alone neither, both flags do.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildState, OUTPUTS, ROOT, sourceDigest, STAMP } from './build-state.mjs';

const READY_MS = 90_000;
const temps = [];
const running = new Set();
let failures = 0;

function temp(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

async function check(name, body) {
  const started = Date.now();
  try {
    await body();
    process.stdout.write(`  ok   ${name} (${Date.now() - started} ms)\n`);
  } catch (error) {
    failures++;
    process.stdout.write(`  FAIL ${name}\n${String(error?.stack ?? error).replace(/^/gm, '       ')}\n`);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The environment a server child gets: nothing from this shell that the server reads, plus `extra`. */
function serverEnv(extra) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', RATE_LIMITS: 'off' };
  return { ...env, ...extra };
}

/** Starts a process and keeps everything it prints. */
function launch(args, { cwd = ROOT, env }) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  running.add(child);
  exited.then(() => running.delete(child));
  return { child, exited, output: () => output };
}

/** Runs a process to its end (with a deadline): its exit code and output. */
async function runToEnd(args, options, timeoutMs = 60_000) {
  const proc = launch(args, options);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  const { code } = await proc.exited;
  clearTimeout(timer);
  return { code, output: proc.output() };
}

async function waitUntilUp(baseUrl, proc) {
  const deadline = Date.now() + READY_MS;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`the server exited (${proc.child.exitCode}) before it was up:\n${proc.output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer at ${baseUrl}/api/health within ${READY_MS / 1000}s:\n${proc.output()}`);
}

async function stop(proc) {
  if (proc.child.exitCode !== null) return proc.exited;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
  const result = await proc.exited;
  clearTimeout(timer);
  return result;
}

process.stdout.write('Production checks\n');

await check('the build is redone when missing or when a source changed, and only then', async () => {
  const root = temp('build-state-');
  mkdirSync(path.join(root, 'src/server'), { recursive: true });
  writeFileSync(path.join(root, 'src/server/main.ts'), 'export {};\n');
  writeFileSync(path.join(root, 'src/server/main.test.ts'), 'test\n');
  writeFileSync(path.join(root, 'package.json'), '{}\n');
  assert.equal(buildState(root).needed, true, 'nothing built yet');
  for (const file of OUTPUTS) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '');
  }
  assert.equal(buildState(root).needed, true, 'outputs without a stamp');
  writeFileSync(path.join(root, STAMP), JSON.stringify({ digest: sourceDigest(root).digest, builtAt: 'now' }));
  assert.deepEqual(buildState(root).needed, false, 'fresh build');
  writeFileSync(path.join(root, 'src/server/main.test.ts'), 'changed test\n');
  assert.equal(buildState(root).needed, false, 'a test file is not part of the build');
  writeFileSync(path.join(root, 'src/server/main.ts'), 'export const changed = 1;\n');
  assert.equal(buildState(root).needed, true, 'a changed source');
  writeFileSync(path.join(root, 'src/server/main.ts'), 'export {};\n');
  assert.equal(buildState(root).needed, false, 'same content again');
  writeFileSync(path.join(root, 'src/server/new-module.ts'), 'export {};\n');
  assert.equal(buildState(root).needed, true, 'an added source');
  rmSync(path.join(root, 'src/server/new-module.ts'));
  rmSync(path.join(root, OUTPUTS[1]));
  assert.equal(buildState(root).needed, true, 'a missing output');
  writeFileSync(path.join(root, OUTPUTS[1]), '');
  rmSync(path.join(root, 'src'), { recursive: true });
  assert.equal(buildState(root).needed, false, 'a copy that ships dist/ without sources runs what it has');
});

// Everything below runs the real build of this checkout.
const before = buildState();
if (before.needed) {
  process.stdout.write(`  (building first: ${before.reason})\n`);
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

await check('`npm run build` leaves a fresh, complete build with the migrations beside the server', async () => {
  assert.equal(buildState().needed, false, buildState().reason);
  for (const file of OUTPUTS) assert.ok(existsSync(path.join(ROOT, file)), `${file} exists`);
  const journal = JSON.parse(readFileSync(path.join(ROOT, 'dist/server/migrations/meta/_journal.json'), 'utf8'));
  for (const { tag } of journal.entries) assert.ok(existsSync(path.join(ROOT, `dist/server/migrations/${tag}.sql`)), `migration ${tag}`);
  const bundle = readFileSync(path.join(ROOT, 'dist/server/main.js'), 'utf8');
  assert.doesNotMatch(bundle, /from ["']tsx/, 'the server bundle does not load tsx');
});

const dataDir = temp('prod-check-data-');
let server;
await check('`npm start` serves the compiled server with plain node, without building, and locks the embedded database', async () => {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  server = launch(['scripts/start.mjs'], { env: serverEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }) });
  await waitUntilUp(baseUrl, server);
  assert.doesNotMatch(server.output(), /Building first/, 'no build at start');
  if (existsSync(`/proc/${server.child.pid}/cmdline`)) {
    const cmdline = readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0').join(' ');
    assert.doesNotMatch(cmdline, /tsx/, `plain node: ${cmdline}`);
  }
  assert.equal((await fetch(`${baseUrl}/api/health`)).status, 200);
  const page = await fetch(`${baseUrl}/`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<div id="root">/, 'the built client is served');
  assert.match(server.output(), /admin@demo\.test/, 'demo accounts on a new embedded database in development');
  const lock = JSON.parse(readFileSync(path.join(dataDir, 'embedded-db.lock'), 'utf8'));
  assert.equal(lock.pid, server.child.pid);
  assert.equal(lock.holder, 'server');
});

await check('`npm run create-admin` refuses while the server holds the embedded database, and works once it stopped', async () => {
  assert.ok(server && server.child.exitCode === null, 'the server is running');
  const env = serverEnv({ DATA_DIR: dataDir });
  const args = ['--import', 'tsx', 'scripts/create-admin.ts', '--email', 'ops@example.com', '--password', 'a-long-password-1'];
  const refused = await runToEnd(args, { env });
  assert.notEqual(refused.code, 0);
  assert.match(refused.output, /in use by another process \(server, pid \d+/);
  const { code, signal } = await stop(server);
  assert.equal(code, 0, `clean shutdown (signal ${signal}):\n${server.output()}`);
  assert.ok(!existsSync(path.join(dataDir, 'embedded-db.lock')), 'the lock is removed on shutdown');
  const created = await runToEnd(args, { env });
  assert.equal(created.code, 0, created.output);
  assert.match(created.output, /Created admin ops@example\.com/);
  const again = await runToEnd(args, { env });
  assert.equal(again.code, 0, again.output);
  assert.match(again.output, /Updated admin ops@example\.com/);
});

await check('NODE_ENV=production refuses to start with MAIL_TRANSPORT=console, without SESSION_SECRET, or with demo seeding', async () => {
  const production = {
    NODE_ENV: 'production',
    DATA_DIR: temp('prod-refusal-'),
    PORT: String(await freePort()),
    SESSION_SECRET: randomBytes(32).toString('hex'),
  };
  const cases = [
    [{ MAIL_TRANSPORT: 'console' }, /MAIL_TRANSPORT: must be smtp/],
    [{}, /MAIL_TRANSPORT/],
    [{ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:9', SESSION_SECRET: '' }, /SESSION_SECRET: is required when NODE_ENV=production/],
    [{ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:9', SEED_DEMO: 'true' }, /SEED_DEMO: demo accounts/],
  ];
  for (const [extra, message] of cases) {
    const result = await runToEnd(['dist/server/main.js'], { env: serverEnv({ ...production, ...extra }) });
    assert.equal(result.code, 1, `exit code for ${JSON.stringify(extra)}`);
    assert.match(result.output, message);
    assert.doesNotMatch(result.output, /listening/i);
  }
});

await check('`npm run worker` runs the compiled worker (and refuses the embedded database)', async () => {
  const result = await runToEnd(['scripts/start.mjs', 'worker'], { env: serverEnv({ DATA_DIR: temp('worker-') }) });
  assert.equal(result.code, 1);
  assert.match(result.output, /npm run worker needs DATABASE_URL/);
});

await check('`npm start` refuses a WEB_CONCURRENCY that is not a process count, and more than one process on the embedded database', async () => {
  const cases = [
    [{ WEB_CONCURRENCY: '0' }, /WEB_CONCURRENCY must be a whole number from 1 to 64 .* not "0"/],
    [{ WEB_CONCURRENCY: 'two' }, /WEB_CONCURRENCY must be a whole number from 1 to 64 .* not "two"/],
    [{ WEB_CONCURRENCY: '2' }, /WEB_CONCURRENCY=2 needs DATABASE_URL/],
  ];
  for (const [extra, message] of cases) {
    const result = await runToEnd(['scripts/start.mjs'], { env: serverEnv({ DATA_DIR: temp('cluster-refusal-'), PORT: String(await freePort()), ...extra }) });
    assert.equal(result.code, 1, `exit code for ${JSON.stringify(extra)}:\n${result.output}`);
    assert.match(result.output, message);
  }
});

/** The status of a GET made on a connection of its own. */
function statusOnNewConnection(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
      .on('error', reject);
  });
}

/** The pids of a process's children (Linux /proc). */
function childrenOf(pid) {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (!testDatabaseUrl && process.env.CI === 'true') {
  failures++;
  process.stdout.write('  FAIL CI=true but TEST_DATABASE_URL is not set: the PostgreSQL checks must run in CI.\n');
} else if (!testDatabaseUrl) {
  process.stdout.write('  skip PostgreSQL checks: set TEST_DATABASE_URL to run them (CI always does)\n');
} else {
  const created = [];
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const newDatabase = async () => {
    const name = `prodcheck_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    created.push(name);
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const demoAccounts = async (url) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(`SELECT count(*)::int AS n FROM users WHERE email LIKE '%@demo.test'`)).rows[0].n;
    } finally {
      await client.end();
    }
  };
  /** Starts the compiled server in a directory of its own whose .env is .env.example plus `lines`; stops it once up. */
  const startWithDotEnv = async (lines) => {
    const dir = temp('dotenv-');
    copyFileSync(path.join(ROOT, '.env.example'), path.join(dir, '.env'));
    writeFileSync(path.join(dir, '.env'), `${readFileSync(path.join(dir, '.env'), 'utf8')}\n${lines.join('\n')}\n`);
    const port = await freePort();
    const proc = launch([path.join(ROOT, 'dist/server/main.js')], { cwd: dir, env: serverEnv({ PORT: String(port), HOST: '127.0.0.1' }) });
    await waitUntilUp(`http://127.0.0.1:${port}`, proc);
    await stop(proc);
    return proc.output();
  };
  try {
    await check('.env.example copied as .env and pointed at a new PostgreSQL database creates no demo account', async () => {
      const url = await newDatabase();
      const output = await startWithDotEnv([`DATABASE_URL=${url}`]);
      assert.equal(await demoAccounts(url), 0, output);
      assert.doesNotMatch(output, /Demo accounts/);
    });
    await check('SEED_DEMO=true alone seeds no PostgreSQL database (a warning says why); with SEED_DEMO_ON_SERVER=true it does', async () => {
      const once = await newDatabase();
      const output = await startWithDotEnv([`DATABASE_URL=${once}`, 'SEED_DEMO=true']);
      assert.equal(await demoAccounts(once), 0, output);
      assert.match(output, /SEED_DEMO=true is ignored on a PostgreSQL server unless SEED_DEMO_ON_SERVER=true/);
      const twice = await newDatabase();
      await startWithDotEnv([`DATABASE_URL=${twice}`, 'SEED_DEMO=true', 'SEED_DEMO_ON_SERVER=true']);
      assert.equal(await demoAccounts(twice), 7);
      // The same database later run in production (demo accounts from a staging past): the start warns about them.
      const production = await startWithDotEnv([
        `DATABASE_URL=${twice}`,
        'NODE_ENV=production',
        `SESSION_SECRET=${randomBytes(32).toString('hex')}`,
        'MAIL_TRANSPORT=smtp',
        'SMTP_URL=smtp://127.0.0.1:9',
      ]);
      assert.match(production, /demo accounts exist on this production database/);
    });
    await check('`npm run worker` starts on a PostgreSQL server and stops on SIGTERM', async () => {
      const url = await newDatabase();
      const worker = launch(['scripts/start.mjs', 'worker'], { env: serverEnv({ DATABASE_URL: url, LOG_LEVEL: 'info' }) });
      const deadline = Date.now() + READY_MS;
      while (!/worker started/.test(worker.output()) && worker.child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      assert.match(worker.output(), /worker started/);
      const { code } = await stop(worker);
      assert.equal(code, 0, worker.output());
    });
    await check('WEB_CONCURRENCY=2 serves from two processes on one port, replaces one that dies, and all stop on SIGTERM', async () => {
      const url = await newDatabase();
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const cluster = launch(['scripts/start.mjs'], { env: serverEnv({ DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', WEB_CONCURRENCY: '2' }) });
      const deadline = Date.now() + READY_MS;
      const until = async (pattern) => {
        while (!pattern.test(cluster.output()) && cluster.child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
        assert.match(cluster.output(), pattern);
      };
      await until(/2 server processes listening/);
      const [first, second] = childrenOf(cluster.child.pid);
      assert.ok(first && second, `two server processes:\n${cluster.output()}`);
      process.kill(first, 'SIGKILL');
      await until(new RegExp(`server process \\d+ listening in place of ${first}`));
      const now = childrenOf(cluster.child.pid);
      assert.equal(now.length, 2, `a replacement was started:\n${cluster.output()}`);
      assert.ok(now.includes(second) && !now.includes(first));
      assert.match(cluster.output(), new RegExp(`server process ${first} exited \\(SIGKILL\\); starting another`));
      // New connections (no kept-alive socket of the killed process): each is handed to a live process.
      for (let i = 0; i < 20; i++) assert.equal(await statusOnNewConnection(`${baseUrl}/api/health`), 200);
      const { code } = await stop(cluster);
      assert.equal(code, 0, cluster.output());
      for (const pid of now) assert.ok(!existsSync(`/proc/${pid}/stat`) || /\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8')), `process ${pid} stopped`);
    });
  } finally {
    for (const name of created) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }
}

for (const child of running) child.kill('SIGKILL');
for (const dir of temps) rmSync(dir, { recursive: true, force: true });
if (failures) {
  process.stdout.write(`${failures} production check(s) failed\n`);
  process.exit(1);
}
process.stdout.write('All production checks passed\n');

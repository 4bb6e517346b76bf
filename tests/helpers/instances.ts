import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// Real server processes (src/server/main.ts through tsx) on one PostgreSQL database, as several instances behind a
// load balancer would be (DESIGN 1): the realtime and session-cache tests across instances start them here.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Every instance answers for one public origin (the load balancer's). */
export const PUBLIC_URL = 'http://127.0.0.1:39999';

export interface Instance {
  child: ChildProcess;
  base: string;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export async function startInstance(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'instances-secret-0123456789-0123456789',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      PAYMENTS_PROVIDER: 'local',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${output}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`instance did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A client of one instance with a cookie jar of one, optionally starting from a session cookie of another client. */
export function instanceClient(base: string, initialCookie = '') {
  let cookie = initialCookie;
  return {
    get cookie() {
      return cookie;
    },
    async call(method: string, url: string, body?: unknown) {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), origin: PUBLIC_URL },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
      });
      const set = res.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0];
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : null };
    },
  };
}

/** One statement on its own connection (database administration in tests). */
export async function adminQuery(url: string, text: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text, params);
  } finally {
    await c.end();
  }
}

/**
 * A new, empty database `name` on the PostgreSQL server of `serverUrl` (TEST_DATABASE_URL), for server processes to
 * migrate at start: its URL, and `drop` (forced, errors ignored) for afterAll.
 */
export async function createServerDatabase(serverUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    },
  };
}

import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type pg from 'pg';
import { expect } from 'vitest';
import type { FakeStripe } from '../fake-stripe/server';
import { instanceClient, startInstance, type Instance } from './instances';

// A server process (src/server/main.ts) that the crash tests kill with SIGKILL and start again on the same database:
// its address changes at each start, so clients ask it for the current one, and callers wait until it is up again.

export class CrashableServer {
  private instance: Instance | null = null;
  private up!: Promise<void>;
  private markUp!: () => void;
  /** What the processes printed after they started (warnings and errors at LOG_LEVEL=warn), for diagnosing a failure. */
  readonly output: string[] = [];
  /** How many times it was killed. */
  kills = 0;
  /** Milliseconds spent starting, per start (spawn to the first ready answer). */
  readonly startTimes: number[] = [];

  constructor(
    private readonly databaseUrl: string,
    private readonly dataDir: string,
    private readonly env: Record<string, string> = {},
  ) {
    this.resetUp();
  }

  private resetUp() {
    this.up = new Promise((resolve) => (this.markUp = resolve));
  }

  get base(): string {
    if (!this.instance) throw new Error('the server is down');
    return this.instance.base;
  }

  get pid(): number | undefined {
    return this.instance?.child.pid;
  }

  /** Resolves once the server answers (at once when it does now). */
  whenUp(): Promise<void> {
    return this.up;
  }

  async start(): Promise<void> {
    const started = Date.now();
    this.instance = await startInstance(this.databaseUrl, this.dataDir, this.env);
    const n = this.startTimes.length + 1;
    for (const stream of [this.instance.child.stdout!, this.instance.child.stderr!]) stream.on('data', (d) => this.output.push(`[start ${n}] ${String(d)}`));
    this.startTimes.push(Date.now() - started);
    this.markUp();
  }

  /** SIGKILL, synchronously: nothing in the process runs after this call (no shutdown handler, no flush). */
  killNow(): Promise<void> {
    const instance = this.instance;
    if (!instance) return Promise.resolve();
    this.instance = null;
    this.resetUp();
    this.kills++;
    const exited = instance.child.exitCode !== null ? Promise.resolve() : once(instance.child, 'exit').then(() => undefined);
    instance.child.kill('SIGKILL');
    return exited;
  }

  /** A graceful stop (SIGTERM) at the end of a test. */
  async stop(): Promise<void> {
    const instance = this.instance;
    if (!instance) return;
    this.instance = null;
    if (instance.child.exitCode !== null) return;
    const exited = once(instance.child, 'exit');
    instance.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
  }
}

export type CallResult = { status: number; json: unknown };

/**
 * A client with a cookie jar of one that follows the server across restarts. A call the server never answered (it
 * died, or was down) comes back as status 0: its outcome is unknown.
 */
export function crashClient(server: CrashableServer) {
  let cookie = '';
  return {
    get cookie() {
      return cookie;
    },
    async call(method: string, url: string, body?: unknown): Promise<CallResult> {
      try {
        const client = instanceClient(server.base, cookie);
        const result = await client.call(method, url, body);
        cookie = client.cookie;
        return result;
      } catch {
        return { status: 0, json: null };
      }
    },
  };
}

export type CrashClient = ReturnType<typeof crashClient>;

export type Member = CrashClient & { id: string };

/** Registered through the API before any kill; verified and made Unlimited (no monthly cap) in the database. */
export async function crashMember(server: CrashableServer, pool: pg.Pool, fake: FakeStripe, role: 'lawyer' | 'mediator', first: string): Promise<Member> {
  const c = crashClient(server);
  const email = `${first.toLowerCase()}.${randomBytes(3).toString('hex')}@example.com`;
  expect((await c.call('POST', '/api/register', { email, password: 'correct-horse-battery', firstName: first, lastName: 'Crash' })).status).toBe(201);
  await pool.query('UPDATE users SET email_verified = true WHERE email = $1', [email]);
  expect((await c.call('POST', '/api/login', { email, password: 'correct-horse-battery' })).status).toBe(200);
  expect((await c.call('PATCH', '/api/user/role', { role })).status).toBe(200);
  const profile =
    role === 'lawyer' ? { jurisdiction: 'California' } : { jurisdiction: 'California', hourlyRate: 300, specializations: ['Family Law'], yearsExperience: 5 };
  expect((await c.call('POST', `/api/profile/${role}`, profile)).status).toBeLessThan(300);
  const me = (await c.call('GET', '/api/user')).json as { id: string };
  if (role === 'mediator') {
    await pool.query(`UPDATE mediator_profiles SET subscription_tier = 'unlimited' WHERE user_id = $1`, [me.id]);
    // The payout account, through hosted onboarding at the fake: transfers can reach it.
    expect((await c.call('POST', '/api/payouts/account')).status).toBe(200);
    const { rows } = await pool.query('SELECT payout_account_id FROM mediator_profiles WHERE user_id = $1', [me.id]);
    fake.state.completeOnboarding(rows[0].payout_account_id as string);
  }
  return Object.assign(c, { id: me.id });
}

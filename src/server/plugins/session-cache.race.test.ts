import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpVerified } from '../../../tests/helpers/accounts';
import { adminQuery, createServerDatabase, instanceClient, startInstance, type Instance } from '../../../tests/helpers/instances';
import { call } from '../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { sessionCacheOf } from './session';

// The session cache across instances, on the PostgreSQL server (TEST_DATABASE_URL; named *.race.test.ts like the other
// tests that need it, and failing loudly in CI without it). docs/decisions/023-session-cache.md.
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const IN_CI = process.env.CI === 'true';
if (!TEST_DATABASE_URL) console.warn(`\n!!! session-cache.race.test.ts: TEST_DATABASE_URL is not set: ${IN_CI ? 'FAILING' : 'SKIPPED'}.\n`);

const PASSWORD = 'correct-horse-battery';
const sidOf = (cookie: string) => createHash('sha256').update(cookie.replace(/^sid=/, '')).digest('hex');
const ADMIN = { email: 'cache-admin@example.com', password: 'cache-admin-password-1' };

const until = async (check: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
};

describe.skipIf(!TEST_DATABASE_URL && !IN_CI)('session cache on two server instances', () => {
  const name = `sc_${randomBytes(4).toString('hex')}`;
  let database: Awaited<ReturnType<typeof createServerDatabase>>;
  let databaseUrl: string;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    database = await createServerDatabase(TEST_DATABASE_URL!, name);
    databaseUrl = database.url;
    const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    a = await startInstance(databaseUrl, `/tmp/${name}-a`, env);
    b = await startInstance(databaseUrl, `/tmp/${name}-b`, env);
  }, 120_000);

  afterAll(async () => {
    for (const instance of [a, b]) instance?.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await database?.drop();
  });

  /** A verified member signed in on A, whose session A has cached (proved: a change no trigger announces is not seen). */
  async function cachedOnA(first: string) {
    const c = instanceClient(a.base);
    const email = `${first.toLowerCase()}.${randomBytes(3).toString('hex')}@example.com`;
    expect((await c.call('POST', '/api/register', { email, password: PASSWORD, firstName: first, lastName: 'Test' })).status).toBe(201);
    await adminQuery(databaseUrl, 'UPDATE users SET email_verified = true WHERE email = $1', [email]);
    expect((await c.call('POST', '/api/login', { email, password: PASSWORD })).status).toBe(200);
    const me = (await c.call('GET', '/api/user')).json as { id: string };
    await adminQuery(
      databaseUrl,
      `BEGIN; SET LOCAL session_replication_role = replica; UPDATE users SET last_name = 'Unannounced' WHERE id = '${me.id}'; COMMIT;`,
    );
    expect((await c.call('GET', '/api/user')).json.lastName).toBe('Test');
    return { ...c, id: me.id };
  }

  it('a user suspended through instance B is refused by instance A within the notification delay', async () => {
    const member = await cachedOnA('Sam');
    const admin = instanceClient(b.base);
    expect((await admin.call('POST', '/api/login', ADMIN)).status).toBe(200);

    expect((await admin.call('PATCH', `/api/admin/users/${member.id}/status`, { status: 'suspended' })).status).toBe(200);
    const suspendedAt = Date.now();
    expect(await until(async () => (await member.call('GET', '/api/user')).status === 401, 1_000)).toBe(true);
    expect(Date.now() - suspendedAt).toBeLessThan(1_000);
  });

  it('a name changed through instance B shows on instance A within the notification delay', async () => {
    const member = await cachedOnA('Nia');
    const onB = instanceClient(b.base, member.cookie);
    expect((await onB.call('PATCH', '/api/profile', { firstName: 'Renamed' })).status).toBe(200);
    expect(await until(async () => (await member.call('GET', '/api/user')).json.firstName === 'Renamed', 1_000)).toBe(true);
  });

  it('a sign-out through instance B ends the session on instance A within the notification delay', async () => {
    const member = await cachedOnA('Olu');
    const onB = instanceClient(b.base, member.cookie);
    expect((await onB.call('POST', '/api/logout')).status).toBe(200);
    expect(await until(async () => (await member.call('GET', '/api/user')).status === 401, 1_000)).toBe(true);
  });
});

describe.skipIf(!TEST_DATABASE_URL && !IN_CI)('session cache when its listening connection drops', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is emptied and bypassed until LISTEN is back, then caches again', async () => {
    const cache = sessionCacheOf(t.ctx)!;
    const { cookie, user } = await signUpVerified(t, { firstName: 'Lin' });
    const unannounced = (firstName: string) =>
      t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.execute(sql`UPDATE users SET first_name = ${firstName} WHERE id = ${user.id}::uuid`);
      });
    const firstName = async () => (await call(t, 'GET', '/api/user', cookie)).json().firstName as string;

    expect(await firstName()).toBe('Lin');
    await unannounced('One');
    expect(await firstName()).toBe('Lin'); // cached

    const notListening = cache.notListening.bind(cache);
    const lost = vi.spyOn(cache, 'notListening');
    const afterLoss: { active: boolean; size: number; served: boolean }[] = [];
    lost.mockImplementation(() => {
      notListening();
      afterLoss.push({ active: cache.active, size: cache.size, served: cache.get(sidOf(cookie)) !== undefined });
    });
    const back = vi.spyOn(cache, 'listening');
    const killed = await t.ctx.db.execute(sql`
      SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
      WHERE datname = current_database() AND query = 'LISTEN "mediatehub_session_cache"'`);
    expect((killed as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    const end = Date.now() + 2_000;
    while (!lost.mock.calls.length && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
    expect(lost).toHaveBeenCalled();
    // From the moment the loss is known nothing is served from memory until LISTEN is back.
    expect(afterLoss).toEqual([{ active: false, size: 0, served: false }]);
    expect(await firstName()).toBe('One');

    // The listener reconnects (after 0.5 s) and the cache is trusted again, from empty.
    const reconnected = Date.now() + 5_000;
    while (!back.mock.calls.length && Date.now() < reconnected) await new Promise((r) => setTimeout(r, 20));
    expect(back).toHaveBeenCalled();
    expect(cache.active).toBe(true);
    expect(await firstName()).toBe('One');
    await unannounced('Two');
    expect(await firstName()).toBe('One'); // cached again
    await t.ctx.db.execute(sql`UPDATE users SET last_name = 'Announced' WHERE id = ${user.id}::uuid`);
    expect(await until(async () => (await firstName()) === 'Two', 1_000)).toBe(true);
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminQuery, createServerDatabase, PUBLIC_URL, startInstance, type Instance } from '../../../tests/helpers/instances';
import { describeOnPostgres, TEST_DATABASE_URL } from '../../../tests/helpers/postgres-only';
import { RATE_LIMITS } from './rate-limit';

// Decision 056 across two server processes on one database, as two instances behind a load balancer: the sign-in
// limits are shared (exact, whichever process answers), the hot-path limits are each process's share of the limit.
// Both instances believe one proxy hop, so each call says which client it comes from (X-Forwarded-For).

describeOnPostgres('rate-limit.two-instances.race.test.ts', 'rate limits on two server instances', () => {
  const name = `limits_${randomBytes(4).toString('hex')}`;
  let database: Awaited<ReturnType<typeof createServerDatabase>>;
  let instances: Instance[] = [];

  beforeAll(async () => {
    database = await createServerDatabase(TEST_DATABASE_URL!, name);
    const env = { RATE_LIMITS: 'on', RATE_LIMIT_PROCESSES: '2', TRUST_PROXY: '1' };
    const first = await startInstance(database.url, `/tmp/${name}-a`, env);
    instances = [first, await startInstance(database.url, `/tmp/${name}-b`, env)];
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await database?.drop();
  });

  const call = (instance: Instance, method: string, url: string, from: string, options: { body?: unknown; cookie?: string } = {}) =>
    fetch(`${instance.base}${url}`, {
      method,
      headers: {
        origin: PUBLIC_URL,
        'x-forwarded-for': from,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  const signIn = (instance: Instance, from: string, email: string, password: string) =>
    call(instance, 'POST', '/api/login', from, { body: { email, password } });

  it(`a burst of sign-ins from one address spread over both processes: exactly ${RATE_LIMITS.loginPerIp} are tried, the rest 429`, async () => {
    const attempts = 3 * RATE_LIMITS.loginPerIp;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, i) => signIn(instances[i % 2], '203.0.113.7', `nobody${i}@example.com`, 'wrong-password')),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(RATE_LIMITS.loginPerIp);
    expect(statuses.filter((s) => s === 429)).toHaveLength(attempts - RATE_LIMITS.loginPerIp);
    // Refused by both processes alike: the count is one, not one per process.
    for (const instance of instances) expect((await signIn(instance, '203.0.113.7', 'nobody@example.com', 'wrong-password')).status).toBe(429);
    // Another client is not affected.
    expect((await signIn(instances[1], '203.0.113.8', 'nobody@example.com', 'wrong-password')).status).toBe(401);
  });

  it(`one account's sign-ins from many addresses over both processes: the ${RATE_LIMITS.loginPerEmail + 1}th is 429`, async () => {
    const email = `target.${randomBytes(3).toString('hex')}@example.com`;
    for (let i = 0; i < RATE_LIMITS.loginPerEmail; i++) {
      expect((await signIn(instances[i % 2], `198.51.100.${i + 1}`, email, 'wrong-password')).status).toBe(401);
    }
    expect((await signIn(instances[0], '198.51.100.200', email, 'wrong-password')).status).toBe(429);
    expect((await signIn(instances[1], '198.51.100.201', email, 'wrong-password')).status).toBe(429);
  });

  it(`the general limit: each process allows its share (${RATE_LIMITS.general / 2}), so together never more than ${RATE_LIMITS.general} a minute`, async () => {
    const email = `general.${randomBytes(3).toString('hex')}@example.com`;
    const password = 'correct-horse-battery';
    const from = '192.0.2.10';
    expect((await call(instances[0], 'POST', '/api/register', from, { body: { email, password, firstName: 'Gen', lastName: 'Eral' } })).status).toBe(201);
    await adminQuery(database.url, 'UPDATE users SET email_verified = true WHERE email = $1', [email]);
    const login = await signIn(instances[0], from, email, password);
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    // A fresh address for the calls: the sign-up's own calls above counted against `from` (signed out), not the user.
    const read = (instance: Instance) => call(instance, 'GET', '/api/user', '192.0.2.11', { cookie });

    const share = RATE_LIMITS.general / 2;
    // The session cache may serve the first call of a process from the database: every call below is a signed-in one.
    for (let i = 0; i < share; i++) expect((await read(instances[0])).status).toBe(200);
    expect((await read(instances[0])).status).toBe(429);
    let allowed = 0;
    for (let i = 0; i < share + 5; i++) if ((await read(instances[1])).status === 200) allowed++;
    expect(allowed).toBe(share);
    expect((await read(instances[1])).status).toBe(429);
    // Counted in each process's memory: nothing of it in the shared table.
    const { rows } = await adminQuery(database.url, `SELECT key FROM rate_limit_hits WHERE key LIKE 'general:%'`);
    expect(rows).toEqual([]);
  });
});

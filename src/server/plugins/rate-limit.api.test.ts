import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator, signUpVerified, uniqueEmail } from '../../../tests/helpers/accounts';
import { backends } from '../../../tests/helpers/backends';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { RATE_LIMITS } from './rate-limit';

// Issue 11 family 9 (docs/reliability.md): for login, register, forgot-password, messages, uploads and accepts, the
// limit + 1st request in a minute is 429 with Retry-After, and forged forwarding headers never reset the count.
type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;
let spoofs = 0;
/** A different forged client address on every call, in both headers a proxy could use. */
const spoofed = () => {
  const fake = `198.51.100.${++spoofs % 250}`;
  return { 'x-forwarded-for': fake, forwarded: `for=${fake};proto=https`, 'x-real-ip': fake };
};

function expect429(res: Answer) {
  expect(res.statusCode, res.body).toBe(429);
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThanOrEqual(1);
  expect(retry).toBeLessThanOrEqual(60);
  expect(res.json().message).toMatch(/too many/i);
}

describe.each(backends)('rate limits with forged forwarding headers on %s (no proxy trusted)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { rateLimits: 'on' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Each test speaks from its own socket address, so the per-IP counts of the tests do not mix. */
  const post = (remoteAddress: string, url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress, headers: { ...spoofed(), ...(cookie ? { cookie } : {}) } });
  /** Accounts are made through the API (which counts registrations and logins), a minute apart. */
  const fresh = async <T>(make: () => Promise<T>) => {
    const made = await make();
    t.clock.advance(61_000);
    return made;
  };

  it('keeps its counters in an unlogged table: a hit at every request does not wait for the disk (migration 0010)', async () => {
    const res = (await t.ctx.db.execute(sql`SELECT relpersistence FROM pg_class WHERE relname = 'rate_limit_hits'`)) as unknown as {
      rows: { relpersistence: string }[];
    };
    expect(res.rows).toEqual([{ relpersistence: 'u' }]);
  });

  it(`login: the ${RATE_LIMITS.loginPerIp + 1}th attempt from one address is 429 whatever the forwarding headers say`, async () => {
    for (let i = 0; i < RATE_LIMITS.loginPerIp; i++) {
      expect((await post('127.0.0.21', '/api/login', { email: uniqueEmail(), password: 'wrong-password' })).statusCode).toBe(401);
    }
    expect429(await post('127.0.0.21', '/api/login', { email: uniqueEmail(), password: 'wrong-password' }));
    expect((await post('127.0.0.22', '/api/login', { email: uniqueEmail(), password: 'wrong-password' })).statusCode).toBe(401);
  });

  it(`login: the ${RATE_LIMITS.loginPerEmail + 1}th attempt on one address is 429 even from many IPs`, async () => {
    const { email } = await fresh(() => signUpVerified(t));
    for (let i = 0; i < RATE_LIMITS.loginPerEmail; i++) {
      expect((await post(`127.0.1.${i + 1}`, '/api/login', { email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    expect429(await post('127.0.1.200', '/api/login', { email: email.toUpperCase(), password: 'wrong-password' }));
  });

  it(`register: the ${RATE_LIMITS.registerPerIp + 1}th from one address is 429 and sends nothing`, async () => {
    for (let i = 0; i < RATE_LIMITS.registerPerIp; i++) {
      const res = await post('127.0.0.23', '/api/register', { email: uniqueEmail(), password: 'correct-horse-battery', firstName: 'R', lastName: 'L' });
      expect(res.statusCode).toBe(201);
    }
    const email = uniqueEmail('over');
    expect429(await post('127.0.0.23', '/api/register', { email, password: 'correct-horse-battery', firstName: 'R', lastName: 'L' }));
    expect(t.mailer.sent.some((m) => m.to === email)).toBe(false);
  });

  it(`forgot-password: the ${RATE_LIMITS.perEmailMail + 1}th for one address is 429 and sends no mail`, async () => {
    const { email } = await fresh(() => signUpVerified(t));
    const mails = () => t.mailer.sent.filter((m) => m.to === email && m.text.includes('/reset-password')).length;
    for (let i = 0; i < RATE_LIMITS.perEmailMail; i++) expect((await post(`127.0.2.${i + 1}`, '/api/password/forgot', { email })).statusCode).toBe(200);
    expect429(await post('127.0.2.200', '/api/password/forgot', { email }));
    expect(mails()).toBe(RATE_LIMITS.perEmailMail);
  });

  it(`messages: the ${RATE_LIMITS.messages + 1}th from one user in a minute is 429`, async () => {
    const { cookie } = await fresh(() => signUpLawyer(t));
    const requestId = randomUUID(); // no such thread: counted, then 404
    for (let i = 0; i < RATE_LIMITS.messages; i++) {
      expect((await post('127.0.0.24', '/api/messages', { requestId, content: `m${i}` }, cookie)).statusCode).toBe(404);
    }
    expect429(await post('127.0.0.25', '/api/messages', { requestId, content: 'over' }, cookie));
  });

  it(`uploads: the ${RATE_LIMITS.uploads + 1}th upload URL from one user in a minute is 429`, async () => {
    const { cookie } = await fresh(() => signUpLawyer(t));
    for (let i = 0; i < RATE_LIMITS.uploads; i++) {
      expect((await post('127.0.0.26', '/api/files/upload', { fileName: `f${i}.pdf`, purpose: 'brief' }, cookie)).statusCode).toBe(200);
    }
    expect429(await post('127.0.0.27', '/api/files/upload', { fileName: 'over.pdf', purpose: 'brief' }, cookie));
  });

  it(`accepts: the ${RATE_LIMITS.accepts + 1}th accept from one mediator in a minute is 429`, async () => {
    const { cookie } = await fresh(() => signUpMediator(t));
    for (let i = 0; i < RATE_LIMITS.accepts; i++) {
      expect((await post('127.0.0.28', `/api/requests/${randomUUID()}/accept`, { noConflictConfirmed: true }, cookie)).statusCode).toBe(404);
    }
    expect429(await post('127.0.0.29', `/api/requests/${randomUUID()}/accept`, { noConflictConfirmed: true }, cookie));
  });

  const get = (remoteAddress: string, url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers: { ...spoofed(), ...(cookie ? { cookie } : {}) } });

  it(`general: the ${RATE_LIMITS.general + 1}th API call from one user in a minute is 429, and the next minute is open again`, async () => {
    const { cookie } = await fresh(() => signUpLawyer(t));
    for (let i = 0; i < RATE_LIMITS.general; i++) expect((await get(`127.0.2.${i % 200}`, '/api/notifications/unread', cookie)).statusCode).toBe(200);
    expect429(await get('127.0.2.250', '/api/notifications/unread', cookie));
    t.clock.advance(61_000);
    expect((await get('127.0.2.251', '/api/notifications/unread', cookie)).statusCode).toBe(200);
  });

  it(`general: signed out, the ${RATE_LIMITS.general + 1}th call from one address is 429 whatever it forges`, async () => {
    t.clock.advance(61_000);
    for (let i = 0; i < RATE_LIMITS.general; i++) expect((await get('127.0.3.1', '/api/user')).statusCode).toBe(401);
    expect429(await get('127.0.3.1', '/api/user'));
    expect((await get('127.0.3.2', '/api/user')).statusCode).toBe(401);
  });

  it('the hot-path limits (general, messages, accepts, uploads) count in memory; sign-ins count in the shared table', async () => {
    const res = (await t.ctx.db.execute(sql`SELECT split_part(key, ':', 1) AS kind FROM rate_limit_hits GROUP BY 1 ORDER BY 1`)) as unknown as {
      rows: { kind: string }[];
    };
    const kinds = res.rows.map((r) => r.kind);
    expect(kinds).toContain('login');
    for (const local of ['general', 'message', 'accept', 'upload']) expect(kinds).not.toContain(local);
  });

  it('many logins at once from one address: exactly the limit get through', async () => {
    const answers = await Promise.all(
      Array.from({ length: 3 * RATE_LIMITS.loginPerIp }, () => post('127.0.0.30', '/api/login', { email: uniqueEmail(), password: 'wrong-password' })),
    );
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(RATE_LIMITS.loginPerIp);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(2 * RATE_LIMITS.loginPerIp);
  });
});

describe.each(backends)('rate limits behind one trusted proxy on %s (TRUST_PROXY=1)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { rateLimits: 'on', env: { TRUST_PROXY: '1' } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  // The proxy (10.0.0.1) appends the address it saw to whatever X-Forwarded-For the client sent; only that last entry
  // is believed, so a client that forges the earlier entries is still counted as itself.
  const viaProxy = (client: string, forged: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload,
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': `${forged}, ${client}`, forwarded: `for=${forged}` },
    });
  const body = () => ({ email: uniqueEmail(), password: 'correct-horse-battery', firstName: 'R', lastName: 'L' });

  it('counts the real client, not the forged entries, and keeps other clients apart', async () => {
    for (let i = 0; i < RATE_LIMITS.registerPerIp; i++) {
      expect((await viaProxy('203.0.113.7', `192.0.2.${i + 1}`, body())).statusCode).toBe(201);
    }
    expect429(await viaProxy('203.0.113.7', '192.0.2.99', body()));
    expect429(await viaProxy('203.0.113.7', '203.0.113.8', body()));
    expect((await viaProxy('203.0.113.8', '203.0.113.7', body())).statusCode).toBe(201);
  });

  it('a client reaching the app directly (not through the proxy) is counted as itself, whatever it forges', async () => {
    const direct = (forged: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: body(),
        remoteAddress: '198.18.0.9',
        headers: { 'x-forwarded-for': `${forged}, ${forged}` },
      });
    for (let i = 0; i < RATE_LIMITS.registerPerIp; i++) expect((await direct(`10.9.9.${i + 1}`)).statusCode).toBe(201);
    expect429(await direct('10.9.9.99'));
  });
});

import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { PASSWORD, signUpVerified } from '../../../../tests/helpers/accounts';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { sessions, users } from '../../db/schema';
import { awaitSessionInvalidations } from '../../plugins/session';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(backends)('sessions on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (email: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD }, headers: cookie ? { cookie } : {} });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
  const rowsOf = (userId: string) =>
    t.ctx.db
      .select()
      .from(sessions)
      .where(sql`${sessions.sess}->>'userId' = ${userId}`);

  it('sets an httpOnly, SameSite=Lax session cookie for the whole site, not Secure over plain http', async () => {
    const { email } = await signUpVerified(t);
    const res = await login(email);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    expect(cookie!.secure).toBeFalsy();
    expect(cookie!.value.length).toBeGreaterThanOrEqual(32);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
  });

  it('marks the cookie Secure when the app is served over HTTPS', async () => {
    const secure = await createTestApp(backend, { env: { PUBLIC_URL: 'https://mediate.example' } });
    try {
      const { email } = await signUpVerified(secure);
      const res = await secure.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
      const cookie = res.cookies.find((c) => c.name === 'sid');
      expect(cookie?.secure).toBe(true);
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe('Lax');
    } finally {
      await secure.close();
    }
  });

  it('gives a new session id at every sign-in; signing in while holding a cookie ends the old session', async () => {
    const { email } = await signUpVerified(t);
    const first = sessionCookie(await login(email));
    const second = sessionCookie(await login(email));
    expect(second).not.toBe(first);
    // Two devices: both sessions work.
    expect((await me(first)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);

    const third = sessionCookie(await login(email, first));
    expect(third).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('a cookie that was never issued (a planted one) does not sign anybody in', async () => {
    const res = await me('sid=planted-by-an-attacker-0123456789abcdef');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });

  it('POST /api/logout ends the session and clears the cookie', async () => {
    const { cookie, user } = await signUpVerified(t);
    expect((await me(cookie)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('GET /api/logout ends the session and redirects to /', async () => {
    const { cookie } = await signUpVerified(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBeGreaterThanOrEqual(300);
    expect(res.statusCode).toBeLessThan(400);
    expect(res.headers.location).toBe('/');
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('logging out without a session is harmless', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/logout' })).headers.location).toBe('/');
  });

  it('ends after 7 days without use', async () => {
    const { cookie } = await signUpVerified(t);
    t.clock.advance(7 * DAY - 5 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200); // used just in time: pushed forward
    t.clock.advance(7 * DAY + MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('activity extends the idle expiry well past 7 days after sign-in', async () => {
    const { cookie } = await signUpVerified(t);
    for (let day = 0; day < 4; day++) {
      t.clock.advance(5 * DAY);
      expect((await me(cookie)).statusCode).toBe(200);
    }
    // 20 days after sign-in, still alive thanks to use.
    t.clock.advance(6 * DAY);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('ends 30 days after sign-in even with constant activity', async () => {
    const { cookie, user } = await signUpVerified(t);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(5 * DAY + 23 * 60 * MINUTE); // just under 6 days each
      expect((await me(cookie)).statusCode).toBe(200);
    }
    // about 29.8 days since sign-in
    t.clock.advance(5 * 60 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
    // Whatever is left of it is already past its expiry (housekeeping may remove it later).
    for (const row of await rowsOf(user.id)) expect(row.expire.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it('suspension ends every session at once and blocks sign-in with 403', async () => {
    const { email, cookie, user } = await signUpVerified(t);
    const other = sessionCookie(await login(email));
    expect((await me(cookie)).statusCode).toBe(200);
    await t.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    await awaitSessionInvalidations(t.ctx); // written straight to the table, not by a request that waits for it
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    const again = await login(email);
    expect(again.statusCode).toBe(403);
    expect(again.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(again.json().message).toMatch(/suspended/i);
  });

  it('keeps sid/sess/expire rows in the session table and never the raw cookie token', async () => {
    const { email, user } = await signUpVerified(t);
    const res = await login(email);
    const token = res.cookies.find((c) => c.name === 'sid')!.value;
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(2); // the helper's sign-in and this one
    for (const row of rows) {
      expect(row.sid).not.toBe(token);
      expect(row.sid).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row.sess)).not.toContain(token);
      expect(row.sess.userId).toBe(user.id);
      expect(row.expire.getTime()).toBeGreaterThan(t.clock.now().getTime());
    }
    const hashed = createHash('sha256').update(token).digest('hex');
    expect(rows.map((r) => r.sid)).toContain(hashed);
    const raw = (await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM session WHERE sid = ${token} OR sess::text LIKE ${'%' + token + '%'}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(raw.rows[0].n)).toBe(0);
  });
});

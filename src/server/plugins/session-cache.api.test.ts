import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, signUpLawyer, signUpVerified, uniqueEmail } from '../../../tests/helpers/accounts';
import { backends } from '../../../tests/helpers/backends';
import { call } from '../../../tests/helpers/requests';
import { createTestApp, lastLink, sessionCookie, type TestApp } from '../../../tests/helpers/test-app';
import { ensureAdmin } from '../modules/users/accounts.service';
import { sessionCacheOf } from './session';
import type { SessionCache } from './session-cache';

// The session cache (docs/decisions/023-session-cache.md) must never authorize what the database no longer would: each
// case warms the cache, proves the entry is really there, changes something, and the very next request must see it.
const sidOf = (cookie: string) => createHash('sha256').update(cookie.replace(/^sid=/, '')).digest('hex');

const until = async (check: () => Promise<boolean> | boolean, ms = 1_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
};

describe.each(backends)('session cache on %s', (backend) => {
  let t: TestApp;
  let cache: SessionCache;
  beforeAll(async () => {
    t = await createTestApp(backend);
    cache = sessionCacheOf(t.ctx)!;
    // A slow listener: every notification reaches the cache 50 ms late (in order, as PostgreSQL delivers them), so a
    // request made right after a change would still find the stale entry — unless the write waited for its barrier.
    const handle = cache.handle.bind(cache);
    vi.spyOn(cache, 'handle').mockImplementation((payload) => void setTimeout(() => handle(payload), 50));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newAdmin() {
    const email = uniqueEmail('admin');
    const { id } = await ensureAdmin(t.ctx, email, PASSWORD, { firstName: 'Ada', lastName: 'Admin' });
    return { id, email, cookie: sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD })) };
  }
  const login = async (email: string) => sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD }));

  /** A request through the session, then the proof that the cache now holds it. */
  async function warm(cookie: string) {
    expect((await call(t, 'GET', '/api/user', cookie)).statusCode).toBe(200);
    expect(cache.get(sidOf(cookie)), 'the session is cached').toBeDefined();
  }

  /** Changes a user row without firing the triggers (as a notification lost on the way would). */
  const changeSilently = (userId: string, firstName: string) =>
    t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE users SET first_name = ${firstName} WHERE id = ${userId}::uuid`);
    });

  it('serves a signed-in request from memory, and drops it when the database says the user changed', async () => {
    const { cookie, user } = await signUpVerified(t, { firstName: 'Cora' });
    expect(cache.active).toBe(true);
    await warm(cookie);
    // A change the triggers do not announce is not seen: the session really came from the cache.
    await changeSilently(user.id, 'Silent');
    expect((await call(t, 'GET', '/api/user', cookie)).json().firstName).toBe('Cora');
    // Any change to the row through SQL — no application code involved — is announced on commit and drops it.
    await t.ctx.db.execute(sql`UPDATE users SET last_name = 'Changed' WHERE id = ${user.id}::uuid`);
    expect(await until(async () => (await call(t, 'GET', '/api/user', cookie)).json().lastName === 'Changed')).toBe(true);
    expect((await call(t, 'GET', '/api/user', cookie)).json().firstName).toBe('Silent');
  });

  it('a suspension by an admin refuses the very next request', async () => {
    const admin = await newAdmin();
    const lawyer = await signUpLawyer(t);
    await warm(lawyer.cookie);
    expect((await call(t, 'PATCH', `/api/admin/users/${lawyer.user.id}/status`, admin.cookie, { status: 'suspended' })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/user', lawyer.cookie)).statusCode).toBe(401);
    expect(cache.get(sidOf(lawyer.cookie))).toBeUndefined();
  });

  it('a deletion by an admin refuses the very next request', async () => {
    const admin = await newAdmin();
    const lawyer = await signUpLawyer(t);
    await warm(lawyer.cookie);
    const deleted = await call(t, 'DELETE', `/api/admin/users/${lawyer.user.id}`, admin.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call(t, 'GET', '/api/user', lawyer.cookie)).statusCode).toBe(401);
  });

  it('a password change ends the other sessions at once and keeps this one, with the new data', async () => {
    const account = await signUpVerified(t);
    const other = await login(account.email);
    await warm(account.cookie);
    await warm(other);
    const changed = await call(t, 'POST', '/api/password/change', account.cookie, { currentPassword: PASSWORD, newPassword: 'another-long-password-9' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(t, 'GET', '/api/user', other)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/user', account.cookie)).statusCode).toBe(200);
  });

  it('a password reset through the e-mailed link ends every session', async () => {
    const account = await signUpVerified(t);
    await warm(account.cookie);
    expect((await call(t, 'POST', '/api/password/forgot', undefined, { email: account.email })).statusCode).toBe(200);
    const token = lastLink(t.mailer, account.email, /token=[\w-]+/).slice('token='.length);
    const reset = await call(t, 'POST', '/api/password/reset', undefined, { token, password: 'reset-long-password-9' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call(t, 'GET', '/api/user', account.cookie)).statusCode).toBe(401);
  });

  it('signing out (POST, or GET as a navigation) ends that session at once; another one of the user lives on', async () => {
    const account = await signUpVerified(t);
    const second = await login(account.email);
    const third = await login(account.email);
    for (const cookie of [account.cookie, second, third]) await warm(cookie);
    expect((await call(t, 'POST', '/api/logout', second)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/user', second)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/logout', third)).statusCode).toBe(302);
    expect((await call(t, 'GET', '/api/user', third)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/user', account.cookie)).statusCode).toBe(200);
  });

  it('a role choice and a name change show on the very next request', async () => {
    const account = await signUpVerified(t, { firstName: 'Old' });
    await warm(account.cookie);
    expect((await call(t, 'PATCH', '/api/user/role', account.cookie, { role: 'lawyer' })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/user', account.cookie)).json().role).toBe('lawyer');
    await warm(account.cookie);
    expect((await call(t, 'PATCH', '/api/profile', account.cookie, { firstName: 'New' })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/user', account.cookie)).json().firstName).toBe('New');
  });

  it('impersonation start and stop, and the admin behind it losing their role, show on the very next request', async () => {
    const admin = await newAdmin();
    const lawyer = await signUpLawyer(t);
    await warm(admin.cookie);
    expect((await call(t, 'POST', `/api/admin/impersonate/${lawyer.user.id}`, admin.cookie)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/user', admin.cookie)).json()).toMatchObject({ id: lawyer.user.id, impersonatedBy: { id: admin.id } });
    await warm(admin.cookie);
    expect((await call(t, 'POST', '/api/admin/impersonate/stop', admin.cookie)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/user', admin.cookie)).json()).toMatchObject({ id: admin.id, impersonatedBy: null });

    // Viewing as the lawyer again; the admin is then demoted by SQL (no application code): the impersonation lapses.
    expect((await call(t, 'POST', `/api/admin/impersonate/${lawyer.user.id}`, admin.cookie)).statusCode).toBe(200);
    await warm(admin.cookie);
    await t.ctx.db.execute(sql`UPDATE users SET role = 'lawyer' WHERE id = ${admin.id}::uuid`);
    expect(await until(async () => (await call(t, 'GET', '/api/user', admin.cookie)).statusCode === 401)).toBe(true);
    // The lawyer's own session is another entry, untouched.
    expect((await call(t, 'GET', '/api/user', lawyer.cookie)).statusCode).toBe(200);
  });

  it('the idle expiry is still written at most every 10 minutes, and a hit past it asks the database', async () => {
    const account = await signUpVerified(t);
    await warm(account.cookie);
    const expireOf = async () =>
      new Date(
        ((await t.ctx.db.execute(sql`SELECT expire FROM session WHERE sid = ${sidOf(account.cookie)}`)) as unknown as { rows: { expire: string | Date }[] })
          .rows[0].expire,
      ).getTime();
    const first = await expireOf();
    t.clock.advance(5 * 60 * 1000);
    await call(t, 'GET', '/api/user', account.cookie);
    expect(await expireOf()).toBe(first); // 5 minutes: not written
    t.clock.advance(6 * 60 * 1000);
    expect((await call(t, 'GET', '/api/user', account.cookie)).statusCode).toBe(200);
    expect(await expireOf()).toBe(first + 11 * 60 * 1000); // 11 minutes: pushed forward to now + 7 days
    // That write, like any other, drops the entry through the trigger; the next request caches the new expiry.
    expect(await until(() => cache.get(sidOf(account.cookie)) === undefined)).toBe(true);
    // Eight idle days later the session is over, cached or not.
    await warm(account.cookie);
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect((await call(t, 'GET', '/api/user', account.cookie)).statusCode).toBe(401);
  });

  it('stores nothing read before an invalidation that arrived while the read ran', async () => {
    const account = await signUpVerified(t);
    const sid = sidOf(account.cookie);
    // Every read on the miss path is overtaken by a (concurrent) change to that user.
    const before = cache.generation;
    const spy = vi.spyOn(cache, 'set').mockImplementation((entry, generation) => {
      cache.evictUser(account.user.id);
      return Object.getPrototypeOf(cache).set.call(cache, entry, generation);
    });
    try {
      await call(t, 'GET', '/api/user', account.cookie);
      expect(spy).toHaveBeenCalled();
      expect(cache.generation).toBeGreaterThan(before);
      expect(cache.get(sid)).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
  });
});

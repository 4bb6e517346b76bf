import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_END_MESSAGES } from '../../../common/domain/session-end';
import { PASSWORD, signUpLawyer, signUpVerified, uniqueEmail } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, lastLink, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { endedSessions, users } from '../../db/schema';
import { awaitSessionInvalidations } from '../../plugins/session';
import { ensureAdmin } from '../users/accounts.service';
import { LOGIN_MESSAGES } from './auth.service';

const DAY = 86_400_000;

// Decision 038: a session the server ended tells the next request bearing its cookie why, in the 401.
describe.each(backends)('why a session ended, on %s', (backend) => {
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp(backend);
    const email = uniqueEmail('admin');
    await ensureAdmin(t.ctx, email, PASSWORD, { firstName: 'Ada', lastName: 'Admin' });
    admin = { cookie: sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD })) };
  });
  afterAll(async () => {
    await t?.close();
  });

  const signIn = async (email: string) => sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD }));
  const setStatus = (userId: string, status: string) => call(t, 'PATCH', `/api/admin/users/${userId}/status`, admin.cookie, { status });
  /** The 401 a call with `cookie` gets, and the reason it gives (undefined when none). */
  const refusal = async (cookie: string | undefined, url = '/api/user') => {
    const res = await call(t, 'GET', url, cookie);
    expect(res.statusCode, res.body).toBe(401);
    const body = res.json() as { message: string; code: string; sessionEnded?: string };
    expect(body.code).toBe('unauthenticated');
    return body;
  };

  it('suspended by an admin: every next call of the user says so, and signing in stays 403 with its message', async () => {
    const lawyer = await signUpLawyer(t);
    const otherDevice = await signIn(lawyer.email);
    expect((await setStatus(lawyer.user.id, 'suspended')).statusCode).toBe(200);

    for (const [cookie, url] of [
      [lawyer.cookie, '/api/user'],
      [lawyer.cookie, '/api/notifications/unread'],
      [lawyer.cookie, '/api/requests'],
      [otherDevice, '/api/user'],
    ] as const) {
      expect(await refusal(cookie, url), url).toEqual({ message: SESSION_END_MESSAGES.suspended, code: 'unauthenticated', sessionEnded: 'suspended' });
    }
    // Asked again (a reload of the sign-in page), the answer is the same.
    expect((await refusal(lawyer.cookie)).sessionEnded).toBe('suspended');

    const login = await call(t, 'POST', '/api/login', undefined, { email: lawyer.email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ message: LOGIN_MESSAGES.suspended, code: 'account_suspended' });

    // Reinstated: the old cookie no longer claims a suspension; it only says the session ended.
    expect((await setStatus(lawyer.user.id, 'approved')).statusCode).toBe(200);
    expect(await refusal(lawyer.cookie)).toEqual({ message: SESSION_END_MESSAGES.ended, code: 'unauthenticated', sessionEnded: 'ended' });
    expect((await call(t, 'GET', '/api/user', await signIn(lawyer.email))).statusCode).toBe(200);
  });

  it('suspended behind the API’s back (a direct update): the session found refused is ended and says why', async () => {
    const { cookie, user } = await signUpVerified(t);
    expect((await call(t, 'GET', '/api/user', cookie)).statusCode).toBe(200);
    await t.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    await awaitSessionInvalidations(t.ctx);
    expect((await refusal(cookie)).sessionEnded).toBe('suspended');
    const noted = await t.ctx.db.select().from(endedSessions).where(eq(endedSessions.userId, user.id));
    expect(noted.map((n) => n.reason)).toEqual(['suspended']);
    // The session row is gone: the second call finds only the note.
    expect((await refusal(cookie)).sessionEnded).toBe('suspended');
  });

  it('a password change ends the other sessions with "password_changed"; the one that changed it goes on', async () => {
    const { email, cookie } = await signUpVerified(t);
    const other = await signIn(email);
    const changed = await call(t, 'POST', '/api/password/change', cookie, { currentPassword: PASSWORD, newPassword: 'another-long-password' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await refusal(other)).toEqual({ message: SESSION_END_MESSAGES.password_changed, code: 'unauthenticated', sessionEnded: 'password_changed' });
    expect((await call(t, 'GET', '/api/user', cookie)).statusCode).toBe(200);
  });

  it('a password reset ends every session with "password_changed"', async () => {
    const { email, cookie } = await signUpVerified(t);
    expect((await call(t, 'POST', '/api/password/forgot', undefined, { email })).statusCode).toBe(200);
    const token = lastLink(t.mailer, email, /token=[\w-]+/).slice('token='.length);
    expect((await call(t, 'POST', '/api/password/reset', undefined, { token, password: 'a-brand-new-password' })).statusCode).toBe(200);
    expect((await refusal(cookie)).sessionEnded).toBe('password_changed');
  });

  it('a session past its idle expiry, or its 30 days, says "expired"', async () => {
    const idle = await signUpVerified(t);
    const busy = await signUpVerified(t);
    // Busy: used every 6 days, so never idle a week, until 30 days after sign-in.
    for (let day = 6; day < 30; day += 6) {
      t.clock.advance(6 * DAY);
      expect((await call(t, 'GET', '/api/user', busy.cookie)).statusCode, `day ${day}`).toBe(200);
    }
    expect(await refusal(idle.cookie)).toEqual({ message: SESSION_END_MESSAGES.expired, code: 'unauthenticated', sessionEnded: 'expired' });
    t.clock.advance(7 * DAY);
    expect((await refusal(busy.cookie)).sessionEnded).toBe('expired');
  });

  it('says nothing without a cookie or after signing out; a cookie it never issued gets the plain "ended"', async () => {
    expect(await refusal(undefined)).toEqual({ message: 'Not signed in', code: 'unauthenticated' });
    const { cookie } = await signUpVerified(t);
    const out = await call(t, 'POST', '/api/logout', cookie);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    // The browser drops the cookie with the sign-out, and nothing is noted for it: a sign-out needs no explanation.
    const sid = createHash('sha256').update(cookie.slice('sid='.length)).digest('hex');
    expect(await t.ctx.db.select().from(endedSessions).where(eq(endedSessions.sid, sid))).toEqual([]);
    expect((await refusal('sid=never-issued-0123456789abcdef0123456789')).sessionEnded).toBe('ended');
  });

  it('documents the reason on every 401 of the API description', async () => {
    const docs = (await call(t, 'GET', '/api/docs/json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { properties?: object } }> }> }>>;
    };
    const unauthorized = docs.paths['/api/user'].get.responses['401'].content!['application/json'].schema;
    expect(unauthorized.properties).toHaveProperty('sessionEnded');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { PASSWORD, signUpVerified, uniqueEmail } from '../../../../tests/helpers/accounts';
import { createTestApp, lastLink, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { users } from '../../db/schema';

const RESET_LINK = /\/reset-password\?token=[\w-]+/;
const NEW_PASSWORD = 'a-brand-new-passphrase';
const MINUTE = 60_000;

describe.each(backends)('passwords on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: object, cookie?: string) => t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const login = (email: string, password: string) => post('/api/login', { email, password });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
  const storedHash = async (id: string) => (await t.ctx.db.select({ password: users.password }).from(users).where(eq(users.id, id)))[0].password;
  const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);

  async function resetToken(email: string): Promise<string> {
    const res = await post('/api/password/forgot', { email });
    expect(res.statusCode).toBe(200);
    return lastLink(t.mailer, email, RESET_LINK).split('token=')[1];
  }

  it('forgot answers 200 with the same body for unknown and known addresses; only the known one gets mail', async () => {
    const { email } = await signUpVerified(t);
    const unknown = uniqueEmail('nobody');
    const before = t.mailer.sent.length;
    const a = await post('/api/password/forgot', { email: unknown });
    expect(a.statusCode).toBe(200);
    expect(t.mailer.sent.length).toBe(before);
    expect(mailsTo(unknown)).toHaveLength(0);
    const b = await post('/api/password/forgot', { email: email.toUpperCase() });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(t.mailer.sent.length).toBe(before + 1);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=');
    expect(mail.text).not.toMatch(/\/api\/verify-email/);
  });

  it('forgot refuses a malformed address with 400', async () => {
    const res = await post('/api/password/forgot', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: 'Invalid email address' });
  });

  it('resets once: the new password works, the old does not, a second use is 400', async () => {
    const { email, user } = await signUpVerified(t);
    const before = await storedHash(user.id);
    const token = await resetToken(email);
    const res = await post('/api/password/reset', { token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await storedHash(user.id)).not.toBe(before);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    const old = await login(email, PASSWORD);
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('Invalid email or password');

    const replay = await post('/api/password/reset', { token, password: 'yet-another-password' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().fieldErrors).toHaveProperty('token');
    expect((await login(email, 'yet-another-password')).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a reset link expires after 1 hour', async () => {
    const { email } = await signUpVerified(t);
    const fresh = await resetToken(email);
    const stale = await resetToken(email);
    t.clock.advance(59 * MINUTE);
    expect((await post('/api/password/reset', { token: fresh, password: NEW_PASSWORD })).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);
    const late = await post('/api/password/reset', { token: stale, password: 'too-late-password' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/invalid or has expired/);
    expect((await login(email, 'too-late-password')).statusCode).toBe(401);
  });

  it('an unknown or garbage reset token is 400, and a short new password gives the spec text', async () => {
    const bad = await post('/api/password/reset', { token: 'no-such-token', password: NEW_PASSWORD });
    expect(bad.statusCode).toBe(400);
    const { email } = await signUpVerified(t);
    const token = await resetToken(email);
    const short = await post('/api/password/reset', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({ password: 'Password must be at least 8 characters' });
    // The refused attempt did not use the token up.
    expect((await post('/api/password/reset', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('a reset ends every session of that user (and only that user)', async () => {
    const { email, cookie } = await signUpVerified(t);
    const other = sessionCookie(await login(email, PASSWORD));
    const bystander = await signUpVerified(t);
    const token = await resetToken(email);
    expect((await post('/api/password/reset', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(bystander.cookie)).statusCode).toBe(200);
  });

  it('change password: wrong current password → 400 with fieldErrors.currentPassword, nothing changes', async () => {
    const { email, cookie, user } = await signUpVerified(t);
    const before = await storedHash(user.id);
    const res = await post('/api/password/change', { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('currentPassword');
    expect(typeof res.json().fieldErrors.currentPassword).toBe('string');
    expect(await storedHash(user.id)).toBe(before);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('change password needs a session (401) and a long enough new password (400)', async () => {
    const anon = await post('/api/password/change', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(anon.statusCode).toBe(401);
    const { cookie } = await signUpVerified(t);
    const short = await post('/api/password/change', { currentPassword: PASSWORD, newPassword: 'short' }, cookie);
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({ newPassword: 'Password must be at least 8 characters' });
  });

  it('change password keeps the current session, ends the others, and swaps the passwords', async () => {
    const { email, cookie } = await signUpVerified(t);
    const other = sessionCookie(await login(email, PASSWORD));
    const res = await post('/api/password/change', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, cookie);
    expect(res.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    // The owner is told, in case it was not them.
    expect(mailsTo(email).at(-1)?.text).toMatch(/reset your password/i);
  });

  it('stores passwords as argon2id hashes, never in clear, also after a reset and a change', async () => {
    const { email, cookie, user } = await signUpVerified(t);
    const initial = await storedHash(user.id);
    expect(initial.startsWith('$argon2id$')).toBe(true);
    expect(initial).not.toContain(PASSWORD);
    await post('/api/password/change', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, cookie);
    const changed = await storedHash(user.id);
    expect(changed.startsWith('$argon2id$')).toBe(true);
    expect(changed).not.toBe(initial);
    const token = await resetToken(email);
    await post('/api/password/reset', { token, password: 'third-password-here' });
    const reset = await storedHash(user.id);
    expect(reset.startsWith('$argon2id$')).toBe(true);
    expect(reset).not.toBe(changed);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { PASSWORD, signUpVerified, uniqueEmail } from '../../../../tests/helpers/accounts';
import { createTestApp, lastLink, type TestApp } from '../../../../tests/helpers/test-app';
import { users } from '../../db/schema';

const VERIFY_LINK = /\/api\/verify-email\?token=[\w-]+/;
const HOUR = 60 * 60_000;
const DUPLICATE = 'An account with this email already exists';

describe.each(backends)('e-mail verification on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const register = (email: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/register', payload: { email, password: PASSWORD, firstName: 'Vera', lastName: 'Fied', ...extra } });
  const follow = (url: string) => t.app.inject({ method: 'GET', url });
  const resend = (email: string) => t.app.inject({ method: 'POST', url: '/api/verify-email/resend', payload: { email } });
  const login = (email: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
  const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);

  it('sends a verification link at registration; following it verifies and redirects to /auth?verified=true', async () => {
    const email = uniqueEmail();
    const res = await register(email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, emailVerified: false, role: null });
    expect(res.json()).not.toHaveProperty('verificationToken');
    const link = lastLink(t.mailer, email, VERIFY_LINK);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row.verificationToken).not.toBe(link.split('token=')[1]); // only a hash is kept
    const ok = await follow(link);
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/auth?verified=true');
    expect((await login(email)).statusCode).toBe(200);
    // The link is single-use.
    expect((await follow(link)).headers.location).toBe('/auth?verified=false');
  });

  it.each([
    ['a made-up token', '/api/verify-email?token=made-up-token'],
    ['no token', '/api/verify-email'],
    ['an empty token', '/api/verify-email?token='],
    ['a repeated token', '/api/verify-email?token=a&token=b'],
    ['a huge token', `/api/verify-email?token=${'x'.repeat(5000)}`],
  ])('redirects %s to /auth?verified=false', async (_name, url) => {
    const res = await follow(url);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?verified=false');
  });

  it('an expired link (older than 24 hours) redirects to verified=false and the account stays unverified', async () => {
    const email = uniqueEmail();
    await register(email);
    const link = lastLink(t.mailer, email, VERIFY_LINK);
    t.clock.advance(24 * HOUR + 60_000);
    expect((await follow(link)).headers.location).toBe('/auth?verified=false');
    expect((await login(email)).statusCode).toBe(403);
  });

  it('a link still works just before 24 hours', async () => {
    const email = uniqueEmail();
    await register(email);
    const link = lastLink(t.mailer, email, VERIFY_LINK);
    t.clock.advance(23 * HOUR);
    expect((await follow(link)).headers.location).toBe('/auth?verified=true');
  });

  it('resend answers 200 alike for unknown, verified and unverified addresses; only the unverified one gets mail', async () => {
    const unknown = uniqueEmail('ghost');
    const { email: verified } = await signUpVerified(t);
    const unverified = uniqueEmail();
    await register(unverified);
    const mailsBefore = t.mailer.sent.length;

    const a = await resend(unknown);
    const b = await resend(verified);
    expect(t.mailer.sent.length).toBe(mailsBefore);
    const c = await resend(unverified);
    for (const res of [a, b, c]) expect(res.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(c.json()).toEqual(a.json());
    expect(t.mailer.sent.length).toBe(mailsBefore + 1);
    expect(mailsTo(unverified)).toHaveLength(2);
    expect(mailsTo(unknown)).toHaveLength(0);
  });

  it('resend after expiry gives a new link that works', async () => {
    const email = uniqueEmail();
    await register(email);
    const first = lastLink(t.mailer, email, VERIFY_LINK);
    t.clock.advance(25 * HOUR);
    expect((await follow(first)).headers.location).toBe('/auth?verified=false');
    expect((await resend(email.toUpperCase())).statusCode).toBe(200);
    const second = lastLink(t.mailer, email, VERIFY_LINK);
    expect(second).not.toBe(first);
    expect((await follow(second)).headers.location).toBe('/auth?verified=true');
    expect((await login(email)).statusCode).toBe(200);
  });

  it('resend with a malformed address is 400', async () => {
    const res = await resend('nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: 'Invalid email address' });
  });

  it('a duplicate registration is 409 with the spec message, whatever the case of the address', async () => {
    const email = uniqueEmail('dupe');
    expect((await register(email)).statusCode).toBe(201);
    const mailsBefore = mailsTo(email).length;
    for (const variant of [email, email.toUpperCase(), `  ${email.replace(/^d/, 'D')}  `]) {
      const res = await register(variant, { firstName: 'Other' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(DUPLICATE);
    }
    expect(mailsTo(email)).toHaveLength(mailsBefore);
    const rows = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0].firstName).toBe('Vera');
  });

  it('stores addresses in lower case, so sign-in works with any case', async () => {
    const local = `Mixed.Case.${Date.now().toString(36)}`;
    const res = await register(`${local}@Example.COM`);
    expect(res.statusCode).toBe(201);
    const email = `${local.toLowerCase()}@example.com`;
    expect(res.json().email).toBe(email);
    await follow(lastLink(t.mailer, email, VERIFY_LINK));
    expect((await login(`${local}@EXAMPLE.com`)).statusCode).toBe(200);
  });
});

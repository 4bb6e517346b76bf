import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { PASSWORD, signUpVerified, uniqueEmail } from '../../../../tests/helpers/accounts';
import { createTestApp, lastLink, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';

describe.each(backends)('accounts API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers, verifies through the e-mailed link, signs in and reads the current user', async () => {
    const { cookie, email } = await signUpVerified(t);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body).toMatchObject({ email, role: null, profileCompleted: false, emailVerified: true, lawyerProfile: null, mediatorProfile: null });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('verificationToken');
  });

  it('refuses sign-in before verification (403) and with a wrong password (401)', async () => {
    const email = uniqueEmail();
    await t.app.inject({ method: 'POST', url: '/api/register', payload: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } });
    const early = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
    expect(early.statusCode).toBe(403);
    const link = lastLink(t.mailer, email, /\/api\/verify-email\?token=[\w-]+/);
    await t.app.inject({ method: 'GET', url: link });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
    const ok = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(sessionCookie(ok)).toMatch(/^sid=/);
  });

  it('reports the spec texts for bad registration input', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { email: 'nope', password: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters',
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });
});

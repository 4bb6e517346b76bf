import type { TestApp } from './test-app';
import { lastLink, sessionCookie } from './test-app';

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++counter}@example.com`;

export const PASSWORD = 'correct-horse-battery';

/** Registers, follows the e-mailed verification link and signs in; returns the session cookie. */
export async function signUpVerified(t: TestApp, overrides: { email?: string; firstName?: string; lastName?: string } = {}) {
  const email = overrides.email ?? uniqueEmail();
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { email, password: PASSWORD, firstName: overrides.firstName ?? 'Test', lastName: overrides.lastName ?? 'User' },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const link = lastLink(t.mailer, email, /\/api\/verify-email\?token=[\w-]+/);
  const verify = await t.app.inject({ method: 'GET', url: link });
  if (verify.headers.location !== '/auth?verified=true') throw new Error(`verify failed: ${verify.headers.location}`);
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { email, cookie: sessionCookie(login), user: reg.json() as { id: string } };
}

/** A signed-in account: its e-mail, session cookie and user id. */
export type Account = Awaited<ReturnType<typeof signUpVerified>>;

export async function signUpLawyer(t: TestApp, profile: Record<string, unknown> = {}) {
  const account = await signUpVerified(t, { firstName: 'Lena', lastName: 'Lawyer' });
  await expectOk(t, 'PATCH', '/api/user/role', account.cookie, { role: 'lawyer' });
  await expectOk(t, 'POST', '/api/profile/lawyer', account.cookie, { jurisdiction: 'California', firmName: 'Firm LLP', ...profile });
  return account;
}

export async function signUpMediator(t: TestApp, profile: Record<string, unknown> = {}) {
  const account = await signUpVerified(t, { firstName: 'Max', lastName: 'Mediator' });
  await expectOk(t, 'PATCH', '/api/user/role', account.cookie, { role: 'mediator' });
  await expectOk(t, 'POST', '/api/profile/mediator', account.cookie, {
    jurisdiction: 'California',
    hourlyRate: 300,
    specializations: ['Family Law'],
    ...profile,
  });
  return account;
}

async function expectOk(t: TestApp, method: 'POST' | 'PATCH', url: string, cookie: string, payload: unknown) {
  const res = await t.app.inject({ method, url, headers: { cookie }, payload: payload as object });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} failed: ${res.statusCode} ${res.body}`);
  return res;
}

/** Sessions lapse while the test clock moves on by days: sign in again; returns the new session cookie. */
export async function signIn(t: TestApp, email: string): Promise<string> {
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  return sessionCookie(login);
}

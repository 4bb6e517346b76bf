import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { PASSWORD, signUpVerified } from '../../../../tests/helpers/accounts';
import { createTestApp, lastLink, type TestApp } from '../../../../tests/helpers/test-app';

// A password change or a completed reset revokes every outstanding reset link of that user (RULES.md 7: links are
// single-use; an older e-mail must not undo the password chosen since).

const RESET_LINK = /\/reset-password\?token=[\w-]+/;

describe.each(backends)('reset links are revoked on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: object, cookie?: string) => t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const login = (email: string, password: string) => post('/api/login', { email, password });
  const reset = (token: string, password: string) => post('/api/password/reset', { token, password });

  async function resetToken(email: string): Promise<string> {
    expect((await post('/api/password/forgot', { email })).statusCode).toBe(200);
    return lastLink(t.mailer, email, RESET_LINK).split('token=')[1];
  }

  function expectRefused(res: Awaited<ReturnType<typeof post>>) {
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('token');
    expect(res.json().message).toMatch(/invalid or has expired/);
  }

  it('a link issued before a password change no longer works after it', async () => {
    const { email, cookie } = await signUpVerified(t);
    const before = await resetToken(email);
    const change = await post('/api/password/change', { currentPassword: PASSWORD, newPassword: 'changed-password-1' }, cookie);
    expect(change.statusCode).toBe(200);
    expectRefused(await reset(before, 'attacker-password-1'));
    expect((await login(email, 'attacker-password-1')).statusCode).toBe(401);
    expect((await login(email, 'changed-password-1')).statusCode).toBe(200);
    // A link asked for after the change works (once).
    const after = await resetToken(email);
    expect((await reset(after, 'after-change-password')).statusCode).toBe(200);
    expectRefused(await reset(after, 'replayed-password-1'));
    expect((await login(email, 'after-change-password')).statusCode).toBe(200);
  });

  it('a completed reset revokes the other links issued beside it, older and newer', async () => {
    const { email } = await signUpVerified(t);
    const first = await resetToken(email);
    const second = await resetToken(email);
    const third = await resetToken(email);
    expect(new Set([first, second, third]).size).toBe(3);
    expect((await reset(second, 'chosen-with-second')).statusCode).toBe(200);
    expectRefused(await reset(first, 'chosen-with-first'));
    expectRefused(await reset(third, 'chosen-with-third'));
    expectRefused(await reset(second, 'second-again-pass'));
    expect((await login(email, 'chosen-with-second')).statusCode).toBe(200);
  });

  it("one user's change or reset leaves other users' links working", async () => {
    const alice = await signUpVerified(t);
    const bob = await signUpVerified(t);
    const bobsLink = await resetToken(bob.email);
    const alicesLink = await resetToken(alice.email);
    await post('/api/password/change', { currentPassword: PASSWORD, newPassword: 'alice-new-password' }, alice.cookie);
    expectRefused(await reset(alicesLink, 'alice-other-password'));
    expect((await reset(bobsLink, 'bob-new-password')).statusCode).toBe(200);
    expect((await login(bob.email, 'bob-new-password')).statusCode).toBe(200);
  });

  it('two links of one user used at the same moment: exactly one reset wins', async () => {
    const { email } = await signUpVerified(t);
    const a = await resetToken(email);
    const b = await resetToken(email);
    const [ra, rb] = await Promise.all([reset(a, 'racing-password-a'), reset(b, 'racing-password-b')]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 400]);
    const winner = ra.statusCode === 200 ? 'racing-password-a' : 'racing-password-b';
    expect((await login(email, winner)).statusCode).toBe(200);
  });
});

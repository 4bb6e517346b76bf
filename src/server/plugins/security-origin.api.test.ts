import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../tests/helpers/backends';
import { signUpVerified } from '../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// RULES.md 7: an Origin header on a state-changing call must be the app's configured origin (PUBLIC_URL). The Host
// header is the caller's to choose (DNS rebinding, a second name pointing at the server), so it proves nothing.

describe.each(backends)('origin check and CSP on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { env: { PUBLIC_URL: 'https://app.mediate.example' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const logout = (cookie: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, ...headers } });
  const signedIn = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode === 200;

  it.each([
    ['http://evil.example', 'evil.example'],
    ['http://rebound.attacker.test:3000', 'rebound.attacker.test:3000'],
    ['http://localhost', 'localhost'],
    ['http://127.0.0.1:3000', '127.0.0.1:3000'],
    ['http://app.mediate.example', 'app.mediate.example'], // our host name, but not our scheme
  ])('refuses Origin %s even when the Host header is %s', async (origin, host) => {
    const { cookie } = await signUpVerified(t);
    const res = await logout(cookie, { origin, host });
    expect(res.statusCode).toBe(403);
    // The contract's message, and which origin the server expected (issue 22).
    expect(res.json()).toEqual({ message: 'Cross-site request refused', code: 'cross_site', expectedOrigin: 'https://app.mediate.example' });
    expect(await signedIn(cookie)).toBe(true);
  });

  it('accepts the configured origin whatever the Host header (a proxy may rewrite it)', async () => {
    for (const host of ['app.mediate.example', 'internal-backend:3000', 'localhost:3000']) {
      const { cookie } = await signUpVerified(t);
      const res = await logout(cookie, { origin: 'https://app.mediate.example', host });
      expect(res.statusCode, host).toBe(200);
      expect(await signedIn(cookie)).toBe(false);
    }
  });

  it("CSP connect-src allows our own origin ('self'), not WebSockets to any host", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const connect = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src'));
    expect(connect).toBeDefined();
    const sources = connect!.split(/\s+/).slice(1);
    expect(sources).toContain("'self'");
    for (const source of sources) {
      expect(source, connect).not.toMatch(/^(ws|wss|http|https):?$/i); // bare schemes allow every host
      expect(source, connect).not.toContain('*');
    }
  });
});

// Outside production, a loopback PUBLIC_URL also admits its other loopback spellings on the same scheme and port
// (issue 22: opening http://127.0.0.1:3000 while PUBLIC_URL says localhost refused every sign-in).
describe.each(backends)('loopback origins in development on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { env: { PUBLIC_URL: 'http://localhost:3000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])('accepts %s', async (origin) => {
    const { cookie } = await signUpVerified(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin } })).statusCode).toBe(200);
  });

  it.each(['http://127.0.0.1:4000', 'https://127.0.0.1:3000', 'http://localhost', 'http://evil.example:3000'])(
    'refuses %s, naming the origin expected',
    async (origin) => {
      const { cookie } = await signUpVerified(t);
      const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Cross-site request refused', code: 'cross_site', expectedOrigin: 'http://localhost:3000' });
    },
  );
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends } from '../../../tests/helpers/backends';
import { PASSWORD, signUpVerified, uniqueEmail } from '../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

const MINUTE = 60_000;

describe.each(backends)('security on %s', (backend) => {
  describe('cross-site defence, bodies and headers', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(backend);
    });
    afterAll(async () => {
      await t?.close();
    });

    it.each([
      ['POST', '/api/login'],
      ['POST', '/api/logout'],
      ['POST', '/api/register'],
      ['PATCH', '/api/profile'],
      ['PATCH', '/api/notifications/read-all'],
      ['POST', '/api/contact'],
      ['PUT', '/api/files/local-upload/00000000-0000-0000-0000-000000000000'],
      ['DELETE', '/api/anything'],
    ] as const)('refuses %s %s from another origin with 403', async (method, url) => {
      const res = await t.app.inject({ method, url, headers: { origin: 'https://evil.example' }, payload: { email: 'a@b.co' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Cross-site request refused', code: 'cross_site', expectedOrigin: 'http://localhost:3000' });
    });

    it('refuses cross-site before doing anything: a signed-in victim is not logged out', async () => {
      const { cookie } = await signUpVerified(t);
      const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin: 'http://localhost:3000.evil.example' } });
      expect(res.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
      const nullOrigin = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin: 'null' } });
      expect(nullOrigin.statusCode).toBe(403);
    });

    it('accepts the app’s own origin and requests without an Origin header', async () => {
      const { email } = await signUpVerified(t);
      const same = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { origin: 'http://localhost:3000' },
        payload: { email, password: PASSWORD },
      });
      expect(same.statusCode).toBe(200);
      const none = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
      expect(none.statusCode).toBe(200);
      // GETs are not state-changing; a foreign Origin on them is fine.
      expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } })).statusCode).toBe(200);
    });

    it.each([
      ['text/plain', JSON.stringify({ email: 'a@b.co', password: 'whatever-pass' })],
      ['application/x-www-form-urlencoded', 'email=a%40b.co&password=whatever-pass'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--\r\n'],
      ['application/xml', '<login/>'],
    ])('refuses a %s body with 415, never 5xx', async (contentType, body) => {
      for (const url of ['/api/login', '/api/register', '/api/contact', '/api/password/forgot']) {
        const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload: body });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toHaveProperty('message');
      }
    });

    it('refuses invalid JSON with 400', async () => {
      for (const body of ['{"email":', '{email: "a@b.co"}', "{'a':1}", '[1,2', 'undefined']) {
        const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: body });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('The request body is not valid JSON');
      }
    });

    it('POST /api/logout works with an empty body, with or without a JSON content type', async () => {
      for (const headers of [{}, { 'content-type': 'application/json' }, { 'content-type': 'application/json; charset=utf-8' }]) {
        const { cookie } = await signUpVerified(t);
        const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { ...headers, cookie } });
        expect(res.statusCode).toBe(200);
        expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
      }
    });

    it('sends the security headers on API responses', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const framing = /frame-ancestors '(self|none)'/.test(csp) || /^(DENY|SAMEORIGIN)$/i.test(String(res.headers['x-frame-options']));
      expect(framing).toBe(true);
      expect(res.headers['x-powered-by']).toBeUndefined();
      // Plain http here: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
      const err = await t.app.inject({ method: 'GET', url: '/api/nope' });
      expect(err.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('rate limits (on)', () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(backend, { rateLimits: 'on' });
    });
    afterEach(async () => {
      await t?.close();
    });

    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const expect429 = (res: Awaited<ReturnType<typeof post>>) => {
      expect(res.statusCode).toBe(429);
      const retry = Number(res.headers['retry-after']);
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
      expect(res.json().message).toMatch(/too many/i);
    };

    it('allows 10 logins a minute, refuses the 11th with 429 + Retry-After, and allows again after the window', async () => {
      const { email } = await signUpVerified(t); // one login already counted
      for (let i = 0; i < 9; i++) {
        expect((await post('/api/login', { email, password: 'wrong-password' })).statusCode).toBe(401);
      }
      const blocked = await post('/api/login', { email, password: PASSWORD });
      expect429(blocked);
      expect(blocked.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      t.clock.advance(61_000);
      expect((await post('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
    });

    it('refuses the 6th registration from one IP in a minute', async () => {
      for (let i = 0; i < 5; i++) {
        expect((await post('/api/register', { email: uniqueEmail(), password: PASSWORD, firstName: 'R', lastName: 'L' })).statusCode).toBe(201);
      }
      const email = uniqueEmail('sixth');
      expect429(await post('/api/register', { email, password: PASSWORD, firstName: 'R', lastName: 'L' }));
      expect(t.mailer.sent.some((m) => m.to === email)).toBe(false);
      t.clock.advance(61_000);
      expect((await post('/api/register', { email, password: PASSWORD, firstName: 'R', lastName: 'L' })).statusCode).toBe(201);
    });

    it('refuses the 4th forgot-password for one address in a minute, not other addresses', async () => {
      const { email } = await signUpVerified(t);
      const mails = () => t.mailer.sent.filter((m) => m.to === email && m.text.includes('/reset-password')).length;
      for (let i = 0; i < 3; i++) expect((await post('/api/password/forgot', { email })).statusCode).toBe(200);
      expect429(await post('/api/password/forgot', { email }));
      expect429(await post('/api/password/forgot', { email: email.toUpperCase() }));
      expect(mails()).toBe(3);
      expect((await post('/api/password/forgot', { email: uniqueEmail() })).statusCode).toBe(200);
      t.clock.advance(61 * 1000);
      expect((await post('/api/password/forgot', { email })).statusCode).toBe(200);
      expect(mails()).toBe(4);
    });

    it('refuses the 4th verification resend for one address in a minute', async () => {
      const email = uniqueEmail();
      for (let i = 0; i < 3; i++) expect((await post('/api/verify-email/resend', { email })).statusCode).toBe(200);
      expect429(await post('/api/verify-email/resend', { email }));
      t.clock.advance(MINUTE + 1000);
      expect((await post('/api/verify-email/resend', { email })).statusCode).toBe(200);
    });
  });
});

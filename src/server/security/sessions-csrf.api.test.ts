import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, uniqueEmail } from '../../../tests/helpers/accounts';
import { backends } from '../../../tests/helpers/backends';
import { createMatchedRequest } from '../../../tests/helpers/matched';
import { call } from '../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../tests/helpers/test-app';
import { buildApp } from '../app';
import { ONE_CLICK_UNSUBSCRIBE_PATH, STRIPE_WEBHOOK_PATH } from '../http-paths';

// The calls made by other servers, authorised by their own signature or token rather than a session: no Origin check.
const NOT_FROM_BROWSERS = [STRIPE_WEBHOOK_PATH, ONE_CLICK_UNSUBSCRIBE_PATH];
import { ensureAdmin } from '../modules/users/accounts.service';

// Issue 11, family 7 (docs/reliability.md): the cross-site defence on every state-changing route as registered, and
// the security headers on every kind of answer (API, errors, unknown paths, unroutable URLs, redirects, static files,
// the SPA documents, the API docs). Session fixation, replay after logout, suspension and deletion, expiry and the
// cookie flags are in sessions.api.test.ts and session-cache.api.test.ts; tokens in verification, passwords and
// reset-revocation tests (listed in docs/reliability.md).

const PUBLIC_URL = 'https://app.mediate.example';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FOREIGN_ORIGINS = [
  'https://evil.example',
  'null',
  'http://app.mediate.example',
  'https://app.mediate.example.evil.example',
  'https://APP.mediate.example:443x',
];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(backends)('sessions and CSRF on %s', (backend) => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  let admin: string;
  let lawyer: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(backend, { env: { PUBLIC_URL }, onRoute: (route) => routes.push(route) });
    const matched = await createMatchedRequest(t);
    lawyer = matched.lawyer.cookie;
    const email = uniqueEmail('admin');
    await ensureAdmin(t.ctx, email, PASSWORD);
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD }));
    const victim = await signUpLawyer(t);
    ids = { id: matched.id, requestId: matched.id, mediatorId: matched.mediator.user.id, userId: victim.user.id, key: 'k' };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const stateChanging = () =>
    routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => STATE_CHANGING.has(method))
        .map((method) => ({ method, url: route.url })),
    );
  const fill = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? 'x');

  /** Row counts and the newest change of the tables a state change would touch. */
  async function snapshot() {
    const tables = [
      'users',
      'session',
      'mediation_requests',
      'mediator_acceptances',
      'notifications',
      'messages',
      'audit_log',
      'uploads',
      'payments',
      'ledger_entries',
      'disputes',
      'reviews',
      'contact_messages',
      'platform_settings',
      'subscriptions',
    ];
    const existing = rowsOf<{ name: string }>(
      await t.ctx.db.execute(sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`),
    ).map((r) => r.name);
    const out: Record<string, unknown> = {};
    for (const table of tables.filter((name) => existing.includes(name))) {
      out[table] = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0].n;
    }
    out.userRows = rowsOf(await t.ctx.db.execute(sql`SELECT id, role, status, email_verified, anonymized_at, password FROM users ORDER BY id`));
    out.requestRows = rowsOf(await t.ctx.db.execute(sql`SELECT id, status, updated_at FROM mediation_requests ORDER BY id`));
    out.sessionRows = rowsOf(await t.ctx.db.execute(sql`SELECT sid, sess FROM session ORDER BY sid`));
    return out;
  }

  it('every state-changing route refuses a foreign Origin with 403 before doing anything, for an admin and a lawyer', async () => {
    const list = stateChanging();
    expect(list.length).toBeGreaterThanOrEqual(45);
    const before = await snapshot();
    const refused: string[] = [];
    const answered: string[] = [];
    for (const { method, url } of list) {
      for (const [who, cookie] of [
        ['admin', admin],
        ['lawyer', lawyer],
        ['anon', undefined],
      ] as const) {
        for (const origin of FOREIGN_ORIGINS) {
          const res = await t.app.inject({
            method: method as 'POST',
            url: fill(url),
            headers: { origin, 'sec-fetch-site': 'cross-site', ...(cookie ? { cookie } : {}) },
            payload: { role: 'mediator', status: 'suspended', reason: 'x', content: 'x', email: 'x@example.com', password: PASSWORD },
          });
          const line = `${who} ${method} ${url} Origin ${origin} → ${res.statusCode} ${res.body.slice(0, 120)}`;
          if (NOT_FROM_BROWSERS.includes(url)) {
            expect(res.statusCode, line).not.toBe(403); // signed by Stripe or by us, checked by that instead
            expect(res.statusCode, line).toBeLessThan(500);
            answered.push(line);
          } else if (res.statusCode === 403 && res.json().code === 'cross_site') refused.push(line);
          else answered.push(line);
        }
      }
    }
    // Only those answer a cross-site call; everything else is refused and nothing changed anywhere.
    expect(answered.filter((line) => !NOT_FROM_BROWSERS.some((path) => line.includes(` ${path} `)))).toEqual([]);
    expect(refused.length).toBe((list.length - NOT_FROM_BROWSERS.length) * 3 * FOREIGN_ORIGINS.length);
    expect(await snapshot()).toEqual(before);
  });

  it('GET /api/logout from another site (Sec-Fetch-Site) only redirects: the session survives; from our pages it ends', async () => {
    const victim = await signUpLawyer(t);
    const user = () => call(t, 'GET', '/api/user', victim.cookie);
    for (const site of ['cross-site', 'same-site']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: victim.cookie, 'sec-fetch-site': site } });
      expect([res.statusCode, res.headers.location], site).toEqual([302, '/']);
      expect(String(res.headers['set-cookie'] ?? ''), site).toBe('');
      expect((await user()).statusCode, site).toBe(200);
    }
    const own = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: victim.cookie, 'sec-fetch-site': 'same-origin' } });
    expect([own.statusCode, own.headers.location]).toEqual([302, '/']);
    expect((await user()).statusCode).toBe(401);
  });

  it('the configured origin is let through (the same calls reach their handlers)', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie: lawyer, origin: PUBLIC_URL }, payload: { firstName: 'Lina' } });
    expect(res.statusCode, res.body).toBe(200);
    const user = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: lawyer } });
    expect(user.json().firstName).toBe('Lina');
  });

  it('every documented state-changing operation declares the 403 the Origin check answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const missing: string[] = [];
    for (const [p, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (STATE_CHANGING.has(method.toUpperCase()) && !NOT_FROM_BROWSERS.includes(p) && !operation.responses['403']) missing.push(`${method} ${p}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

/** The headers every answer carries, whatever produced it. */
function expectSecurityHeaders(res: LightMyRequestResponse, what: string, https: boolean) {
  const detail = `${what} → ${res.statusCode}`;
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp, detail).toMatch(/default-src 'self'/);
  expect(csp, detail).toMatch(/frame-ancestors '(self|none)'/);
  expect(csp, detail).toMatch(/object-src 'none'/);
  expect(res.headers['x-content-type-options'], detail).toBe('nosniff');
  expect(String(res.headers['x-frame-options']), detail).toMatch(/^(DENY|SAMEORIGIN)$/i);
  expect(String(res.headers['referrer-policy']), detail).toMatch(/no-referrer|strict-origin|same-origin/);
  expect(res.headers['cross-origin-opener-policy'], detail).toBe('same-origin');
  expect(res.headers['x-powered-by'], detail).toBeUndefined();
  if (https) {
    const hsts = String(res.headers['strict-transport-security'] ?? '');
    expect(hsts, detail).toMatch(/max-age=(\d+)/);
    expect(Number(hsts.match(/max-age=(\d+)/)![1]), detail).toBeGreaterThanOrEqual(15_552_000); // 180 days
  } else {
    expect(res.headers['strict-transport-security'], detail).toBeUndefined();
  }
}

describe.each([
  ['https (production)', 'https://app.mediate.example'],
  ['http (local)', 'http://localhost:3000'],
])('security headers on every kind of answer, served over %s', (_name, publicUrl) => {
  const https = publicUrl.startsWith('https:');
  let t: TestApp;
  let app: FastifyInstance;
  let clientRoot: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { PUBLIC_URL: publicUrl } });
    // A second app on the same context, serving a built client from a folder of our own.
    clientRoot = mkdtempSync(path.join(os.tmpdir(), 'mediate-client-'));
    mkdirSync(path.join(clientRoot, 'assets'));
    writeFileSync(path.join(clientRoot, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(clientRoot, 'landing.html'), '<!doctype html><title>landing</title>');
    writeFileSync(path.join(clientRoot, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(clientRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await buildApp(t.ctx, { clientRoot });
    await app.ready();
    cookie = (await signUpLawyer(t)).cookie;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await t?.close();
    rmSync(clientRoot, { recursive: true, force: true });
  });

  const cases: [string, () => Promise<LightMyRequestResponse>][] = [
    ['GET /api/health (200)', () => app.inject({ method: 'GET', url: '/api/health' })],
    ['GET /api/user signed in (200)', () => app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })],
    ['GET /api/user signed out (401)', () => app.inject({ method: 'GET', url: '/api/user' })],
    ['GET /api/admin/users as a lawyer (403)', () => app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })],
    ['GET an unknown /api path (404)', () => app.inject({ method: 'GET', url: '/api/nothing-here' })],
    [
      'GET /api/requests/{unknown id} (404)',
      () => app.inject({ method: 'GET', url: '/api/requests/00000000-0000-4000-8000-000000000000', headers: { cookie } }),
    ],
    ['an unroutable URL: a lone surrogate in the path (404)', () => app.inject({ method: 'GET', url: '/api/requests/%ED%A0%80', headers: { cookie } })],
    [
      'an unroutable URL: a path parameter over 100 characters (404)',
      () => app.inject({ method: 'GET', url: `/api/requests/${'x'.repeat(300)}`, headers: { cookie } }),
    ],
    [
      'POST /api/login with bad JSON (400)',
      () => app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{' }),
    ],
    ['POST /api/login as text/plain (415)', () => app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'text/plain' }, payload: 'x' })],
    ['POST /api/login over 1 MB (413)', () => app.inject({ method: 'POST', url: '/api/login', payload: { email: 'x'.repeat(1_100_000) } })],
    ['POST /api/logout cross-site (403)', () => app.inject({ method: 'POST', url: '/api/logout', headers: { origin: 'https://evil.example' } })],
    ['DELETE on a GET-only path (404)', () => app.inject({ method: 'DELETE', url: '/api/health' })],
    ['GET /api/logout (302)', () => app.inject({ method: 'GET', url: '/api/logout' })],
    ['GET /api/verify-email (302)', () => app.inject({ method: 'GET', url: '/api/verify-email?token=nope' })],
    ['GET /api/docs/json', () => app.inject({ method: 'GET', url: '/api/docs/json' })],
    ['GET / (the landing document)', () => app.inject({ method: 'GET', url: '/' })],
    ['GET /requests (the SPA document)', () => app.inject({ method: 'GET', url: '/requests' })],
    ['GET a built asset', () => app.inject({ method: 'GET', url: '/assets/app-1234.js' })],
    ['GET a static file', () => app.inject({ method: 'GET', url: '/favicon.svg' })],
    ['GET a missing static file (404)', () => app.inject({ method: 'GET', url: '/assets/missing.js' })],
    ['GET an unroutable non-API URL', () => app.inject({ method: 'GET', url: '/%ED%A0%80' })],
  ];

  it.each(cases)('%s', async (what, send) => {
    const res = await send();
    expect(res.statusCode, what).toBeLessThan(500);
    expectSecurityHeaders(res, what, https);
  });

  it('an unroutable URL is our 404 body, not the router’s own', async () => {
    for (const url of ['/api/requests/%ED%A0%80', `/api/requests/${'é'.repeat(101)}`, '/api/payments/%E0%A4%A']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: expect.any(String), code: 'not_found' });
    }
    // A parameter of exactly 100 characters still reaches its route (which refuses the malformed id itself).
    const atLimit = await app.inject({ method: 'GET', url: `/api/requests/${'x'.repeat(100)}`, headers: { cookie } });
    expect(atLimit.statusCode).toBe(404);
    expect(atLimit.json().message).not.toMatch(/unroutable/);
  });
});

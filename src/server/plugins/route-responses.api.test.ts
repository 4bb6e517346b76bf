import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { $ZodObject, $ZodType } from 'zod/v4/core';
import { signUpLawyer, signUpMediator } from '../../../tests/helpers/accounts';
import { backends } from '../../../tests/helpers/backends';
import { call, createLiveRequest, setTier } from '../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { compileWriter, zodOf } from './response-serializer';

// DESIGN 4: every route declares its response schema. The route table is collected as the app registers it, so a new
// /api route without a schema for its success answer fails here; the served OpenAPI then shows every response shape.

const isZod = (value: unknown): value is $ZodType => value instanceof $ZodType;

/** What is wrong with one route's `response`, or nothing. */
function responseProblems(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>): string[] {
  const name = `${String(route.method)} ${route.url}`;
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (!response || typeof response !== 'object') return [`${name}: no response schema`];
  const problems: string[] = [];
  const statuses = Object.keys(response);
  if (!statuses.some((status) => /^[23]\d\d$/.test(status))) problems.push(`${name}: no 2xx/3xx response declared`);
  for (const status of statuses) {
    const value = response[status];
    const content = (value as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
    const schemas = isZod(value) ? [value] : content ? Object.values(content).map((c) => c.schema) : [value];
    if (!schemas.length || !schemas.every(isZod)) problems.push(`${name}: response ${status} is not a zod schema`);
    // Every error answer is the one error body (RULES.md 7), possibly with the contract's extras.
    if (/^4\d\d$/.test(status)) {
      const shape = value instanceof $ZodObject ? value._zod.def.shape : {};
      if (!('message' in shape && 'code' in shape)) problems.push(`${name}: response ${status} is not the error body`);
    }
  }
  return problems;
}

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
/** Only the interactive docs' own routes (hidden from the OpenAPI) may go without. */
const isDocsUi = (route: RouteOptions) => route.url.startsWith('/api/docs') && (route.schema as { hide?: boolean } | undefined)?.hide === true;

describe('route response schemas', () => {
  const routes: RouteOptions[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { onRoute: (route) => routes.push(route) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const apiRoutes = () => routes.filter((r) => (r.url === '/api' || r.url.startsWith('/api/')) && !isDocsUi(r) && methodsOf(r).some((m) => m !== 'HEAD'));

  it('the checker refuses a route without a response schema, without a success status, or with a bare error', () => {
    expect(responseProblems({ method: 'GET', url: '/api/new', schema: {} })).toEqual(['GET /api/new: no response schema']);
    expect(responseProblems({ method: 'GET', url: '/api/new', schema: { response: { 404: {} } } })).toContain('GET /api/new: no 2xx/3xx response declared');
  });

  it('every /api route declares zod schemas for its success and error answers', () => {
    expect(apiRoutes().length).toBeGreaterThan(35);
    expect(apiRoutes().flatMap(responseProblems)).toEqual([]);
  });

  it('every JSON answer is written by a compiled writer, not by the checked fallback (decision 034)', () => {
    const slow: string[] = [];
    for (const route of apiRoutes()) {
      for (const [status, value] of Object.entries((route.schema?.response ?? {}) as Record<string, unknown>)) {
        if (status.startsWith('3')) continue; // redirects have no body
        const content = (value as { content?: Record<string, { schema?: unknown }> }).content;
        // Downloads are streams: Fastify sends them as they are, no writer runs.
        const schemas = content
          ? Object.entries(content)
              .filter(([type]) => type.includes('json'))
              .map(([, c]) => c.schema)
          : [value];
        for (const schema of schemas) {
          const zod = zodOf(schema);
          if (zod && !compileWriter(zod, String(route.method), route.url).fast) slow.push(`${String(route.method)} ${route.url} ${status}`);
        }
      }
    }
    expect(slow).toEqual([]);
  });

  it('the served OpenAPI shows the response shapes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    type Operation = { responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }> };
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const json = (path: string, method: string, status: string) => doc.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;

    // Every documented operation shows its success answer: a body's content, or a described bodyless redirect.
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const success = Object.entries(operation.responses).filter(([status]) => /^[23]\d\d$/.test(status));
        expect(success.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, answer] of success) {
          const shown = answer.content
            ? Object.values(answer.content).every((c) => Object.keys(c.schema).length > 0)
            : status.startsWith('3') && answer.description !== 'Default Response';
          expect(shown, `${method} ${path} ${status}`).toBe(true);
        }
      }
    }

    const user = json('/api/user', 'get', '200');
    expect(user).toMatchObject({ type: 'object', properties: { email: { type: 'string' }, lawyerProfile: { nullable: true } } });
    expect((user as { required: string[] }).required).toEqual(expect.arrayContaining(['id', 'role', 'lawyerProfile', 'mediatorProfile', 'impersonatedBy']));
    expect(json('/api/register', 'post', '201')).toMatchObject({ type: 'object', properties: { id: { type: 'string', format: 'uuid' } } });
    expect(json('/api/requests', 'get', '200')).toMatchObject({
      type: 'array',
      items: { type: 'object', properties: { budget: { type: 'string' }, status: { enum: expect.arrayContaining(['draft', 'matched']) } } },
    });
    expect(json('/api/requests', 'post', '201')).toMatchObject({ type: 'object', properties: { mediatorPayout: { type: 'string' } } });
    expect(json('/api/requests/{id}/pending-acceptances', 'get', '200')).toMatchObject({
      type: 'array',
      items: { properties: { mediator: { type: 'object' } } },
    });
    expect(json('/api/dashboard', 'get', '200')).toHaveProperty('oneOf');
    expect(json('/api/notifications/unread', 'get', '200')).toMatchObject({ properties: { count: { type: 'integer' } } });
    expect(json('/api/files/upload', 'post', '200')).toMatchObject({ properties: { uploadURL: { type: 'string' }, objectPath: { type: 'string' } } });
    expect(json('/api/payments', 'get', '200')).toMatchObject({ type: 'array', items: { properties: { ledger: { type: 'array' } } } });
    expect(json('/api/settings/public', 'get', '200')).toMatchObject({ properties: { defaultDeposit: { type: 'string' } } });
    expect(json('/api/health', 'get', '200')).toMatchObject({ properties: { status: { type: 'string' } } });

    // Errors: the one error body; the 402 of selecting a mediator adds the client secret and amount.
    expect(json('/api/login', 'post', '401')).toMatchObject({
      properties: { message: { type: 'string' }, code: { type: 'string' } },
      required: ['message', 'code'],
    });
    expect(json('/api/requests/{id}/select-mediator/{mediatorId}', 'post', '402')).toMatchObject({
      required: expect.arrayContaining(['clientSecret', 'amount']),
    });

    // Redirects have no body; a download is binary.
    for (const path of ['/api/logout', '/api/verify-email']) {
      const redirect = doc.paths[path].get.responses['302'];
      expect(redirect.description).toMatch(/redirects/i);
      expect(redirect.content).toBeUndefined();
    }
    expect(doc.paths['/api/files/objects/{id}'].get.responses['200'].content?.['application/pdf']?.schema).toEqual({ type: 'string', format: 'binary' });
  });

  it('answers still pass through their schemas: a bodyless redirect, a 4xx error body, a plain answer', async () => {
    const logout = await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('/');
    const user = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(user.statusCode).toBe(401);
    expect(user.json()).toEqual({ message: 'Not signed in', code: 'unauthenticated' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'nobody' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'bad_request', fieldErrors: expect.any(Object) });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });
});

// The serializer validates every answer and turns a mismatch into a 500: walk the answers other suites barely read
// (with dates, rates and ledger entries filled in) on every backend, whose drivers return dates and numerics their way.
describe.each(backends)('answers match their schemas on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a lawyer and a mediator through a whole mediation get 2xx answers with the documented shapes', async () => {
    const lawyer = await signUpLawyer(t);
    const med = await signUpMediator(t);
    await setTier(t, med.user.id, 'pro');
    const ok = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) => {
      const res = await call(t, method, url, cookie, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json();
    };

    const id = await createLiveRequest(t, lawyer.cookie, { preferredDate: '2026-06-15', trialDate: '2026-09-01', courtInfo: 'Superior Court' });
    const accepted = await ok('POST', `/api/requests/${id}/accept`, med.cookie, { proposedRate: 375, note: 'Available', noConflictConfirmed: true });
    expect(accepted).toMatchObject({ requestId: id, mediatorId: med.user.id, status: 'pending', proposedRate: '375.00', note: 'Available' });
    expect(await ok('GET', '/api/requests/counts', med.cookie)).toEqual({ available: 0, accepted: 1, completed: 0 });
    expect(await ok('GET', '/api/requests/counts', lawyer.cookie)).toEqual({ awaiting_selection: 1 });
    const [mine] = await ok('GET', '/api/requests?view=accepted', med.cookie);
    expect(mine).toMatchObject({
      id,
      preferredDate: '2026-06-15',
      trialDate: '2026-09-01',
      desiredDate: '2026-06-15',
      myAcceptance: { status: 'pending', proposedRate: '375.00' },
    });
    expect(await ok('GET', `/api/requests/${id}/pending-acceptances`, lawyer.cookie)).toMatchObject([
      { mediator: { id: med.user.id, rating: '0.00', hourlyRate: '300.00' } },
    ]);
    expect(await ok('GET', `/api/mediators/${med.user.id}`, lawyer.cookie)).toMatchObject({
      id: med.user.id,
      rating: '0.00',
      hourlyRate: '300.00',
      subscriptionTier: 'pro',
    });
    expect(await ok('GET', `/api/mediators/${med.user.id}/acceptances`, med.cookie)).toMatchObject([
      { requestId: id, request: { id, preferredDate: '2026-06-15', status: 'awaiting_selection' } },
    ]);
    expect(await ok('GET', '/api/dashboard', med.cookie)).toMatchObject({ role: 'mediator', subscriptionTier: 'pro', monthlyMediations: { used: 1 } });

    expect(await ok('POST', `/api/requests/${id}/select-mediator/${med.user.id}`, lawyer.cookie)).toMatchObject({
      status: 'matched',
      selectedMediatorId: med.user.id,
    });
    expect(await ok('GET', '/api/dashboard', lawyer.cookie)).toMatchObject({ role: 'lawyer', activeRequests: 1, matchedMediators: 1 });
    // The lawyer's view lists the charges; the mediator's only what was paid to them (nothing yet).
    for (const [who, kinds] of [
      [lawyer, ['balance_charge', 'deposit_charge']],
      [med, []],
    ] as const) {
      const [payment] = await ok('GET', '/api/payments', who.cookie);
      expect(payment).toMatchObject({ requestId: id, status: 'held', mediatorId: med.user.id });
      expect(payment.ledger.map((e: { kind: string }) => e.kind).sort()).toEqual(kinds);
    }
    const notes = await ok('GET', '/api/notifications', med.cookie);
    expect(notes.length).toBeGreaterThan(0);
    expect(await ok('PATCH', `/api/notifications/${notes[0].id}/read`, med.cookie)).toMatchObject({ id: notes[0].id, isRead: true });
    expect(await ok('PATCH', '/api/notifications/read-all', med.cookie)).toEqual({ updated: notes.length - 1, count: 0 });

    expect(await ok('GET', `/api/requests/${id}/cancellation`, lawyer.cookie)).toMatchObject({
      kind: expect.any(String),
      totalRefund: expect.stringMatching(/^\d+\.\d\d$/),
    });
    const cancelled = await ok('POST', `/api/requests/${id}/cancel`, lawyer.cookie, { reason: 'Settled' });
    expect(cancelled).toMatchObject({
      kind: expect.any(String),
      refundAmount: expect.stringMatching(/^\d+\.\d\d$/),
      request: { id, status: 'cancelled', fullAccess: true },
    });
    expect(cancelled.request).not.toHaveProperty('terms'); // the presented request, never the raw row
  });

  it('readiness answers 503 with its own body when the database is gone', async () => {
    const own = await createTestApp(backend);
    await own.ctx.database.close();
    const res = await own.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', message: 'The database is not reachable' });
    await own.app.close();
  });
});

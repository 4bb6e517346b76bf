import { createHash, randomBytes } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpVerified, uniqueEmail } from '../../../tests/helpers/accounts';
import { backends } from '../../../tests/helpers/backends';
import { createCompletedRequest, createMatchedRequest } from '../../../tests/helpers/matched';
import { call, createLiveRequest, validRequest } from '../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../tests/helpers/test-app';
import { users } from '../db/schema';
import { ensureAdmin } from '../modules/users/accounts.service';
import { awaitSessionInvalidations, SESSION_IDLE_MS } from '../plugins/session';
import { insertSession } from '../plugins/session.repo';
import { type JsonSchema, ODD_STRINGS, PROTOTYPE_KEYS, validArbitrary, WRONG_TYPED } from './schema-arbitrary';

// Issue 11, family 6 (docs/reliability.md): every operation of the served OpenAPI description (GET /api/docs/json) is
// called with valid and invalid bodies, path parameters and queries by signed-in callers of every role, with the ids
// of objects that exist. Property: no answer is a 5xx, every status is one the route declares, and every JSON answer
// conforms to the schema the description gives for that status. Deterministic: a fixed seed per operation.

const SEED = 110_006;
/**
 * Cases per operation. `npm test` draws 40 (84 operations × 40 = 3,360 requests per backend, under a minute);
 * `npm run test:deep` draws 250 (21,000 requests per backend, about 5 minutes each).
 */
const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES_PER_OPERATION ?? 40);
const PUBLIC_ORIGIN = 'http://localhost:3000';

type Role = 'anon' | 'fresh' | 'lawyer' | 'mediator' | 'admin';
const SIGNED_IN: Role[] = ['fresh', 'lawyer', 'mediator', 'admin'];

interface Operation {
  method: string;
  path: string;
  parameters?: { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

/** Operations whose valid call ends, replaces or turns the caller's session: they get a session minted for the call. */
const SESSION_OPERATIONS = new Set([
  'POST /api/login',
  'POST /api/logout',
  'GET /api/logout',
  'PATCH /api/user/role',
  'POST /api/password/change',
  'POST /api/admin/impersonate/{userId}',
  'POST /api/admin/impersonate/stop',
]);

type BodyMode =
  | 'valid'
  | 'missingField'
  | 'wrongType'
  | 'oddString'
  | 'oddEverywhere'
  | 'extraKeys'
  | 'prototypeKeys'
  | 'notAnObject'
  | 'malformedJson'
  | 'emptyJson'
  | 'wrongContentType'
  | 'invalidUtf8'
  | 'rawNul'
  | 'oversize'
  | 'none';

const BODY_MODES: { weight: number; arbitrary: fc.Arbitrary<BodyMode> }[] = (
  [
    ['valid', 24],
    ['missingField', 8],
    ['wrongType', 10],
    ['oddString', 12],
    ['oddEverywhere', 6],
    ['extraKeys', 4],
    ['prototypeKeys', 5],
    ['notAnObject', 4],
    ['malformedJson', 5],
    ['emptyJson', 5],
    ['wrongContentType', 7],
    ['invalidUtf8', 3],
    ['rawNul', 3],
    ['oversize', 1],
    ['none', 3],
  ] as const
).map(([mode, weight]) => ({ weight, arbitrary: fc.constant(mode as BodyMode) }));

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  '{"a":"\\x00"}',
  '{"a":1}{"b":2}',
  '\u0000{}',
  '{"a":"\\ud800"',
  '{"a":NaN}',
  '{"a":01}',
];
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'application/jsonx',
  'application/vnd.api+json',
  '*/*',
  'application/octet-stream',
];
const NOT_OBJECTS = ['[]', '"text"', '0', 'null', 'true', '[{"a":1}]', '1e999', '-0'];

interface Draw {
  role: Role;
  bodyMode: BodyMode;
  body: unknown;
  pick: number;
  odd: string;
  wrong: unknown;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  queryMode: 'valid' | 'odd' | 'repeated' | 'prototype';
  withOrigin: boolean;
}

/** Percent-encodes anything, lone surrogates included (as the bytes of an invalid UTF-8 sequence). */
function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return Array.from(value, (ch) => (/^[\ud800-\udfff]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

/**
 * OpenAPI 3.0's `nullable: true` beside an `enum` admits null (the 3.0.3 reading every generator follows); Ajv wants
 * null listed in the enum itself, so it is added before compiling.
 */
function nullableEnums(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableEnums);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === 'enum' ? v : nullableEnums(v)])) as JsonSchema;
  if (copy.nullable && copy.enum && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
  return copy;
}

const rowsOfIds = (body: unknown): string[] => {
  const found: string[] = [];
  const walk = (value: unknown, depth: number) => {
    if (depth > 3 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((v) => walk(v, depth + 1));
    const record = value as Record<string, unknown>;
    if (typeof record.id === 'string') found.push(record.id);
    for (const v of Object.values(record)) if (typeof v === 'object') walk(v, depth + 1);
  };
  walk(body, 0);
  return found;
};

describe.each(backends)('API fuzzing from the served OpenAPI description on %s', (backend) => {
  let t: TestApp;
  let operations: Operation[] = [];
  const cookies: Partial<Record<Role, string>> = {};
  const userIds: Partial<Record<Role, string>> = {};
  const pools: Record<string, string[]> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);

    const matched = await createMatchedRequest(t);
    const completed = await createCompletedRequest(t);
    cookies.lawyer = matched.lawyer.cookie;
    userIds.lawyer = matched.lawyer.user.id;
    cookies.mediator = matched.mediator.cookie;
    userIds.mediator = matched.mediator.user.id;
    const fresh = await signUpVerified(t);
    cookies.fresh = fresh.cookie;
    userIds.fresh = fresh.user.id;
    const adminEmail = uniqueEmail('admin');
    userIds.admin = (await ensureAdmin(t.ctx, adminEmail, PASSWORD)).id;
    cookies.admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: adminEmail, password: PASSWORD }));

    const live = await createLiveRequest(t, matched.lawyer.cookie);
    const draft = (await call(t, 'POST', '/api/requests', matched.lawyer.cookie, validRequest())).json().id as string;
    const disputed = await call(t, 'POST', `/api/requests/${completed.id}/dispute`, completed.lawyer.cookie, { reason: 'The agreed plan was not delivered.' });
    expect(disputed.statusCode, disputed.body).toBe(201);
    await call(t, 'POST', '/api/contact', undefined, { name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'A question.' });
    await call(t, 'POST', '/api/messages', matched.lawyer.cookie, { requestId: matched.id, content: 'Hello there' });
    const upload = await call(t, 'POST', '/api/files/upload', matched.lawyer.cookie, { fileName: 'brief.pdf', size: 1000, purpose: 'brief' });
    expect(upload.statusCode, upload.body).toBe(200);
    const { uploadURL, objectPath } = upload.json() as { uploadURL: string; objectPath: string };

    const victims = [await signUpVerified(t), await signUpVerified(t), await signUpVerified(t)];
    const listed = async (url: string, role: Role) => rowsOfIds((await call(t, 'GET', url, cookies[role])).json());

    pools.request = [matched.id, completed.id, live, draft];
    pools.mediator = [matched.mediator.user.id, completed.mediator.user.id];
    pools.victim = victims.map((v) => v.user.id);
    pools.user = [...pools.victim, matched.lawyer.user.id, matched.mediator.user.id, fresh.user.id, userIds.admin];
    pools.object = [objectPath.split('/').pop()!];
    pools.objectPath = [objectPath];
    pools.uploadKey = [new URL(uploadURL, PUBLIC_ORIGIN).pathname.split('/').pop()!];
    pools.payment = await listed('/api/payments', 'lawyer');
    pools.notification = [...(await listed('/api/notifications', 'mediator')), ...(await listed('/api/notifications', 'lawyer'))];
    pools.dispute = await listed('/api/admin/disputes', 'admin');
    pools.support = await listed('/api/admin/support?handled=all', 'admin');
    if (!pools.support.length) pools.support = await listed('/api/admin/support', 'admin');
    for (const name of ['request', 'payment', 'notification', 'dispute', 'support', 'object', 'uploadKey']) expect(pools[name].length, name).toBeGreaterThan(0);

    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
    );
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  /** Ids a real caller would use, by the name of the path parameter, query parameter or body field. */
  function poolFor(path: string, name: string): string[] {
    if (name === 'id' || name === 'requestId') {
      if (path.startsWith('/api/files/objects')) return pools.object;
      if (path.startsWith('/api/payments')) return pools.payment;
      if (path.startsWith('/api/notifications')) return pools.notification;
      if (path.startsWith('/api/admin/disputes')) return pools.dispute;
      if (path.startsWith('/api/admin/support')) return pools.support;
      if (path.startsWith('/api/mediators')) return pools.mediator;
      return pools.request;
    }
    if (name === 'key') return pools.uploadKey;
    if (name === 'mediatorId') return pools.mediator;
    // Admin actions on users aim at users of their own, never at the callers (who must stay signed in).
    if (name === 'userId' || name === 'userIds') return pools.victim;
    if (name === 'revieweeId' || name === 'actorId' || name === 'targetId') return pools.user;
    if (name === 'mediationBriefUrl' || name === 'caseFilesUrls' || name === 'objectPath' || name === 'profileImageUrl') return pools.objectPath;
    return [];
  }

  function drawsFor(operation: Operation, index: number): Draw[] {
    const ids = (name: string) => poolFor(operation.path, name);
    const bodySchema = operation.requestBody?.content['application/json']?.schema;
    const isAdmin = operation.path.startsWith('/api/admin');
    const roleArb = fc.oneof(
      { weight: 1, arbitrary: fc.constant<Role>('anon') },
      { weight: 1, arbitrary: fc.constant<Role>('fresh') },
      { weight: isAdmin ? 1 : 3, arbitrary: fc.constant<Role>('lawyer') },
      { weight: isAdmin ? 1 : 3, arbitrary: fc.constant<Role>('mediator') },
      { weight: isAdmin ? 8 : 2, arbitrary: fc.constant<Role>('admin') },
    );
    const params: Record<string, fc.Arbitrary<string>> = {};
    const query: Record<string, fc.Arbitrary<string | undefined>> = {};
    for (const parameter of operation.parameters ?? []) {
      const valid = validArbitrary(parameter.schema, ids, parameter.name).map((v) => (v === null || v === undefined ? '' : String(v)));
      const pool = ids(parameter.name);
      const odd = fc.constantFrom(...ODD_STRINGS);
      if (parameter.in === 'path') {
        params[parameter.name] = fc.oneof(
          { weight: pool.length ? 6 : 0, arbitrary: pool.length ? fc.constantFrom(...pool) : fc.constant('x') },
          { weight: 2, arbitrary: valid },
          { weight: 1, arbitrary: fc.uuid() },
          { weight: 3, arbitrary: odd },
        );
      } else if (parameter.in === 'query') {
        query[parameter.name] = fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 5, arbitrary: valid }, { weight: 2, arbitrary: odd });
      }
    }
    const draw: fc.Arbitrary<Draw> = fc.record({
      role: roleArb,
      bodyMode: fc.oneof(...BODY_MODES),
      body: bodySchema ? validArbitrary(bodySchema, ids) : fc.constant({}),
      pick: fc.nat(10_000),
      odd: fc.constantFrom(...ODD_STRINGS),
      wrong: fc.constantFrom(...WRONG_TYPED),
      params: fc.record(params),
      query: fc.record(query),
      queryMode: fc.constantFrom('valid', 'valid', 'valid', 'odd', 'repeated', 'prototype'),
      withOrigin: fc.boolean(),
    });
    return fc.sample(draw, { seed: SEED + index, numRuns: CASES_PER_OPERATION });
  }

  /** The request of one draw: its URL, headers and body as sent on the wire. */
  function build(operation: Operation, d: Draw, cookie: string | undefined): InjectOptions {
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodePart(d.params[name] ?? 'x') || '%20');
    const pairs = Object.entries(d.query).filter((e): e is [string, string] => e[1] !== undefined);
    if (d.queryMode === 'odd' && pairs.length) pairs[d.pick % pairs.length][1] = d.odd;
    if (d.queryMode === 'repeated' && pairs.length) pairs.push([pairs[0][0], d.odd]);
    if (d.queryMode === 'prototype') pairs.push(['__proto__[role]', 'admin'], ['constructor[prototype][polluted]', '1']);
    const search = pairs.map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`).join('&');
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (d.withOrigin) headers.origin = PUBLIC_ORIGIN;

    const hasBody = !!operation.requestBody;
    const mode = !hasBody && d.bodyMode === 'valid' ? 'none' : d.bodyMode;
    const body = (d.body !== null && typeof d.body === 'object' && !Array.isArray(d.body) ? { ...(d.body as object) } : d.body) as unknown;
    const keys = body && typeof body === 'object' ? Object.keys(body) : [];
    const schema = operation.requestBody?.content['application/json']?.schema;
    const keyPool = keys.length ? keys : Object.keys(schema?.properties ?? { field: {} });
    const key = keyPool[d.pick % keyPool.length];
    const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    let payload: string | Buffer | undefined;
    let contentType: string | undefined = 'application/json';
    switch (mode) {
      case 'valid':
        payload = JSON.stringify(body ?? null);
        break;
      case 'missingField': {
        const required = schema?.required ?? keys;
        if (required.length) delete record[required[d.pick % required.length]];
        payload = JSON.stringify(record);
        break;
      }
      case 'wrongType':
        record[key] = d.wrong;
        payload = JSON.stringify(record);
        break;
      case 'oddString':
        record[key] = d.odd;
        payload = JSON.stringify(record);
        break;
      case 'oddEverywhere':
        for (const k of keyPool) record[k] = typeof record[k] === 'object' && Array.isArray(record[k]) ? [d.odd] : d.odd;
        payload = JSON.stringify(record);
        break;
      case 'extraKeys':
        payload = JSON.stringify({
          ...record,
          role: 'admin',
          status: 'approved',
          id: pools.request[0],
          lawyerId: pools.user[0],
          tier: 'unlimited',
          isAdmin: true,
        });
        break;
      case 'prototypeKeys': {
        const inner = JSON.stringify(record).slice(1, -1);
        const poison = PROTOTYPE_KEYS.map((k) => `"${k}":{"role":"admin","polluted":true,"prototype":{"polluted":true}}`).join(',');
        payload = `{${poison}${inner ? `,${inner}` : ''}}`;
        break;
      }
      case 'notAnObject':
        payload = NOT_OBJECTS[d.pick % NOT_OBJECTS.length];
        break;
      case 'malformedJson':
        payload = MALFORMED_JSON[d.pick % MALFORMED_JSON.length];
        break;
      case 'emptyJson':
        payload = '';
        break;
      case 'wrongContentType':
        contentType = WRONG_CONTENT_TYPES[d.pick % WRONG_CONTENT_TYPES.length];
        payload = d.pick % 2 ? JSON.stringify(record) : `${encodePart(key)}=${encodePart(d.odd)}`;
        break;
      case 'invalidUtf8':
        payload = Buffer.concat([Buffer.from(`{"${key}":"`), Buffer.from([0xc3, 0x28, 0xed, 0xa0, 0x80, 0xff, 0xfe]), Buffer.from('"}')]);
        break;
      case 'rawNul':
        payload = JSON.stringify(record).replace(/^\{/, `{"${key}":"a\u0000b",`).replace(/,}$/, '}');
        break;
      case 'oversize':
        payload = JSON.stringify({ ...record, [key]: 'x'.repeat(1_100_000) });
        break;
      case 'none':
        payload = undefined;
        contentType = undefined;
        break;
    }
    if (contentType) headers['content-type'] = contentType;
    return {
      method: operation.method as InjectOptions['method'],
      url: search ? `${path}?${search}` : path,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    };
  }

  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat('date-time', (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s) && !Number.isNaN(Date.parse(s)));
  ajv.addFormat('date', /^\d{4}-\d\d-\d\d$/);
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
  ajv.addFormat('binary', () => true);
  const validators = new Map<string, ValidateFunction>();

  /** What is wrong with one answer, or null. */
  function problemWith(operation: Operation, res: LightMyRequestResponse): string | null {
    if (res.statusCode >= 500) return `server error ${res.statusCode}: ${res.body.slice(0, 300)}`;
    const declared = operation.responses[String(res.statusCode)];
    if (!declared) return `undeclared status ${res.statusCode}: ${res.body.slice(0, 200)}`;
    if (res.statusCode >= 300 && res.statusCode < 400) return res.body.length > 200 ? 'a redirect with a body' : null;
    const contentType = String(res.headers['content-type'] ?? '');
    const json = declared.content?.['application/json'];
    if (!json) {
      if (declared.content && !Object.keys(declared.content).some((type) => contentType.startsWith(type))) return `content type ${contentType} not declared`;
      return null;
    }
    if (!contentType.startsWith('application/json')) return `content type ${contentType} where JSON is declared`;
    const id = `${operation.method} ${operation.path} ${res.statusCode}`;
    let validate = validators.get(id);
    if (!validate) {
      validate = ajv.compile(nullableEnums(json.schema) as object);
      validators.set(id, validate);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      return `unparsable JSON: ${res.body.slice(0, 200)}`;
    }
    if (!validate(parsed)) return `answer does not match its schema: ${ajv.errorsText(validate.errors)}; ${res.body.slice(0, 200)}`;
    return null;
  }

  /** A session of its own for one call that may end or turn it (logout, impersonation, sign-in, a role choice). */
  async function mintSession(role: Role): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = t.ctx.clock.now();
    await insertSession(
      t.ctx.db,
      createHash('sha256').update(token).digest('hex'),
      { userId: userIds[role]!, createdAt: now.toISOString() },
      new Date(now.getTime() + SESSION_IDLE_MS),
    );
    return `sid=${token}`;
  }

  it('every operation, fuzzed by every role: no 5xx, only declared statuses, every JSON answer matching its schema', async () => {
    expect(operations.length).toBeGreaterThan(80);
    const failures = new Map<string, { count: number; example: string }>();
    const byOperation = new Map<string, Record<string, number>>();
    let sent = 0;
    let sessionsLost = 0;
    const timings: [string, number][] = [];
    let generationMs = 0;
    const started = Date.now();

    for (const [index, operation] of operations.entries()) {
      const name = `${operation.method} ${operation.path}`;
      const statuses: Record<string, number> = {};
      byOperation.set(name, statuses);
      const generationStarted = Date.now();
      const draws = drawsFor(operation, index);
      generationMs += Date.now() - generationStarted;
      const operationStarted = Date.now();
      for (const d of draws) {
        const cookie = d.role === 'anon' ? undefined : SESSION_OPERATIONS.has(name) ? await mintSession(d.role) : cookies[d.role];
        const options = build(operation, d, cookie);
        const res = await t.app.inject(options);
        sent++;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        const problem = problemWith(operation, res);
        if (problem) {
          const key = `${name}: ${problem.split(':')[0]} (${res.statusCode})`;
          const seen = failures.get(key) ?? { count: 0, example: '' };
          seen.count++;
          if (!seen.example) {
            seen.example = `${d.role} ${options.method} ${String(options.url).slice(0, 200)} [${d.bodyMode}] ${String(options.payload ?? '').slice(0, 300)} → ${problem}`;
            console.info(`[fuzz ${backend}] problem: ${key}: ${seen.example}`);
          }
          failures.set(key, seen);
        }
        // The one caller without a role stays without one.
        if (name === 'PATCH /api/user/role' && d.role === 'fresh' && res.statusCode === 200) {
          await t.ctx.db.update(users).set({ role: null, profileCompleted: false }).where(eq(users.id, userIds.fresh!));
          await awaitSessionInvalidations(t.ctx);
        }
      }
      timings.push([name, Date.now() - operationStarted]);
      // The callers' own sessions must outlive everything they sent.
      for (const role of SIGNED_IN) {
        const me = await call(t, 'GET', '/api/user', cookies[role]);
        if (me.statusCode !== 200 || me.json().id !== userIds[role]) {
          sessionsLost++;
          failures.set(`${role} lost their session after ${name}`, { count: 1, example: `${me.statusCode} ${me.body.slice(0, 200)}` });
          cookies[role] = await mintSession(role);
        }
      }
    }

    const seconds = (Date.now() - started) / 1000;
    const reached = [...byOperation.entries()].filter(([, s]) => Object.keys(s).some((status) => /^[23]/.test(status)));
    console.info(
      `[fuzz ${backend}] ${sent} requests over ${operations.length} operations in ${seconds.toFixed(1)} s; ` +
        `${reached.length} operations answered 2xx/3xx at least once; sessions lost: ${sessionsLost}; problems: ${failures.size}; drawing the cases took ${(generationMs / 1000).toFixed(1)} s`,
    );
    const totals: Record<string, number> = {};
    for (const statuses of byOperation.values()) for (const [status, n] of Object.entries(statuses)) totals[status] = (totals[status] ?? 0) + n;
    console.info(`[fuzz ${backend}] slowest: ${JSON.stringify(timings.sort((a, b) => b[1] - a[1]).slice(0, 8))}`);
    console.info(`[fuzz ${backend}] statuses: ${JSON.stringify(totals)}`);

    expect([...failures.entries()].map(([key, { count, example }]) => `${key} ×${count}: ${example}`)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(operations.length * CASES_PER_OPERATION);
    // The requests reach the handlers: nearly every operation succeeded at least once for some caller.
    expect(reached.length).toBeGreaterThanOrEqual(Math.floor(operations.length * (CASES_PER_OPERATION >= 200 ? 0.75 : 0.6)));
    // No body merged a prototype key into Object.prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  }, 900_000);

  it('a NUL, a lone surrogate or a huge value in every query parameter of every operation is never a 5xx', async () => {
    // The drawn cases found a NUL in ?search= of /api/admin/users and /api/admin/mediations reaching PostgreSQL (500):
    // every query parameter of every operation gets the values that reach the database worst, deterministically.
    const problems: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => poolFor(operation.path, name)[0] ?? 'x');
      for (const parameter of (operation.parameters ?? []).filter((p) => p.in === 'query')) {
        for (const value of ['\u0000', 'a\u0000b', '%00', '\ud800', 'x'.repeat(5000), "' OR 1=1 --"]) {
          for (const role of ['admin', 'lawyer', 'mediator'] as const) {
            const res = await t.app.inject({
              method: operation.method as 'GET',
              url: `${path}?${parameter.name}=${encodePart(value)}`,
              headers: { cookie: cookies[role] },
            });
            sent++;
            const problem = problemWith(operation, res);
            if (problem) problems.push(`${role} ${operation.method} ${operation.path}?${parameter.name}=${JSON.stringify(value.slice(0, 10))} → ${problem}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  }, 300_000);
});

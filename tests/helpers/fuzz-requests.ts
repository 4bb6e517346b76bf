import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { ODD_STRINGS, PROTOTYPE_KEYS, validArbitrary, WRONG_TYPED } from '../../src/server/security/schema-arbitrary';
import { PUBLIC_ORIGIN, type FuzzWorld, type Operation, type Role } from './fuzz-world';

// The requests of the API fuzzer (src/server/security/openapi-fuzz/): for each operation, cases drawn by fast-check
// with a fixed seed per operation (callers, path ids, queries, bodies valid and broken in every way the wire allows),
// and each case built into the request as sent.

const SEED = 110_006;
/**
 * Cases per operation. `npm test` draws 40 (84 operations × 40 = 3,360 requests per backend, under a minute);
 * `npm run test:deep` draws 250 (21,000 requests per backend, about 5 minutes each).
 */
export const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES_PER_OPERATION ?? 40);

/** Operations whose valid call ends, replaces or turns the caller's session: they get a session minted for the call. */
export const SESSION_OPERATIONS = new Set([
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

export interface Draw {
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
export function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return Array.from(value, (ch) => (/^[\ud800-\udfff]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

/** The cases of one operation (the index of the operation in the description picks the seed). */
export function drawsFor(world: FuzzWorld, operation: Operation, index: number): Draw[] {
  const ids = (name: string) => world.poolFor(operation.path, name);
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const isAdmin = operation.path.startsWith('/api/admin');
  const roleArb = fc.oneof(
    { weight: 1, arbitrary: fc.constant<Role>('anon') },
    { weight: 1, arbitrary: fc.constant<Role>('fresh') },
    { weight: isAdmin ? 1 : 3, arbitrary: fc.constant<Role>('lawyer') },
    { weight: isAdmin ? 1 : 3, arbitrary: fc.constant<Role>('mediator') },
    { weight: isAdmin ? 8 : 2, arbitrary: fc.constant<Role>('admin') },
    { weight: isAdmin ? 1 : 2, arbitrary: fc.constant<Role>('opposing') },
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
export function buildRequest(world: FuzzWorld, operation: Operation, d: Draw, cookie: string | undefined): InjectOptions {
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
        id: world.pools.request[0],
        lawyerId: world.pools.user[0],
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

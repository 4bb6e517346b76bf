import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { PASSWORD, signUpLawyer, signUpMediator, signUpVerified, uniqueEmail } from '../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Wrong bodies of every kind on every accounts endpoint: always a 4xx with a JSON message, never a 5xx (RULES.md 7).

type Who = 'anon' | 'fresh' | 'lawyer' | 'mediator';
interface Endpoint {
  method: 'POST' | 'PATCH';
  url: string;
  who: Who;
  /** A body that would be accepted; fields are mutated one at a time. */
  base: () => Record<string, unknown>;
  /** The call takes no body at all (or an optional one): a missing/null body may succeed. */
  bodyOptional?: boolean;
  /** The call ignores bodies (logout, mark read): only "never 5xx" applies. */
  ignoresBody?: boolean;
}

const ENDPOINTS: Endpoint[] = [
  { method: 'POST', url: '/api/register', who: 'anon', base: () => ({ email: uniqueEmail('fuzz'), password: PASSWORD, firstName: 'F', lastName: 'Z' }) },
  { method: 'POST', url: '/api/login', who: 'anon', base: () => ({ email: uniqueEmail('nobody'), password: PASSWORD }) },
  { method: 'POST', url: '/api/verify-email/resend', who: 'anon', base: () => ({ email: uniqueEmail('nobody') }) },
  { method: 'POST', url: '/api/password/forgot', who: 'anon', base: () => ({ email: uniqueEmail('nobody') }) },
  { method: 'POST', url: '/api/password/reset', who: 'anon', base: () => ({ token: 'no-such-token', password: PASSWORD }) },
  { method: 'POST', url: '/api/password/change', who: 'fresh', base: () => ({ currentPassword: 'not-the-password', newPassword: 'new-password-123' }) },
  { method: 'PATCH', url: '/api/user/role', who: 'lawyer', base: () => ({ role: 'mediator' }) },
  {
    method: 'POST',
    url: '/api/profile/lawyer',
    who: 'lawyer',
    base: () => ({ jurisdiction: 'California', firmName: 'F', barNumber: 'B', practiceArea: 'P', phoneNumber: '555-0100', bio: 'b' }),
  },
  {
    method: 'POST',
    url: '/api/profile/mediator',
    who: 'mediator',
    base: () => ({
      jurisdiction: 'California',
      hourlyRate: 300,
      yearsExperience: 3,
      certifications: ['C'],
      specializations: ['S'],
      languagesSpoken: ['English'],
      mediationTraining: ['T'],
      phoneNumber: '555-0100',
      bio: 'b',
      websiteUrl: 'https://example.com',
    }),
  },
  {
    method: 'PATCH',
    url: '/api/profile',
    who: 'mediator',
    base: () => ({ firstName: 'Max', lastName: 'M', profileImageUrl: null, mediatorProfile: { bio: 'b' } }),
  },
  { method: 'PATCH', url: '/api/profile', who: 'lawyer', base: () => ({ firstName: 'Lena', lawyerProfile: { bio: 'b' } }) },
  { method: 'POST', url: '/api/files/upload', who: 'lawyer', bodyOptional: true, base: () => ({ fileName: 'a.pdf', size: 1000, purpose: 'brief' }) },
  { method: 'POST', url: '/api/contact', who: 'anon', base: () => ({ name: 'N', email: 'n@example.com', subject: 'S', message: 'M' }) },
  { method: 'POST', url: '/api/logout', who: 'anon', ignoresBody: true, base: () => ({}) },
  { method: 'PATCH', url: '/api/notifications/read-all', who: 'fresh', ignoresBody: true, base: () => ({}) },
];

const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
/** Whole bodies (raw JSON text) that are never a valid payload (the last two are objects with unknown keys only). */
const BAD_BODIES: [string, string][] = [
  ['a number', '123'],
  ['a string', '"hello"'],
  ['a boolean', 'true'],
  ['an array', '[]'],
  ['an array of objects', '[{"email":"a@b.co"}]'],
  ['a deeply nested object', deep(3000)],
  ['a deeply nested array', '['.repeat(20000) + ']'.repeat(20000)],
  ['prototype pollution', '{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"x":1}}}'],
];
const NO_BODIES: [string, string | undefined][] = [
  ['no body and no content type', undefined],
  ['an empty JSON body', ''],
  ['a JSON null', 'null'],
];
/** Values each field is set to in turn. */
const BAD_VALUES: [string, unknown][] = [
  ['null', null],
  ['a number', 42],
  ['a negative float', -1.5],
  ['a huge number', 1e308],
  ['a boolean', false],
  ['an array', ['a', 1, null]],
  ['an object', { $ne: null }],
  ['a nested object', { a: { b: { c: [1, { d: 'e' }] } } }],
  ['a 100k-character string', 'x'.repeat(100_000)],
  ['an empty string', ''],
  ['whitespace', ' \t\n '],
  ['a NUL byte', 'a\u0000b'],
  ['a lone surrogate', 'a\ud800b'],
  ['control characters', '\u0001\u0002\u001f\u007f'],
  ['a SQL injection', "x'); DROP TABLE users; --"],
  ['a huge tag list', Array.from({ length: 1000 }, (_, i) => `tag-${i}`)],
];

describe.each(backends)('bad input never causes a 5xx on %s', (backend) => {
  let t: TestApp;
  const cookies: Partial<Record<Who, string>> = {};
  beforeAll(async () => {
    t = await createTestApp(backend);
    cookies.fresh = (await signUpVerified(t)).cookie;
    cookies.lawyer = (await signUpLawyer(t)).cookie;
    cookies.mediator = (await signUpMediator(t)).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function send(e: Endpoint, body: string | undefined, extraHeaders: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (e.who !== 'anon') headers.cookie = cookies[e.who]!;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const options: InjectOptions = { method: e.method, url: e.url, headers, ...(body !== undefined ? { payload: body } : {}) };
    return t.app.inject(options);
  }

  function expectClientError(res: LightMyRequestResponse, what: string, allowSuccess = false) {
    const detail = `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, detail).toBeLessThan(500);
    if (!allowSuccess) expect(res.statusCode, detail).toBeGreaterThanOrEqual(400);
    if (res.statusCode >= 400) expect(typeof res.json().message, detail).toBe('string');
  }

  describe.each(ENDPOINTS.map((e) => [`${e.method} ${e.url} (${e.who})`, e] as const))('%s', (_name, endpoint) => {
    it('refuses bodies of the wrong type', async () => {
      for (const [what, body] of BAD_BODIES) {
        // Unknown keys are dropped, so an object of them is "no fields" — fine where every field is optional.
        const objectOfUnknownKeys = body.startsWith('{');
        expectClientError(await send(endpoint, body), what, endpoint.ignoresBody || (endpoint.bodyOptional && objectOfUnknownKeys));
      }
    });

    it('handles a missing, empty or null body', async () => {
      for (const [what, body] of NO_BODIES) {
        expectClientError(await send(endpoint, body), what, endpoint.bodyOptional || endpoint.ignoresBody);
      }
    });

    it('refuses a body over the 1 MB limit with 413', async () => {
      const res = await send(endpoint, JSON.stringify({ ...endpoint.base(), padding: 'x'.repeat(1024 * 1024 + 10) }));
      expect(res.statusCode).toBe(413);
    });

    it('survives every field set to every bad value', async () => {
      const fields = Object.keys(endpoint.base());
      for (const field of fields) {
        for (const [what, value] of BAD_VALUES) {
          const body = JSON.stringify({ ...endpoint.base(), [field]: value });
          // Optional fields may legitimately take null/"" and succeed; only "never 5xx" is universal.
          expectClientError(await send(endpoint, body), `${field} = ${what}`, true);
        }
      }
    });

    it('survives random JSON (fast-check, fixed seed)', async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(...Object.keys(endpoint.base()), 'extra'), async (value, field) => {
          const whole = await send(endpoint, JSON.stringify(value));
          expectClientError(whole, `body ${JSON.stringify(value).slice(0, 80)}`, true);
          const one = await send(endpoint, JSON.stringify({ ...endpoint.base(), [field]: value }));
          expectClientError(one, `${field} = ${JSON.stringify(value).slice(0, 80)}`, true);
        }),
        { seed: 20260302, numRuns: 25 },
      );
    });
  });

  it('refuses required fields of the wrong type with 400 and a field error', async () => {
    const notText = [null, 7, true, [], {}, ['x']];
    const cases: [Endpoint, string, unknown[]][] = [
      [ENDPOINTS[0], 'email', notText],
      [ENDPOINTS[0], 'password', notText],
      [ENDPOINTS[1], 'password', notText],
      [ENDPOINTS[4], 'token', notText],
      [ENDPOINTS[6], 'role', notText],
      [ENDPOINTS[7], 'jurisdiction', notText],
      [ENDPOINTS[8], 'hourlyRate', [null, true, [], {}, ['300'], 'abc', -300]], // numbers are fine for money
      [ENDPOINTS[12], 'message', notText],
    ];
    for (const [endpoint, field, values] of cases) {
      for (const value of values) {
        const res = await send(endpoint, JSON.stringify({ ...endpoint.base(), [field]: value }));
        expect(res.statusCode, `${endpoint.url} ${field}=${JSON.stringify(value)}`).toBe(400);
        expect(res.json().fieldErrors, `${endpoint.url} ${field}`).toHaveProperty(field);
      }
    }
  });

  it('refuses a NUL character anywhere in a JSON body with 400, but not an escaped backslash-u', async () => {
    const register = (firstName: string) =>
      t.app.inject({ method: 'POST', url: '/api/register', payload: { email: uniqueEmail('nul'), password: PASSWORD, firstName, lastName: 'Z' } });
    const nul = await register('a\u0000b');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('Text must not contain NUL characters');
    const nested = await send(ENDPOINTS[9], JSON.stringify({ mediatorProfile: { certifications: ['ok', 'b\u0000'] } }));
    expect(nested.statusCode).toBe(400);
    const literal = await register('back\\u0000slash');
    expect(literal.statusCode).toBe(201);
    expect(literal.json().firstName).toBe('back\\u0000slash');
  });

  it('never lets a body make a user an admin', async () => {
    const { cookie } = await signUpVerified(t);
    const attempts = [{ role: 'admin' }, { role: ['admin'] }, { role: { toString: 'admin' } }, { role: 'ADMIN' }, { role: 'admin ' }];
    for (const payload of attempts) {
      expect((await t.app.inject({ method: 'PATCH', url: '/api/user/role', headers: { cookie }, payload })).statusCode).toBe(400);
    }
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie },
      payload: { firstName: 'A', role: 'admin', status: 'approved', emailVerified: false },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ role: null, status: 'pending', emailVerified: true });
  });

  it('odd query strings, paths and cookies are 4xx (or harmless), never 5xx', async () => {
    const cookie = cookies.fresh!;
    const gets = [
      '/api/notifications?limit[]=1',
      '/api/notifications?limit=1e3',
      '/api/notifications?limit=%00',
      '/api/notifications?cursor=%00%00',
      `/api/notifications?cursor=${Buffer.from('not-a-date|not-an-id').toString('base64url')}`,
      '/api/notifications?cursor=a&cursor=b',
      '/api/verify-email?token[]=x',
      '/api/verify-email?token=%00',
      '/api/files/objects/%00',
      `/api/files/objects/${'a'.repeat(5000)}`,
      '/api/files/objects/..%2f..%2fetc%2fpasswd',
    ];
    for (const url of gets) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, `${url} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    for (const id of ['%00', 'x'.repeat(3000), '00000000-0000-0000-0000-00000000000g']) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/notifications/${id}/read`, headers: { cookie } });
      expect([404, 414]).toContain(res.statusCode); // 414: a path parameter longer than the router allows
    }
    for (const bad of [`sid=${'x'.repeat(5000)}`, 'sid=%00%ff', 'sid=', 'sid=a; sid=b', '=;;==;']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: bad } });
      expect(res.statusCode).toBe(401);
    }
  });
});

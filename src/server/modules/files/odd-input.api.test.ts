import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { PASSWORD, signUpLawyer, signUpMediator, signUpVerified, uniqueEmail } from '../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { NOT_UUIDS_36, ODD_TEXT } from './odd-ids.fixture';

// Every route of the accounts, profile, files and notifications modules, with 36-character non-UUIDs, very long strings
// and odd Unicode in every string field, path parameter and query parameter: a 4xx or a success, never a 5xx
// (RULES.md 7).

const VALUES = [...NOT_UUIDS_36, ...NOT_UUIDS_36.map((id) => `/objects/${id}`), ...ODD_TEXT];

type Who = 'anon' | 'fresh' | 'lawyer' | 'mediator';
interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  /** `:param` placeholders are replaced by the odd values. */
  url: string;
  who: Who;
  body?: () => Record<string, unknown>;
  query?: Record<string, string>;
}

const ROUTES: Route[] = [
  { method: 'POST', url: '/api/register', who: 'anon', body: () => ({ email: uniqueEmail('odd'), password: PASSWORD, firstName: 'F', lastName: 'Z' }) },
  { method: 'POST', url: '/api/login', who: 'anon', body: () => ({ email: uniqueEmail('nobody'), password: PASSWORD }) },
  { method: 'POST', url: '/api/logout', who: 'anon' },
  { method: 'GET', url: '/api/logout', who: 'anon' },
  { method: 'GET', url: '/api/user', who: 'fresh' },
  { method: 'PATCH', url: '/api/user/role', who: 'lawyer', body: () => ({ role: 'mediator' }) },
  { method: 'GET', url: '/api/verify-email', who: 'anon', query: { token: 'x' } },
  { method: 'POST', url: '/api/verify-email/resend', who: 'anon', body: () => ({ email: uniqueEmail('nobody') }) },
  { method: 'POST', url: '/api/password/forgot', who: 'anon', body: () => ({ email: uniqueEmail('nobody') }) },
  { method: 'POST', url: '/api/password/reset', who: 'anon', body: () => ({ token: 'no-such-token', password: PASSWORD }) },
  { method: 'POST', url: '/api/password/change', who: 'fresh', body: () => ({ currentPassword: 'not-the-password', newPassword: 'new-password-123' }) },
  {
    method: 'POST',
    url: '/api/profile/lawyer',
    who: 'lawyer',
    body: () => ({ jurisdiction: 'California', firmName: 'F', barNumber: 'B', practiceArea: 'P', phoneNumber: '555-0100', bio: 'b' }),
  },
  {
    method: 'POST',
    url: '/api/profile/mediator',
    who: 'mediator',
    body: () => ({
      jurisdiction: 'California',
      hourlyRate: '300',
      yearsExperience: '3',
      certifications: ['C'],
      specializations: ['S'],
      languagesSpoken: ['English'],
      mediationTraining: ['T'],
      phoneNumber: '555-0100',
      bio: 'b',
      websiteUrl: 'https://example.com',
    }),
  },
  { method: 'GET', url: '/api/profile', who: 'fresh' },
  {
    method: 'PATCH',
    url: '/api/profile',
    who: 'mediator',
    body: () => ({
      firstName: 'Max',
      lastName: 'M',
      profileImageUrl: '/objects/x',
      mediatorProfile: { bio: 'b', jurisdiction: 'California', specializations: ['S'] },
    }),
  },
  {
    method: 'PATCH',
    url: '/api/profile',
    who: 'lawyer',
    body: () => ({ firstName: 'Lena', lawyerProfile: { bio: 'b', firmName: 'F', phoneNumber: '555-0100' } }),
  },
  { method: 'POST', url: '/api/files/upload', who: 'lawyer', body: () => ({ fileName: 'a.pdf', purpose: 'brief' }) },
  { method: 'GET', url: '/api/files/objects/:id', who: 'lawyer' },
  { method: 'PUT', url: '/api/files/local-upload/:key', who: 'anon', query: { expires: '1', sig: 'x' } },
  { method: 'GET', url: '/api/notifications', who: 'fresh', query: { limit: '10', cursor: 'x' } },
  { method: 'GET', url: '/api/notifications/unread', who: 'fresh' },
  { method: 'PATCH', url: '/api/notifications/read-all', who: 'fresh' },
  { method: 'PATCH', url: '/api/notifications/:id/read', who: 'fresh' },
];

/** Every string leaf of a body (nested objects and list entries included), as a path of keys. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function withValue(body: Record<string, unknown>, path: (string | number)[], value: string): Record<string, unknown> {
  const copy = structuredClone(body);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
  return copy;
}

/** Routes with something to fuzz: a body, a path id or a query (the others take no input). */
const takesInput = (route: (typeof ROUTES)[number]) => Boolean(route.body || route.url.includes(':') || route.query);

describe.each(backends)('odd input on every accounts, profile, files and notifications route on %s', (backend) => {
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

  async function send(route: Route, url: string, body: Record<string, unknown> | undefined): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {};
    if (route.who !== 'anon') headers.cookie = cookies[route.who]!;
    if (route.method === 'PUT') headers['content-type'] = 'image/png';
    const options: InjectOptions = {
      method: route.method,
      url,
      headers,
      ...(route.method === 'PUT' ? { payload: Buffer.from('x') } : body ? { payload: body } : {}),
    };
    return t.app.inject(options);
  }

  // A URL cannot carry a lone surrogate: like a browser, send U+FFFD in its place.
  const wellFormed = (value: string) => Array.from(value, (ch) => (/^[\ud800-\udfff]$/.test(ch) ? '\ufffd' : ch)).join('');
  const fill = (url: string, value: string) => url.replace(/:\w+/g, encodeURIComponent(wellFormed(value)));
  const withQuery = (url: string, query: Record<string, string> | undefined) =>
    query && Object.keys(query).length ? `${url}?${new URLSearchParams(query).toString()}` : url;

  function expectNo5xx(res: LightMyRequestResponse, what: string) {
    const detail = `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`;
    expect(res.statusCode, detail).toBeLessThan(500);
    if (res.statusCode >= 400) expect(typeof res.json().message, detail).toBe('string');
  }

  it('every route is registered', () => {
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: route.url }), `${route.method} ${route.url}`).toBe(true);
  });

  describe.each(ROUTES.filter(takesInput).map((r) => [`${r.method} ${r.url} (${r.who})`, r] as const))('%s', (_name, route) => {
    const sample = fill(route.url, '00000000-0000-4000-8000-000000000000');
    // Only the families that apply to this route are defined (no skipped tests): bodies, path ids, query parameters.

    if (route.body)
      it('survives every string field set to every odd value', async () => {
        const base = route.body!();
        for (const path of stringPaths(base)) {
          for (const value of VALUES) {
            const res = await send(route, withQuery(sample, route.query), withValue(route.body!(), path, value));
            expectNo5xx(res, `${path.join('.')} = ${JSON.stringify(value.slice(0, 40))}…(${value.length})`);
          }
        }
      });

    if (route.url.includes(':'))
      it('survives every odd value as the path id (404 or 414, never 5xx)', async () => {
        for (const value of VALUES) {
          const res = await send(route, withQuery(fill(route.url, value), route.query), route.body?.());
          expectNo5xx(res, `path ${JSON.stringify(value.slice(0, 40))}…(${value.length})`);
          if (route.who !== 'anon' || route.method === 'PUT') expect([404, 414], `path ${value.slice(0, 40)} → ${res.body}`).toContain(res.statusCode);
        }
      });

    if (route.query)
      it('survives every odd value in every query parameter', async () => {
        for (const key of Object.keys(route.query ?? {})) {
          for (const value of VALUES) {
            const res = await send(route, withQuery(sample, { ...route.query, [key]: value }), route.body?.());
            expectNo5xx(res, `?${key}=${JSON.stringify(value.slice(0, 40))}…(${value.length})`);
          }
        }
      });
  });
});

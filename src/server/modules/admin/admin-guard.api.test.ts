import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { createLiveRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { fingerprintTables } from '../../../../tests/helpers/table-fingerprint';

// Issue 9: every /api/admin/* route refuses lawyers, mediators and signed-out callers, and changes nothing when it
// does. The routes are collected as the app registers them, so a new admin route without the guard fails here.
// POST /api/admin/impersonate/stop is the one admin route a non-admin *acting* user may call — only in a session where
// an admin is impersonating them (admin-impersonation.api.test.ts); a lawyer's or mediator's own session gets 403 too.

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');

describe.each(backends)('every admin route refuses non-admins on %s', (backend) => {
  const routes: RouteOptions[] = [];
  let t: TestApp;
  let ids: { userId: string; requestId: string };
  let callers: { name: string; cookie?: string; status: number }[];
  beforeAll(async () => {
    t = await createTestApp(backend, { onRoute: (route) => routes.push(route) });
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    ids = { userId: mediator.user.id, requestId: await createLiveRequest(t, lawyer.cookie) };
    callers = [
      { name: 'signed out', status: 401 },
      { name: 'lawyer', cookie: lawyer.cookie, status: 403 },
      { name: 'mediator', cookie: mediator.cookie, status: 403 },
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  const snapshot = () => fingerprintTables(t);

  /** A concrete URL: every path parameter names a real row, so a route that forgot its guard would really act. */
  const urlOf = (route: RouteOptions) => route.url.replace(/:(\w+)/g, (_, name: string) => (/request|^id$/i.test(name) ? ids.requestId : ids.userId));

  it('lists the admin routes it checks', () => {
    const admin = routes.filter((r) => r.url.startsWith('/api/admin/'));
    const seen = new Set(admin.map((r) => r.url));
    for (const url of [
      '/api/admin/settings',
      '/api/admin/users',
      '/api/admin/users/:userId/status',
      '/api/admin/users/:userId',
      '/api/admin/impersonate/:userId',
      '/api/admin/impersonate/stop',
      '/api/admin/audit-log',
      '/api/admin/support',
      '/api/admin/support/:id',
      '/api/admin/broadcast-notification',
      '/api/admin/disputes',
    ]) {
      expect(seen, url).toContain(url);
    }
  });

  it('answers 401 signed out and 403 to a lawyer or a mediator, with nothing changed', async () => {
    const before = await snapshot();
    const admin = routes.filter((r) => r.url.startsWith('/api/admin/'));
    const wrong: string[] = [];
    for (const route of admin) {
      for (const method of methodsOf(route)) {
        for (const caller of callers) {
          // A plausible body, so a route that validated before its guard would answer 400 and show up here.
          const res = await t.app.inject({
            method: method as 'GET',
            url: urlOf(route),
            headers: caller.cookie ? { cookie: caller.cookie } : {},
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          });
          if (res.statusCode !== caller.status) wrong.push(`${method} ${route.url} as ${caller.name}: ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

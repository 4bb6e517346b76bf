import type { RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator, signUpVerified } from '../../../tests/helpers/accounts';
import { backends } from '../../../tests/helpers/backends';
import { call, createLiveRequest, setTier, validRequest } from '../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../tests/helpers/test-app';
import { ensureAdmin } from '../modules/users/accounts.service';
import { ACTORS, ROUTE_POLICY, STATES, type Actor, type Expect, type State } from './route-policy';
import { findExposures, type Reader } from './exposure';
import { fingerprintTables, WATCHED_TABLES } from '../../../tests/helpers/table-fingerprint';
import { openTermSheet, type TermSheetFixture } from '../../../tests/helpers/term-sheet-fixture';

// Issue 11, families 1 (route policy completeness), 2 (authorization matrix) and 3 (field exposure, read side).
// Every registered route is collected as the app registers it; every route × actor (× request state) is called as
// the table in route-policy.ts says, answers compared, denied answers checked for leaks, every JSON answer checked
// for fields its reader may not see, and the watched tables fingerprinted around each route's calls.

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
const keyOf = (method: string, url: string) => `${method} ${url}`;
/**
 * The signed outcome's tables (decision 055) are watched too, but for its append-only trail: it records every opening
 * of a party's link, which the matrix calls.
 */
const SIGNING_TABLES = ['mediator_agreement_settings', 'term_sheet_versions', 'term_sheet_proposals', 'signing_envelopes', 'envelope_signers'];

type Account = { cookie: string; id: string; email: string };

describe.each(backends)('route policy and authorization matrix on %s', (backend) => {
  const routes: RouteOptions[] = [];
  let t: TestApp;
  const actors = {} as Record<Actor, Account | undefined>;
  const requests = {} as Record<State, { id: string; fileId: string; paymentId: string; termSheet?: TermSheetFixture }>;
  let notificationId: string;
  let disputeId: string;
  let supportId: string;
  let reader: (actor: Actor, state: State | undefined) => Reader;

  beforeAll(async () => {
    t = await createTestApp(backend, { onRoute: (r) => routes.push(r) });
    const asAccount = (a: { cookie: string; email: string; user: { id: string } }): Account => ({ cookie: a.cookie, id: a.user.id, email: a.email });
    const owner = asAccount(await signUpLawyer(t, { phoneNumber: '+1 555 0199' }));
    const mediator = asAccount(await signUpMediator(t, { phoneNumber: '+1 555 0177' }));
    await setTier(t, mediator.id, 'pro');
    actors.owner = owner;
    actors.mediator = mediator;
    actors.otherLawyer = asAccount(await signUpLawyer(t, { phoneNumber: '+1 555 0111' }));
    actors.unrelatedMediator = asAccount(await signUpMediator(t, { jurisdiction: 'Texas', phoneNumber: '+1 555 0122' }));
    actors.noRole = asAccount(await signUpVerified(t));
    const suspended = asAccount(await signUpLawyer(t));
    const adminUser = await ensureAdmin(t.ctx, 'root.admin@example.com', PASSWORD);
    const login = await call(t, 'POST', '/api/login', undefined, { email: 'root.admin@example.com', password: PASSWORD });
    actors.admin = { id: adminUser.id, cookie: sessionCookie(login), email: 'root.admin@example.com' };
    const status = await call(t, 'PATCH', `/api/admin/users/${suspended.id}/status`, actors.admin.cookie, { status: 'suspended' });
    expect(status.statusCode).toBe(200);
    actors.suspended = suspended;
    actors.anon = undefined;

    const ok = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) => {
      const res = await call(t, method, url, cookie, payload);
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const brief = async () => {
      const { uploadURL, objectPath } = await ok('POST', '/api/files/upload', owner.cookie, { fileName: 'brief.pdf', size: PDF.length, purpose: 'brief' });
      const put = await t.app.inject({ method: 'PUT', url: uploadURL, headers: { 'content-type': 'application/pdf' }, payload: PDF });
      expect(put.statusCode).toBe(200);
      return objectPath as string;
    };
    const paymentOf = async (requestId: string) => {
      const rows = (await t.ctx.db.execute(sql`SELECT id FROM payments WHERE request_id = ${requestId}`)) as unknown as { rows: { id: string }[] };
      return rows.rows[0]?.id ?? UNKNOWN;
    };
    const make = async (state: State) => {
      const objectPath = await brief();
      const overrides = { mediationBriefUrl: objectPath, caseName: `Case ${state}` };
      let id: string;
      if (state === 'draft') id = (await ok('POST', '/api/requests', owner.cookie, validRequest(overrides))).id;
      else id = await createLiveRequest(t, owner.cookie, overrides);
      if (state !== 'draft' && state !== 'pending') await ok('POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true });
      let termSheet: TermSheetFixture | undefined;
      if (state === 'matched' || state === 'completed') {
        await ok('POST', `/api/requests/${id}/select-mediator/${mediator.id}`, owner.cookie);
        await ok('POST', '/api/messages', owner.cookie, { requestId: id, content: `Hello about ${state}` });
        termSheet = await openTermSheet(t, {
          requestId: id,
          mediatorCookie: mediator.cookie,
          counselCookie: owner.cookie,
          parties: [
            { name: 'Pat Party', side: 'first', email: `pat.party.${state}@example.com` },
            { name: 'Ray Responder', side: 'second', email: '' },
          ],
        });
      }
      if (state === 'completed') {
        await ok('POST', `/api/requests/${id}/complete`, mediator.cookie, {
          completionResults: 'Settled.',
          outcome: 'settled_full',
          outcomeDate: '2026-03-02',
        });
        disputeId = (await ok('POST', `/api/requests/${id}/dispute`, owner.cookie, { reason: 'The session ended early.' })).id;
      }
      requests[state] = { id, fileId: objectPath.split('/').pop()!, paymentId: await paymentOf(id), termSheet };
    };
    for (const state of STATES) await make(state);
    notificationId = (await ok('GET', '/api/notifications', owner.cookie))[0].id;
    expect(
      (await call(t, 'POST', '/api/contact', undefined, { name: 'Ada', email: 'ada.contact@example.com', subject: 'Hi', message: 'A question.' })).statusCode,
    ).toBe(201);
    supportId = (await ok('GET', '/api/admin/support', actors.admin.cookie))[0].id;

    // What no reader may see, and what only some may (RULES.md 6): secrets from the database, every account's
    // e-mail and phone, opposing counsel's contact data.
    const secrets = (await t.ctx.db.execute(
      sql`SELECT password AS v FROM users UNION ALL SELECT verification_token FROM users WHERE verification_token IS NOT NULL
          UNION ALL SELECT token_hash FROM password_reset_tokens UNION ALL SELECT client_secret FROM provider_charges WHERE client_secret IS NOT NULL
          UNION ALL SELECT payment_method_id FROM payments WHERE payment_method_id IS NOT NULL
          UNION ALL SELECT sid FROM session
          UNION ALL SELECT token_hash FROM envelope_signers WHERE token_hash IS NOT NULL`,
    )) as unknown as { rows: { v: string }[] };
    const people = (Object.entries(actors) as [Actor, Account | undefined][]).filter(([, a]) => a) as [Actor, Account][];
    const phones: Partial<Record<Actor, string>> = {
      owner: '+1 555 0199',
      mediator: '+1 555 0177',
      otherLawyer: '+1 555 0111',
      unrelatedMediator: '+1 555 0122',
    };
    const opposing = ['olivia@opponent.example', '+1 555 0100'];
    reader = (actor, state) => {
      if (actor === 'admin') return { forbiddenValues: secrets.rows.map((r) => r.v), forbiddenKeys: [] };
      const others = people.filter(([name]) => name !== actor);
      // The owner and the selected mediator see each other's e-mail and phone once selected (the counterpart block),
      // never before; `state` undefined is a list across the fixtures, where they share matched requests.
      const afterSelection = state === undefined || state === 'matched' || state === 'completed';
      const counterpart: Actor | undefined = afterSelection ? (actor === 'owner' ? 'mediator' : actor === 'mediator' ? 'owner' : undefined) : undefined;
      const forbidden = [
        ...secrets.rows.map((r) => r.v),
        ...others.filter(([name]) => name !== counterpart).map(([, a]) => a.email),
        'ada.contact@example.com',
      ];
      // Contact data of the counterpart: never through the API (the thread is the channel).
      for (const [name, phone] of Object.entries(phones)) if (name !== actor && name !== counterpart) forbidden.push(phone);
      if (!(actor === 'owner' || (actor === 'mediator' && afterSelection))) forbidden.push(...opposing);
      return { forbiddenValues: forbidden, forbiddenKeys: [] };
    };
  });
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  const snapshot = () => fingerprintTables(t, [...WATCHED_TABLES, ...SIGNING_TABLES]);

  const registered = () => {
    const keys = new Set<string>();
    for (const r of routes) for (const m of methodsOf(r)) keys.add(keyOf(m, r.url));
    return keys;
  };

  it('every registered route has a policy entry, and every entry names a registered route', () => {
    const keys = registered();
    expect(keys.size).toBeGreaterThan(80);
    expect([...keys].filter((k) => !(k in ROUTE_POLICY) && !k.startsWith('GET /*') && k !== 'GET /')).toEqual([]);
    expect(Object.keys(ROUTE_POLICY).filter((k) => !keys.has(k))).toEqual([]);
  });

  /** A concrete URL and a plausible body: every parameter names a real row, so a route that forgot a guard really acts. */
  function requestFor(key: string, state: State): { url: string; payload?: unknown; headers?: Record<string, string> } {
    const [, pattern] = key.split(' ');
    const r = requests[state];
    // A party's link: the matched case's (not per state: the link names no request to the caller).
    const party = requests.matched.termSheet!;
    const url = pattern.replace(/:(\w+)/g, (_, name: string) => {
      if (pattern.startsWith('/api/files/objects')) return r.fileId;
      if (pattern.startsWith('/api/files/local-upload')) return UNKNOWN;
      if (pattern.startsWith('/api/payments/')) return r.paymentId;
      if (pattern.startsWith('/api/notifications/')) return notificationId;
      if (pattern.startsWith('/api/admin/disputes/')) return disputeId;
      if (pattern.startsWith('/api/admin/support/')) return supportId;
      if (pattern.startsWith('/api/mediators/') || name === 'mediatorId') return actors.mediator!.id;
      if (name === 'userId') return actors.otherLawyer!.id;
      if (name === 'uploadId') return r.fileId;
      if (pattern.startsWith('/api/term-sheet-proposals/')) return r.termSheet?.proposalId ?? UNKNOWN;
      if (pattern.startsWith('/api/signing/envelopes/')) return r.termSheet?.envelopeId ?? UNKNOWN;
      if (name === 'number') return String(r.termSheet?.version ?? 1);
      if (name === 'token' && pattern.startsWith('/api/sign/')) return pattern.endsWith('/code') ? party.replacedTokens[0] : party.liveTokens[0];
      return r.id;
    });
    const bodies: Record<string, unknown> = {
      'PATCH /api/user/role': { role: 'mediator' },
      'POST /api/verify-email/resend': { email: 'nobody.here@example.com' },
      'POST /api/password/forgot': { email: 'nobody.here@example.com' },
      'POST /api/password/reset': { token: 'not-a-real-token', password: 'another-long-password' },
      'POST /api/password/change': { currentPassword: 'wrong-password-123', newPassword: 'another-long-password' },
      'POST /api/profile/lawyer': { jurisdiction: 'Nevada', firmName: 'Hijack LLP' },
      'POST /api/profile/mediator': { jurisdiction: 'Nevada', hourlyRate: 1 },
      'PATCH /api/profile': { firstName: 'Hijacked' },
      'PATCH /api/profile/email-preferences': { marketing: false },
      'POST /api/email/unsubscribe': { token: 'forged' },
      'POST /api/requests': validRequest(),
      'POST /api/requests/:id/accept': { noConflictConfirmed: true },
      'POST /api/requests/:id/cancel': { reason: 'Not needed' },
      'POST /api/requests/:id/complete': { completionResults: 'Settled by someone else.' },
      'POST /api/requests/:id/dispute': { reason: 'Something went wrong.' },
      'POST /api/requests/:id/documents': { objectPath: `/objects/${UNKNOWN}` },
      'PATCH /api/requests/:id/documents/:uploadId': { visibility: 'own_side' },
      'POST /api/reviews': { requestId: r.id, rating: 1, comment: 'Bad' },
      'POST /api/messages': { requestId: r.id, content: 'Injected message' },
      'POST /api/payments/local/confirm': {
        clientSecret: 'pi_nobody_secret_nothing',
        card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
      },
      'PATCH /api/admin/users/:userId/status': { status: 'suspended' },
      'PATCH /api/admin/settings': { commissionPercentage: 90 },
      'POST /api/admin/broadcast-notification': { notification: { type: 'broadcast', title: 'x', message: 'y' } },
      'PATCH /api/admin/support/:id': { handled: true },
      'POST /api/admin/disputes/:id/resolve': { outcome: 'refund_full', note: 'x' },
      'PATCH /api/admin/mediations/:requestId/reassign': { mediatorId: actors.unrelatedMediator!.id },
      'POST /api/admin/mediations/:requestId/cancel': { refund: 'full', reason: 'x' },
      'POST /api/subscription/upgrade': { tier: 'pro' },
      'POST /api/contact': { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' },
    };
    if (key === 'GET /api/verify-email') return { url: `${url}?token=not-a-real-token` };
    if (key === 'GET /api/email/unsubscribe') return { url: `${url}?token=forged` };
    if (key === 'PUT /api/files/local-upload/:key') return { url, payload: PDF, headers: { 'content-type': 'application/pdf' } };
    if (key === 'POST /api/payments/stripe/webhook') return { url, payload: '{}', headers: { 'content-type': 'application/json' } };
    if (key === 'POST /api/verify') return { url, payload: PDF, headers: { 'content-type': 'application/pdf' } };
    return { url, payload: key in bodies ? bodies[key] : undefined };
  }

  const matches = (expected: Expect, status: number) =>
    typeof expected === 'number' ? status === expected : expected === 'ok' ? status >= 200 && status < 400 : false;

  it('every route × actor × request state answers as the table says, leaks nothing, and a denied call changes nothing', async () => {
    const wrong: string[] = [];
    const leaks: string[] = [];
    const changed: string[] = [];
    let calls = 0;
    const keys = [...registered()].filter((k) => k in ROUTE_POLICY).sort();
    for (const key of keys) {
      const policy = ROUTE_POLICY[key];
      if (policy.notCalled) continue;
      const [method] = key.split(' ');
      const before = await snapshot();
      for (const state of policy.perState ? STATES : (['pending'] as const)) {
        for (const actor of ACTORS) {
          const expected = policy.expect(actor, state);
          if (expected === 'allowed') continue;
          const { url, payload, headers } = requestFor(key, state);
          const cookie = actors[actor]?.cookie;
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: { ...(cookie ? { cookie } : {}), ...headers },
            ...(payload === undefined ? {} : { payload: payload as object }),
          });
          calls++;
          const where = `${key} [${state}] as ${actor}`;
          if (!matches(expected, res.statusCode)) wrong.push(`${where}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
          const json = String(res.headers['content-type'] ?? '').includes('json') ? safeJson(res.body) : undefined;
          if (res.statusCode >= 400 && json !== undefined) {
            // `sessionEnded`: a 401's documented reason the caller's own session ended (decision 038), about nobody else.
            const extra = Object.keys(json as object).filter((k) => !['message', 'code', 'fieldErrors', 'clientSecret', 'amount', 'sessionEnded'].includes(k));
            if (extra.length) leaks.push(`${where}: denied answer carries ${extra.join(', ')}`);
          }
          // The OpenAPI document names `password` as an input field: a description, not data.
          if (json !== undefined && !key.startsWith('GET /api/docs')) {
            for (const problem of findExposures(json, reader(actor, policy.perState ? state : undefined))) leaks.push(`${where}: ${problem}`);
          }
        }
      }
      const after = await snapshot();
      const diff = WATCHED_TABLES.filter((table) => before[table] !== after[table]);
      if (diff.length) changed.push(`${key}: ${diff.join(', ')}`);
    }
    if (process.env.AUTHZ_DUMP) (await import('node:fs')).writeFileSync(process.env.AUTHZ_DUMP, [...wrong, '---', ...leaks, '---', ...changed].join('\n'));
    expect(wrong).toEqual([]);
    expect(leaks).toEqual([]);
    expect(changed).toEqual([]);
    expect(calls).toBeGreaterThan(800);
    console.info(`[authz matrix ${backend}] ${calls} calls, 0 wrong, 0 leaks, 0 changes`);
  }, 300_000);
});

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

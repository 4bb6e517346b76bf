import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { notifications } from '../../src/server/db/schema';
import { signUpLawyer, signUpMediator, type Account } from './accounts';
import type { Backend } from './backends';
import { expectLedgerWhole } from './ledger';
import { call, createLiveRequest, setTier, validRequest } from './requests';
import { createTestApp, type TestApp } from './test-app';

export const MIN = 60_000;

/**
 * The set-up of the request-rules API tests (requests-rules.*.api.test.ts), called inside their `describe`: a fresh
 * app on `backend` with two lawyers, and the calls the tests make as them. Every live request of a test (opened with
 * `live`, or pushed on `opened`) is cancelled afterwards, so none is "open to all" in the next test, and the ledger
 * invariant is checked before and after that cancellation. `t`, `lawyer` and `otherLawyer` are set once its
 * beforeAll has run.
 */
export function useRequestRulesApp(backend: Backend) {
  let t: TestApp;
  let lawyer: Account;
  let otherLawyer: Account;
  const opened: { id: string; cookie: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp(backend);
    lawyer = await signUpLawyer(t);
    otherLawyer = await signUpLawyer(t);
  });
  afterEach(async () => {
    for (const { id, cookie } of opened.splice(0)) {
      await expectLedgerWhole(t, id);
      expect([200, 409]).toContain((await call(t, 'POST', `/api/requests/${id}/cancel`, cookie)).statusCode);
      await expectLedgerWhole(t, id);
    }
  });
  afterAll(async () => {
    // The harness drops the database WITH (FORCE) as soon as pool.end() resolves, while idle sockets may still be closing:
    // their 'terminating connection' error must not surface as an uncaught exception.
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  const live = async (overrides: Record<string, unknown> = {}, cookie = lawyer.cookie) =>
    createLiveRequest(t, cookie, overrides).then((id) => (opened.push({ id, cookie }), id));
  const mediator = async (tier: 'free' | 'pro' | 'unlimited' = 'pro', profile: Record<string, unknown> = {}) =>
    signUpMediator(t, profile).then(async (m) => (await setTier(t, m.user.id, tier), m));
  const create = (overrides: Record<string, unknown>) => call(t, 'POST', '/api/requests', lawyer.cookie, validRequest(overrides));
  const accept = (id: string, cookie: string, body: Record<string, unknown> = {}) =>
    call(t, 'POST', `/api/requests/${id}/accept`, cookie, { noConflictConfirmed: true, ...body });
  const select = (id: string, mediatorId: string, cookie = lawyer.cookie) => call(t, 'POST', `/api/requests/${id}/select-mediator/${mediatorId}`, cookie);
  const get = (id: string, cookie = lawyer.cookie) => call(t, 'GET', `/api/requests/${id}`, cookie);
  const ids = async (url: string, cookie: string) => ((await call(t, 'GET', url, cookie)).json() as { id: string }[]).map((r) => r.id);
  const notes = (userId: string, type: string) =>
    t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type as 'new_request')));
  const toldAbout = async (cookie: string, id: string) =>
    ((await call(t, 'GET', '/api/notifications', cookie)).json() as { type: string; linkUrl: string }[]).filter(
      (n) => n.type === 'new_request' && n.linkUrl === `/requests/${id}`,
    ).length;

  return {
    get t() {
      return t;
    },
    get lawyer() {
      return lawyer;
    },
    get otherLawyer() {
      return otherLawyer;
    },
    opened,
    live,
    mediator,
    create,
    accept,
    select,
    get,
    ids,
    notes,
    toldAbout,
  };
}

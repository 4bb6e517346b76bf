import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { signUpLawyer, signUpMediator, type Account } from './accounts';
import type { Backend } from './backends';
import { call, createLiveRequest, setTier, validRequest } from './requests';
import { createTestApp, type TestApp } from './test-app';

// The set-up and the expectations of the bad-input API tests (requests-bad-input.*.api.test.ts): wrong bodies, params
// and queries always answer a 4xx with a JSON message, never a 5xx (RULES.md 7).

export type Who = 'lawyer' | 'mediator';
export type Method = 'GET' | 'POST' | 'DELETE';

/** A string over the 1 MB body limit. */
export const BIG = 'x'.repeat(1024 * 1024 + 10);
/** Money strings (and numbers) that are never an amount. */
export const BAD_MONEY: unknown[] = [
  '1e5',
  '12.345',
  '-5',
  '99999999999',
  'NaN',
  'Infinity',
  '0',
  '0.00',
  '1,2,3',
  '$',
  'abc',
  -5,
  1e21,
  0.1 + 0.2,
  Number.MAX_SAFE_INTEGER,
  true,
  [],
  {},
];
/** Whole JSON bodies that are never a valid object payload. */
export const BAD_BODIES = ['123', '"hello"', 'true', '[]', '[{"noConflictConfirmed":true}]', '{"a":'.repeat(3000) + '1' + '}'.repeat(3000)];

/** A 4xx (or, with `allowSuccess`, anything below 500) with a JSON message when it is an error. */
export function expectClientError(res: LightMyRequestResponse, what: string, allowSuccess = false) {
  const detail = `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, detail).toBeLessThan(500);
  if (!allowSuccess) expect(res.statusCode, detail).toBeGreaterThanOrEqual(400);
  if (res.statusCode >= 400) expect(typeof res.json().message, detail).toBe('string');
}

/** A 400 with a message and an error on `field` (with `text`, exactly that text). */
export function expectFieldError(res: LightMyRequestResponse, field: string, what: string, text?: string) {
  const detail = `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, detail).toBe(400);
  expect(typeof res.json().message, detail).toBe('string');
  expect(res.json().fieldErrors, detail).toHaveProperty([field]);
  if (text) expect(res.json().fieldErrors[field], detail).toBe(text);
}

/**
 * Called inside the tests' `describe`: a fresh app on `backend` with a lawyer, a Pro and a Free mediator, the lawyer's
 * live request (`liveId`) and a submitted draft whose deposit is not paid yet (`draftId`, `clientSecret`); all set once
 * its beforeAll has run. `raw` sends a body as it is, `send` as JSON, each with the cookie of `who` (the mediator is
 * the Pro one).
 */
export function useBadInputApp(backend: Backend) {
  let t: TestApp;
  let lawyer: Account;
  let pro: Account;
  let free: Account;
  let liveId: string;
  let draftId: string;
  let clientSecret: string;
  const cookie = (who: Who) => (who === 'lawyer' ? lawyer.cookie : pro.cookie);

  beforeAll(async () => {
    t = await createTestApp(backend);
    lawyer = await signUpLawyer(t);
    pro = await signUpMediator(t);
    free = await signUpMediator(t);
    await setTier(t, pro.user.id, 'pro');
    liveId = await createLiveRequest(t, lawyer.cookie, { caseName: 'Live' });
    const draft = await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ caseName: 'Draft' }));
    draftId = draft.json().id;
    clientSecret = (await call(t, 'POST', `/api/requests/${draftId}/submit`, lawyer.cookie)).json().clientSecret;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function raw(method: Method, url: string, who: Who, body?: string): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { cookie: cookie(who) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return t.app.inject({ method, url, headers, ...(body !== undefined ? { payload: body } : {}) });
  }
  const send = (method: Method, url: string, who: Who, body?: unknown) => raw(method, url, who, body === undefined ? undefined : JSON.stringify(body));

  return {
    get t() {
      return t;
    },
    get lawyer() {
      return lawyer;
    },
    get pro() {
      return pro;
    },
    get free() {
      return free;
    },
    get liveId() {
      return liveId;
    },
    get draftId() {
      return draftId;
    },
    get clientSecret() {
      return clientSecret;
    },
    raw,
    send,
  };
}

import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, CARDS, createLiveRequest, setTier, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { CARD_TEXTS } from '../../../common/schemas/payments';
import { CONFLICT_CONFIRMATION_REQUIRED, FREE_TIER_COUNTEROFFER, REQUEST_TEXTS } from '../../../common/schemas/requests';

// Wrong bodies, params and queries on every requests/payments/mediators endpoint: always a 4xx with a JSON message,
// never a 5xx (RULES.md 7), and the spec's texts where it fixes them.

type Who = 'lawyer' | 'mediator';
type Method = 'GET' | 'POST' | 'DELETE';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
/** Path ids that name nothing: malformed, hostile, or a well-formed uuid that does not exist. */
const BAD_IDS = [
  MISSING_ID,
  'abc',
  '123',
  '-5',
  '1e5',
  'null',
  '%00',
  '%25%25%25',
  "x'%3B%20DROP%20TABLE%20users%3B--",
  'ffffffff-ffff-ffff-ffff-fffffffffffff',
  '------------------------------------',
  'x'.repeat(3000),
];
const BIG = 'x'.repeat(1024 * 1024 + 10);
/** Values each request field is set to in turn. */
const BAD_VALUES: [string, unknown][] = [
  ['null', null],
  ['a number', 42],
  ['a negative float', -1.5],
  ['a huge number', 1e308],
  ['a boolean', true],
  ['an array', ['a', 1, null]],
  ['an object', { $ne: null }],
  ['a nested object', { a: { b: { c: [1, { d: 'e' }] } } }],
  ['a 100k-character string', 'y'.repeat(100_000)],
  ['an empty string', ''],
  ['a NUL byte', 'a\u0000b'],
  ['a lone surrogate', 'a\ud800b'],
  ['a bad date', '2026-13-45'],
  ['an exponent', '1e5'],
];
/** Money strings (and numbers) that are never an amount. */
const BAD_MONEY: unknown[] = [
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
const BAD_DATES: unknown[] = ['2026-13-45', '2026-02-30', '2026-00-10', 'tomorrow', '20260101', '2026-1-1', '+275760-09-13', 12345, true, [], {}];
/** Whole JSON bodies that are never a valid object payload. */
const BAD_BODIES = ['123', '"hello"', 'true', '[]', '[{"noConflictConfirmed":true}]', '{"a":'.repeat(3000) + '1' + '}'.repeat(3000)];

describe.each(backends)('bad input on the requests, payments and mediators endpoints never causes a 5xx on %s', (backend) => {
  let t: TestApp;
  let lawyer: Awaited<ReturnType<typeof signUpLawyer>>;
  let pro: Awaited<ReturnType<typeof signUpMediator>>;
  let free: Awaited<ReturnType<typeof signUpMediator>>;
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

  function expectClientError(res: LightMyRequestResponse, what: string, allowSuccess = false) {
    const detail = `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, detail).toBeLessThan(500);
    if (!allowSuccess) expect(res.statusCode, detail).toBeGreaterThanOrEqual(400);
    if (res.statusCode >= 400) expect(typeof res.json().message, detail).toBe('string');
  }
  function expectFieldError(res: LightMyRequestResponse, field: string, what: string, text?: string) {
    const detail = `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, detail).toBe(400);
    expect(typeof res.json().message, detail).toBe('string');
    expect(res.json().fieldErrors, detail).toHaveProperty([field]);
    if (text) expect(res.json().fieldErrors[field], detail).toBe(text);
  }

  describe('POST /api/requests', () => {
    it('survives every field set to every bad value (optional fields may take null/"")', async () => {
      const fields = [
        ...Object.keys(validRequest()),
        'courtInfo',
        'trialDate',
        'preferredDate',
        'estimatedDuration',
        'flatFee',
        'mediationBriefUrl',
        'caseFilesUrls',
        'opposingLawyerBarNumber',
      ];
      for (const field of fields) {
        for (const [what, value] of BAD_VALUES) {
          expectClientError(await send('POST', '/api/requests', 'lawyer', validRequest({ [field]: value })), `${field} = ${what}`, true);
        }
      }
    });

    it('refuses whole bodies of the wrong type, a NUL anywhere and a body over 1 MB', async () => {
      for (const body of [...BAD_BODIES, 'null', '', '{}']) expectClientError(await raw('POST', '/api/requests', 'lawyer', body), `body ${body.slice(0, 40)}`);
      expectClientError(await raw('POST', '/api/requests', 'lawyer'), 'no body');
      const nul = await send('POST', '/api/requests', 'lawyer', validRequest({ caseFilesUrls: ['ok', 'b\u0000'] }));
      expect(nul.statusCode).toBe(400);
      expect(nul.json().message).toBe('Text must not contain NUL characters');
      expect((await send('POST', '/api/requests', 'lawyer', validRequest({ description: BIG }))).statusCode).toBe(413);
      expectClientError(await send('POST', '/api/requests', 'mediator', validRequest()), 'a mediator creating');
    });

    it('refuses bad money on budget, hourlyRate and flatFee with a field error', async () => {
      for (const value of BAD_MONEY) {
        const what = JSON.stringify(value);
        expectFieldError(await send('POST', '/api/requests', 'lawyer', validRequest({ budget: value })), 'budget', `budget=${what}`);
        expectFieldError(await send('POST', '/api/requests', 'lawyer', validRequest({ hourlyRate: value })), 'hourlyRate', `hourlyRate=${what}`);
        expectFieldError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ pricingModel: 'flat', flatFee: value, hourlyRate: null, hoursNeeded: null })),
          'flatFee',
          `flatFee=${what}`,
        );
      }
      for (const hours of [0, 3, -4, 4.5, '4h', 'NaN', 1e9, true, [], {}]) {
        expectFieldError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ hoursNeeded: hours })),
          'hoursNeeded',
          `hoursNeeded=${JSON.stringify(hours)}`,
        );
      }
      for (const duration of [0, -1, 1.5, 201, 'abc', [], {}]) {
        expectFieldError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ estimatedDuration: duration })),
          'estimatedDuration',
          `estimatedDuration=${JSON.stringify(duration)}`,
        );
      }
    });

    it('refuses bad dates, enums and lists with a field error', async () => {
      for (const value of BAD_DATES) {
        for (const field of ['trialDate', 'preferredDate'])
          expectFieldError(await send('POST', '/api/requests', 'lawyer', validRequest({ [field]: value })), field, `${field}=${JSON.stringify(value)}`);
      }
      for (const value of ['', 'zoom', 'ONLINE', 1, null, ['online'], {}])
        expectFieldError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ mediationType: value })),
          'mediationType',
          `mediationType=${JSON.stringify(value)}`,
        );
      for (const value of ['', 'free', 1, ['hourly']])
        expectFieldError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ pricingModel: value })),
          'pricingModel',
          `pricingModel=${JSON.stringify(value)}`,
        );
      for (const value of ['a.pdf', 1, { a: 1 }, [1], [''], ['x'.repeat(301)], Array.from({ length: 500 }, (_, i) => `f${i}`)]) {
        expectClientError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ caseFilesUrls: value })),
          `caseFilesUrls=${JSON.stringify(value).slice(0, 40)}`,
        );
      }
      for (const value of [1, ['a'], { a: 1 }, 'x'.repeat(301)])
        expectClientError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ mediationBriefUrl: value })),
          `mediationBriefUrl=${JSON.stringify(value).slice(0, 40)}`,
        );
    });

    it("answers the spec's texts for missing or wrong required fields", async () => {
      const required: [string, string][] = [
        ['caseNumber', REQUEST_TEXTS.caseNumber],
        ['caseName', REQUEST_TEXTS.caseName],
        ['caseType', REQUEST_TEXTS.caseType],
        ['jurisdiction', REQUEST_TEXTS.jurisdiction],
        ['description', REQUEST_TEXTS.description],
        ['mediationType', REQUEST_TEXTS.mediationType],
        ['budget', REQUEST_TEXTS.budget],
        ['hourlyRate', REQUEST_TEXTS.hourlyRate],
        ['hoursNeeded', REQUEST_TEXTS.hoursNeeded],
      ];
      for (const [field, text] of required) {
        const body = validRequest();
        delete (body as Record<string, unknown>)[field];
        expectFieldError(await send('POST', '/api/requests', 'lawyer', body), field, `missing ${field}`, text);
        if (field !== 'mediationType' && field !== 'hourlyRate' && field !== 'hoursNeeded') {
          expectFieldError(await send('POST', '/api/requests', 'lawyer', validRequest({ [field]: '   ' })), field, `blank ${field}`, text);
        }
        if (field.startsWith('case') || field === 'jurisdiction')
          expectFieldError(await send('POST', '/api/requests', 'lawyer', validRequest({ [field]: 7 })), field, `numeric ${field}`, text);
      }
      expectFieldError(
        await send('POST', '/api/requests', 'lawyer', validRequest({ description: 'too short' })),
        'description',
        'short description',
        REQUEST_TEXTS.description,
      );
      expectFieldError(
        await send('POST', '/api/requests', 'lawyer', validRequest({ pricingModel: 'flat', hourlyRate: null, hoursNeeded: null })),
        'flatFee',
        'flat without fee',
        REQUEST_TEXTS.flatFee,
      );
      for (const email of ['not-an-email', 'a@', '@b.co', 'a b@c.co']) {
        expectFieldError(
          await send('POST', '/api/requests', 'lawyer', validRequest({ opposingLawyerEmail: email })),
          'opposingLawyerEmail',
          email,
          REQUEST_TEXTS.email,
        );
      }
    });

    it('survives random JSON in any field or as the whole body (fast-check, fixed seed)', async () => {
      const fields = [
        ...Object.keys(validRequest()),
        'trialDate',
        'preferredDate',
        'estimatedDuration',
        'flatFee',
        'caseFilesUrls',
        'mediationBriefUrl',
        'extra',
      ];
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...fields), fc.boolean(), async (value, field, whole) => {
          const body = whole ? value : validRequest({ [field]: value });
          expectClientError(
            await send('POST', '/api/requests', 'lawyer', body),
            `${whole ? 'body' : field} = ${JSON.stringify(value).slice(0, 80)}`,
            !whole || (typeof value === 'object' && value !== null && !Array.isArray(value)),
          );
        }),
        { seed: 20260302, numRuns: 60 },
      );
    });
  });

  it('GET /api/requests refuses bad views, limits and cursors; odd cursors are harmless', async () => {
    const cursor = (text: string) => Buffer.from(text).toString('base64url');
    const bad = [
      '?view=x',
      '?view=x&limit=abc&cursor=%%%',
      '?limit=abc',
      '?limit=0',
      '?limit=-1',
      '?limit=101',
      '?limit=1e3',
      '?limit=1.5',
      '?limit=NaN',
      '?limit=',
      '?view=available&view=accepted',
      `?cursor=${'c'.repeat(201)}`,
    ];
    for (const who of ['lawyer', 'mediator'] as const) {
      for (const q of bad) expectClientError(await send('GET', `/api/requests${q}`, who), `${who} ${q}`);
      const harmless = [
        '?cursor=%%%',
        '?cursor=%00',
        '?cursor=a&cursor=b',
        '?limit[]=1',
        '?view[]=available',
        `?cursor=${cursor('not-a-date|not-an-id')}`,
        `?cursor=${cursor(`2026-01-01T00:00:00Z|${'-'.repeat(36)}`)}`,
        `?cursor=${cursor(`+275760-09-13T00:00:00Z|${MISSING_ID}`)}`,
        `?cursor=${cursor(`-271821-04-20T00:00:00Z|${MISSING_ID}`)}`,
        `?view=available&cursor=${cursor(`0|${'f'.repeat(36)}`)}`,
      ];
      for (const q of harmless) expectClientError(await send('GET', `/api/requests${q}`, who), `${who} ${q}`, true);
      for (const q of ['', '?view=x', '?limit=abc&x[y]=1']) expectClientError(await send('GET', `/api/requests/counts${q}`, who), `${who} counts${q}`, true);
    }
  });

  it('request paths with non-uuid or missing ids answer 4xx on every endpoint', async () => {
    const routes: [Method, (id: string) => string, Who][] = [
      ['GET', (id) => `/api/requests/${id}`, 'lawyer'],
      ['POST', (id) => `/api/requests/${id}/submit`, 'lawyer'],
      ['GET', (id) => `/api/requests/${id}/pending-acceptances`, 'lawyer'],
      ['POST', (id) => `/api/requests/${id}/accept`, 'mediator'],
      ['DELETE', (id) => `/api/requests/${id}/acceptance`, 'mediator'],
      ['POST', (id) => `/api/requests/${id}/select-mediator/${pro.user.id}`, 'lawyer'],
      ['POST', (id) => `/api/requests/${liveId}/select-mediator/${id}`, 'lawyer'],
      ['GET', (id) => `/api/requests/${id}/cancellation`, 'lawyer'],
      ['POST', (id) => `/api/requests/${id}/cancel`, 'lawyer'],
      ['GET', (id) => `/api/mediators/${id}`, 'lawyer'],
      ['GET', (id) => `/api/mediators/${id}/acceptances`, 'mediator'],
    ];
    for (const [method, url, who] of routes) {
      for (const id of BAD_IDS) {
        const body = url(id).endsWith('/accept') ? { noConflictConfirmed: true } : undefined;
        expectClientError(await send(method, url(id), who, body), `${method} ${url(id).slice(0, 90)}`);
      }
      // Bodies on the calls that take none (or a small one): still 4xx for a request that does not exist.
      for (const body of BAD_BODIES)
        expectClientError(await raw(method === 'GET' ? 'POST' : method, url(MISSING_ID), who, body), `${method} ${url(MISSING_ID)} body ${body.slice(0, 30)}`);
    }
    // A real request, but the mediator in the path is someone who did not accept, the lawyer, or nobody.
    for (const mediatorId of [free.user.id, lawyer.user.id, MISSING_ID])
      expectClientError(await send('POST', `/api/requests/${liveId}/select-mediator/${mediatorId}`, 'lawyer'), `select ${mediatorId}`);
    expect((await send('GET', `/api/mediators/${MISSING_ID}`, 'lawyer')).statusCode).toBe(404);
    expect((await send('GET', `/api/requests/${MISSING_ID}`, 'lawyer')).statusCode).toBe(404);
  });

  it('POST /api/requests/:id/accept refuses every bad proposedRate, note and noConflictConfirmed', async () => {
    const accept = (body: unknown) => send('POST', `/api/requests/${liveId}/accept`, 'mediator', body);
    for (const rate of BAD_MONEY)
      expectFieldError(await accept({ proposedRate: rate, noConflictConfirmed: true }), 'proposedRate', `proposedRate=${JSON.stringify(rate)}`);
    for (const note of [42, true, ['a'], { a: 1 }, 'n'.repeat(2001)])
      expectFieldError(await accept({ note, noConflictConfirmed: true }), 'note', `note=${JSON.stringify(note).slice(0, 30)}`);
    for (const confirmed of [undefined, false, null, 'true', 1, [true], { v: true }]) {
      expectFieldError(
        await accept({ noConflictConfirmed: confirmed }),
        'noConflictConfirmed',
        `noConflictConfirmed=${JSON.stringify(confirmed)}`,
        CONFLICT_CONFIRMATION_REQUIRED,
      );
    }
    for (const body of [...BAD_BODIES, 'null', ''])
      expectClientError(await raw('POST', `/api/requests/${liveId}/accept`, 'mediator', body), `accept body ${body.slice(0, 30)}`);
    expect((await accept({ note: 'a\u0000b', noConflictConfirmed: true })).json().message).toBe('Text must not contain NUL characters');
    expect((await accept({ note: BIG, noConflictConfirmed: true })).statusCode).toBe(413);
    const freeCounter = await send('POST', `/api/requests/${liveId}/accept`, 'mediator', { proposedRate: '400' });
    expect(freeCounter.statusCode).toBe(400); // Pro: the missing confirmation is the only problem
    t.clock.advance(6 * 60_000); // the Free mediator now sees it
    const asFree = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${liveId}/accept`,
      headers: { cookie: free.cookie },
      payload: { proposedRate: '1e5', noConflictConfirmed: true },
    });
    expect(asFree.statusCode).toBe(403);
    expect(asFree.json().message).toBe(FREE_TIER_COUNTEROFFER);
    // Nothing above was accepted: withdrawing finds no acceptance.
    expectClientError(await send('DELETE', `/api/requests/${liveId}/acceptance`, 'mediator'), 'withdraw nothing');
  });

  it('POST /api/requests/:id/cancel refuses bad reasons without cancelling', async () => {
    const cancel = (body: string) => raw('POST', `/api/requests/${liveId}/cancel`, 'lawyer', body);
    for (const reason of [42, true, ['a'], { a: 1 }, 'r'.repeat(1001), 'a\u0000b']) {
      expectClientError(await cancel(JSON.stringify({ reason })), `reason=${JSON.stringify(reason).slice(0, 30)}`);
    }
    // An object of unknown keys is a cancel without a reason, so only the non-object bodies here.
    for (const body of BAD_BODIES.filter((b) => !b.startsWith('{'))) expectClientError(await cancel(body), `cancel body ${body.slice(0, 30)}`);
    expect((await cancel(JSON.stringify({ reason: BIG }))).statusCode).toBe(413);
    expect((await send('GET', `/api/requests/${liveId}`, 'lawyer')).json().status).toBe('pending_mediators');
  });

  it('POST /api/payments/local/confirm refuses bad secrets and cards with the card texts, without charging', async () => {
    const confirm = (body: unknown) => send('POST', '/api/payments/local/confirm', 'lawyer', body);
    const cards: [string, Record<string, unknown>, string][] = [
      ['number', { number: '4242 4242 4242 abcd' }, CARD_TEXTS.number],
      ['number', { number: '4'.repeat(30) }, CARD_TEXTS.number],
      ['number', { number: '4242424242424241' }, CARD_TEXTS.number],
      ['number', { number: 4242424242424242 }, CARD_TEXTS.number],
      ['number', { number: '' }, CARD_TEXTS.number],
      ['number', { number: null }, CARD_TEXTS.number],
      ['expMonth', { expMonth: 0 }, CARD_TEXTS.expiry],
      ['expMonth', { expMonth: 13 }, CARD_TEXTS.expiry],
      ['expMonth', { expMonth: 'ab' }, CARD_TEXTS.expiry],
      ['expMonth', { expMonth: 1.5 }, CARD_TEXTS.expiry],
      ['expMonth', { expMonth: [] }, CARD_TEXTS.expiry],
      ['expYear', { expYear: 1999 }, CARD_TEXTS.expiry],
      ['expYear', { expYear: 'x' }, CARD_TEXTS.expiry],
      ['expYear', { expYear: 1e308 }, CARD_TEXTS.expiry],
      ['cvc', { cvc: '12' }, CARD_TEXTS.cvc],
      ['cvc', { cvc: '12345' }, CARD_TEXTS.cvc],
      ['cvc', { cvc: 'abc' }, CARD_TEXTS.cvc],
      ['cvc', { cvc: 123 }, CARD_TEXTS.cvc],
    ];
    for (const [field, override, text] of cards) {
      expectFieldError(await confirm({ clientSecret, card: { ...CARDS.ok, ...override } }), `card.${field}`, `card ${JSON.stringify(override)}`, text);
    }
    for (const card of [null, 'card', 42, [], [CARDS.ok], {}]) expectClientError(await confirm({ clientSecret, card }), `card=${JSON.stringify(card)}`);
    for (const secret of [null, '', 42, [], {}, 'x'.repeat(201), 'no-such-secret', `${clientSecret}x`, 'a\u0000b']) {
      expectClientError(await confirm({ clientSecret: secret, card: CARDS.ok }), `clientSecret=${JSON.stringify(secret).slice(0, 30)}`);
    }
    for (const body of [...BAD_BODIES, 'null', '', '{}'])
      expectClientError(await raw('POST', '/api/payments/local/confirm', 'lawyer', body), `confirm body ${body.slice(0, 30)}`);
    expect((await confirm({ clientSecret, card: { ...CARDS.ok, number: BIG } })).statusCode).toBe(413);
    // The mediator may not pay the lawyer's deposit; the lawyer still can, once.
    expectClientError(await send('POST', '/api/payments/local/confirm', 'mediator', { clientSecret, card: CARDS.ok }), 'mediator paying');
    expect((await send('GET', `/api/requests/${draftId}`, 'lawyer')).json().status).toBe('draft');
    expect((await confirm({ clientSecret, card: CARDS.ok })).statusCode).toBe(200);
  });

  it('GET /api/payments ignores junk query strings, never 5xx', async () => {
    for (const who of ['lawyer', 'mediator'] as const) {
      for (const q of ['', '?limit=abc', '?cursor=%%%', '?limit[]=1&x[y][z]=2', '?%00=%00'])
        expectClientError(await send('GET', `/api/payments${q}`, who), `${who} payments${q}`, true);
    }
  });
});

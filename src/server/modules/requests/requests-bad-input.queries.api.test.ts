import { beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { BAD_BODIES, expectClientError, useBadInputApp, type Method, type Who } from '../../../../tests/helpers/bad-input';

// Wrong queries and path ids on the requests, payments and mediators endpoints: always a 4xx with a JSON message (or,
// for a harmless query, an answer), never a 5xx (RULES.md 7). The set-up is shared with the other
// requests-bad-input.*.api.test.ts (tests/helpers/bad-input.ts).

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

describe.each(backends)('bad input on the requests, payments and mediators endpoints never causes a 5xx on %s', (backend) => {
  const app = useBadInputApp(backend);
  const { raw, send } = app;
  let lawyer: Account;
  let pro: Account;
  let free: Account;
  let liveId: string;
  beforeAll(() => {
    ({ lawyer, pro, free, liveId } = app);
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

  it('GET /api/payments ignores junk query strings, never 5xx', async () => {
    for (const who of ['lawyer', 'mediator'] as const) {
      for (const q of ['', '?limit=abc', '?cursor=%%%', '?limit[]=1&x[y][z]=2', '?%00=%00'])
        expectClientError(await send('GET', `/api/payments${q}`, who), `${who} payments${q}`, true);
    }
  });
});

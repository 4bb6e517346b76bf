import { beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { BAD_BODIES, BAD_MONEY, BIG, expectClientError, expectFieldError, useBadInputApp } from '../../../../tests/helpers/bad-input';
import { CARDS } from '../../../../tests/helpers/requests';
import type { TestApp } from '../../../../tests/helpers/test-app';
import { CARD_TEXTS } from '../../../common/schemas/payments';
import { CONFLICT_CONFIRMATION_REQUIRED, FREE_TIER_COUNTEROFFER } from '../../../common/schemas/requests';

// Wrong bodies on the actions on a request (accept, cancel, pay the deposit): always a 4xx with a JSON message, never
// a 5xx (RULES.md 7), the spec's texts where it fixes them, and nothing accepted, cancelled or charged. The set-up is
// shared with the other requests-bad-input.*.api.test.ts (tests/helpers/bad-input.ts).

describe.each(backends)('bad input on the requests, payments and mediators endpoints never causes a 5xx on %s', (backend) => {
  const app = useBadInputApp(backend);
  const { raw, send } = app;
  let t: TestApp;
  let free: Account;
  let liveId: string;
  let draftId: string;
  let clientSecret: string;
  beforeAll(() => {
    ({ t, free, liveId, draftId, clientSecret } = app);
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
});

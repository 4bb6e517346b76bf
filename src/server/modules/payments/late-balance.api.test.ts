import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { runDueJobs } from '../../../../tests/helpers/jobs';
import { expectLedgerWhole, expectProviderAgrees } from '../../../../tests/helpers/ledger';
import { call, CARDS, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import type { LocalPaymentProvider } from '../../adapters/payments';
import { ensureAdmin } from '../users/accounts.service';

type Account = Awaited<ReturnType<typeof signUpLawyer>>;
const HOUR = 60 * 60_000;

// A balance paid for a selection that could no longer happen (the mediator withdrew while the lawyer paid with another
// card) is charged and refunded at once (decision 011). The withdrawal closes the balance's intent (decision 025), so
// the money can arrive late only in a race: the provider charged the card just before the withdrawal, and the app
// learns of it after (the confirmation's answer or the webhook). That charge, already given back, must never pay for anything
// later: not the payout, not a cancellation's refund, not a dispute's split. Budget 1,400.00: deposit 250.00,
// balance 1,150.00, fee 140.00, payout 1,260.00.
describe.each(backends)('a balance refunded on arrival, then the real selection, on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let lawyer: Account;
  let first: Account;
  let second: Account;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, 'late.admin@example.com', PASSWORD);
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'late.admin@example.com', password: PASSWORD }));
    lawyer = await signUpLawyer(t);
    first = await signUpMediator(t);
    second = await signUpMediator(t);
    await setTier(t, first.user.id, 'unlimited');
    await setTier(t, second.user.id, 'unlimited');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Matched with `second`, after a late balance for `first` was charged and refunded. */
  async function matchedAfterLateBalance() {
    const id = await createLiveRequest(t, lawyer.cookie, { preferredDate: '2027-06-01' }, CARDS.declinesLater);
    for (const m of [first, second])
      expect((await call(t, 'POST', `/api/requests/${id}/accept`, m.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    const declined = await call(t, 'POST', `/api/requests/${id}/select-mediator/${first.user.id}`, lawyer.cookie);
    expect(declined.statusCode).toBe(402);
    const provider = t.ctx.payments as LocalPaymentProvider;
    const intent = (await provider.findIntentBySecret(declined.json().clientSecret))!;
    expect((await provider.confirmIntent(intent, CARDS.ok)).status).toBe('succeeded');
    expect((await call(t, 'DELETE', `/api/requests/${id}/acceptance`, first.cookie)).statusCode).toBe(200);
    const late = await call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret: declined.json().clientSecret, card: CARDS.ok });
    expect(late.json()).toMatchObject({ message: 'The selection could no longer take effect; the balance charged has been refunded' });
    expect(late.statusCode).toBe(409);
    const again = await call(t, 'POST', `/api/requests/${id}/select-mediator/${second.user.id}`, lawyer.cookie);
    expect(again.statusCode).toBe(402);
    const paid = await call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret: again.json().clientSecret, card: CARDS.ok });
    expect(paid.statusCode).toBe(200);
    const ledger = (await expectLedgerWhole(t, id))!;
    expect(ledger.totals).toMatchObject({ charged: 25_000 + 2 * 115_000, refunded: 115_000 });
    await expectProviderAgrees(t, id);
    return id;
  }

  // Found by the ledger model (seed 251900037): the mediator withdrew, accepted again at another rate, and the lawyer
  // then paid the balance priced for the first terms; the selection took effect at the new budget with the old money.
  it('a withdrawal closes the balance waiting for that mediator, even if they accept again on other terms', async () => {
    const id = await createLiveRequest(t, lawyer.cookie, { preferredDate: '2027-06-01' }, CARDS.declinesLater);
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, first.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    const declined = await call(t, 'POST', `/api/requests/${id}/select-mediator/${first.user.id}`, lawyer.cookie);
    expect(declined.json()).toMatchObject({ amount: '1150.00' });
    expect((await call(t, 'DELETE', `/api/requests/${id}/acceptance`, first.cookie)).statusCode).toBe(200);
    const again = await call(t, 'POST', `/api/requests/${id}/accept`, first.cookie, { noConflictConfirmed: true, proposedRate: 400 });
    expect(again.statusCode, again.body).toBe(201);

    const stale = await call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret: declined.json().clientSecret, card: CARDS.ok });
    expect(stale.statusCode, stale.body).toBe(409);
    let ledger = (await expectLedgerWhole(t, id))!;
    expect(ledger.totals).toMatchObject({ charged: 25_000, refunded: 0 });
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json()).toMatchObject({ status: 'awaiting_selection' });

    // Selecting again prices the new terms: 4 h at 400.00 = 1,600.00, of which 1,350.00 is the balance.
    const fresh = await call(t, 'POST', `/api/requests/${id}/select-mediator/${first.user.id}`, lawyer.cookie);
    expect(fresh.json()).toMatchObject({ amount: '1350.00' });
    expect((await call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret: fresh.json().clientSecret, card: CARDS.ok })).statusCode).toBe(
      200,
    );
    ledger = (await expectLedgerWhole(t, id))!;
    expect(ledger.totals).toMatchObject({ charged: 160_000, refunded: 0 });
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json()).toMatchObject({ status: 'matched' });
    await expectProviderAgrees(t, id);
  });

  it('the payout pays the planned 1,260.00 once, from the charges that still hold the money', async () => {
    const id = await matchedAfterLateBalance();
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, second.cookie, { completionResults: 'Settled.' })).statusCode).toBe(200);
    t.clock.advance(73 * HOUR);
    await runDueJobs(t, (name) => name === 'payment.payout');
    const ledger = (await expectLedgerWhole(t, id))!;
    expect(ledger.payment.status).toBe('released');
    expect({ paid: ledger.totals.paidToMediator, fee: ledger.totals.feeKept }).toEqual({ paid: 126_000, fee: 14_000 });
    await expectProviderAgrees(t, id);
  });

  it('cancelling refunds the balance from the charge that holds it', async () => {
    const id = await matchedAfterLateBalance();
    const res = await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie, { reason: 'Settled' });
    expect(res.json()).toMatchObject({ refundAmount: '1400.00', kind: 'full' });
    const ledger = (await expectLedgerWhole(t, id))!;
    expect(ledger.totals.refunded).toBe(115_000 + 140_000);
    await expectProviderAgrees(t, id);
  });

  it.each(['refund_full', 'refund_partial', 'release'] as const)('a dispute resolved with %s splits only what is held', async (outcome) => {
    const id = await matchedAfterLateBalance();
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, second.cookie, { completionResults: 'Settled.' })).statusCode).toBe(200);
    const raised = await call(t, 'POST', `/api/requests/${id}/dispute`, lawyer.cookie, { reason: 'Problem' });
    expect(raised.statusCode).toBe(201);
    const resolved = await call(t, 'POST', `/api/admin/disputes/${raised.json().id}/resolve`, admin, { outcome, refundAmount: '1200.00', note: 'Decided' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const ledger = (await expectLedgerWhole(t, id))!;
    const refunded = { refund_full: 140_000, refund_partial: 120_000, release: 0 }[outcome];
    expect(ledger.totals.refunded).toBe(115_000 + refunded);
    expect(ledger.totals.paidToMediator + ledger.totals.feeKept).toBe(140_000 - refunded);
    await expectProviderAgrees(t, id);
  });
});

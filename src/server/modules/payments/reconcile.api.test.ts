import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, CARDS, createLiveRequest, setTier, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { LocalPaymentProvider } from '../../adapters/payments';
import { mediationRequests, paymentSteps, providerCharges } from '../../db/schema';
import { transaction } from '../../unit-of-work';
import { findPaymentForRequest, ledgerFor } from './payments.repo';
import { reconcilePayments } from './reconcile';
import { expectLedgerWhole } from '../../../../tests/helpers/ledger';

// Money calls happen outside transactions (docs/decisions/011): a step is recorded, the provider called with no lock
// held, the step settled after. These tests cut that sequence in its two dangerous places and let the reconciler
// finish the work: the money moves exactly once and the ledger balances.
describe.each(backends)('payment reconciliation on %s', (backend) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function matchedRequest() {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    const id = await createLiveRequest(t, lawyer.cookie, { caseName: 'Reconcile me' });
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, lawyer.cookie)).statusCode).toBe(200);
    return { lawyer, mediator, id };
  }

  it('a refund whose provider call failed is left pending, then settled once by the reconciler', async () => {
    t = await createTestApp(backend);
    const { lawyer, id } = await matchedRequest();
    const provider = t.ctx.payments as LocalPaymentProvider;
    const realRefund = provider.refund.bind(provider);
    provider.refund = async () => {
      throw new Error('provider unreachable');
    };
    const cancelled = await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie, { reason: 'Settled' });
    expect(cancelled.statusCode).toBe(200);
    const pending = await t.ctx.db.select().from(paymentSteps).where(eq(paymentSteps.status, 'pending'));
    expect(pending.map((s) => s.kind).sort()).toEqual(['refund', 'refund']);

    provider.refund = realRefund;
    const first = await reconcilePayments(t.ctx, { minAgeMs: 0 });
    expect(first.steps).toBe(2);
    expect(await reconcilePayments(t.ctx, { minAgeMs: 0 })).toEqual({ steps: 0, intents: 0 });
    const { totals } = (await expectLedgerWhole(t, id))!;
    expect(totals).toMatchObject({ charged: 140000, refunded: 140000 });
  });

  it('a refund the provider made before we crashed is recorded once, not made twice', async () => {
    t = await createTestApp(backend);
    const { lawyer, id } = await matchedRequest();
    const provider = t.ctx.payments as LocalPaymentProvider;
    const realRefund = provider.refund.bind(provider);
    // The provider moves the money, then the answer is lost (our process died before settling).
    provider.refund = async (input) => {
      await realRefund(input);
      throw new Error('connection reset after the provider answered');
    };
    expect((await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie, { reason: 'Settled' })).statusCode).toBe(200);
    provider.refund = realRefund;
    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    const refunds = await t.ctx.db
      .select()
      .from(providerCharges)
      .where(sql`${providerCharges.kind} = 'refund'`);
    expect(refunds).toHaveLength(2);
    expect((await expectLedgerWhole(t, id))!.totals).toMatchObject({ refunded: 140000 });
  });

  it('a deposit paid at the provider whose confirmation we never handled goes live through the reconciler', async () => {
    t = await createTestApp(backend);
    const lawyer = await signUpLawyer(t);
    const id = (await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest())).json().id as string;
    const { clientSecret } = (await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie)).json();
    const provider = t.ctx.payments as LocalPaymentProvider;
    const intent = (await provider.findIntentBySecret(clientSecret))!;
    await provider.confirmIntent(intent, { number: CARDS.ok.number.replace(/ /g, ''), expMonth: 12, expYear: 2030, cvc: '123' });
    expect((await t.ctx.db.select().from(mediationRequests).where(eq(mediationRequests.id, id)))[0].status).toBe('draft');
    expect((await reconcilePayments(t.ctx, { minAgeMs: 0 })).intents).toBe(1);
    expect((await t.ctx.db.select().from(mediationRequests).where(eq(mediationRequests.id, id)))[0].status).toBe('pending_mediators');
    expect(await reconcilePayments(t.ctx, { minAgeMs: 0 })).toEqual({ steps: 0, intents: 0 });
    expect((await expectLedgerWhole(t, id))!.totals).toMatchObject({ charged: 25000 });
  });

  it('the provider refuses to be called inside a transaction', async () => {
    t = await createTestApp(backend);
    await expect(transaction(t.ctx, () => t.ctx.payments.retrieveIntent('pi_x'))).rejects.toThrow(/inside a database transaction/);
  });

  it('replayed confirmations of a balance paid with a second card move no money (the probe case)', async () => {
    t = await createTestApp(backend);
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    const id = await createLiveRequest(t, lawyer.cookie, {}, CARDS.declinesLater);
    t.clock.advance(5 * 60_000);
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    const declined = await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, lawyer.cookie);
    expect(declined.statusCode).toBe(402);
    const confirm = () => call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret: declined.json().clientSecret, card: CARDS.ok });
    for (let i = 0; i < 3; i++) expect((await confirm()).statusCode).toBe(200);
    const entries = await ledgerFor(t.ctx.db, (await findPaymentForRequest(t.ctx.db, id))!.id);
    expect(entries.map((e) => e.kind).sort()).toEqual(['balance_charge', 'deposit_charge']);
    expect((await expectLedgerWhole(t, id))!.totals).toMatchObject({ charged: 140000, refunded: 0 });
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json()).toMatchObject({ status: 'matched', selectedMediatorId: mediator.user.id });
  });
});

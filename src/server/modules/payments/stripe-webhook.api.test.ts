import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { FAKE_CARDS } from '../../../../tests/fake-stripe/cards';
import { createAcceptedStripeRequest, createMatchedStripeRequest, startStripeApp, intentIdOf, onboardMediator } from '../../../../tests/fake-stripe/flows';
import { FakeStripe } from '../../../../tests/fake-stripe/server';
import { deliverEvent } from '../../../../tests/fake-stripe/webhooks';
import { signUpLawyer } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { runDueJobs } from '../../../../tests/helpers/jobs';
import { expectLedgerWhole, ledgerOf } from '../../../../tests/helpers/ledger';
import { call, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { STRIPE_NETWORK_RETRIES } from '../../adapters/payments/stripe-provider';
import { ledgerFor } from './payments.repo';
import { reconcilePayments } from './reconcile';
import { STRIPE_WEBHOOK_PATH } from '../../http-paths';

const HOUR = 60 * 60_000;
/** The provider's call and every retry the SDK makes of it. */
const EVERY_ATTEMPT = 1 + STRIPE_NETWORK_RETRIES;

// Webhooks are verified on the raw body and handled once per event id; the state comes from the API, never the body.
describe.each(backends)('stripe webhooks and lost answers on %s', (backend) => {
  let fake: FakeStripe;
  let t: TestApp;
  startStripeApp(backend, (app) => ({ t, fake } = app));

  /** A submitted draft and the id of its deposit intent (not paid yet). */
  async function submittedDraft() {
    const lawyer = await signUpLawyer(t);
    const id = (await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest())).json().id as string;
    const { clientSecret } = (await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie)).json();
    return { lawyer, id, intentId: intentIdOf(clientSecret) };
  }
  const statusOf = async (id: string, cookie: string) => (await call(t, 'GET', `/api/requests/${id}`, cookie)).json().status as string;

  it('a bad, missing or foreign signature is 400 and changes nothing; a cross-site Origin is not asked for', async () => {
    const { lawyer, id, intentId } = await submittedDraft();
    fake.confirmAsBrowser(intentId, FAKE_CARDS.visa);
    const event = fake.state.lastEvent('payment_intent.succeeded', intentId);
    const signed = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: fake.webhookSecret });
    const tampered = JSON.stringify({ ...event, id: 'evt_forged' });
    expect((await deliverEvent(t, fake, event, { signature: signed, body: tampered })).statusCode).toBe(400);
    const foreign = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: 'whsec_someone_else' });
    expect((await deliverEvent(t, fake, event, { signature: foreign })).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toMatch(/signature/);
    expect(await statusOf(id, lawyer.cookie)).toBe('draft');

    const fromElsewhere = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signed, origin: 'https://elsewhere.example' },
      payload: JSON.stringify(event),
    });
    expect(fromElsewhere.statusCode).toBe(200);
    expect(await statusOf(id, lawyer.cookie)).toBe('pending_mediators');
  });

  it('the same event delivered 10 times at once has one effect', async () => {
    const { lawyer, id, intentId } = await submittedDraft();
    fake.confirmAsBrowser(intentId, FAKE_CARDS.visa);
    const event = fake.state.lastEvent('payment_intent.succeeded', intentId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliverEvent(t, fake, event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
    expect(await statusOf(id, lawyer.cookie)).toBe('pending_mediators');
    const { payment } = (await expectLedgerWhole(t, id))!;
    expect((await ledgerFor(t.ctx.db, payment.id)).map((e) => e.kind)).toEqual(['deposit_charge']);
    // Replayed later (Stripe retries, an attacker resending a captured delivery): still acknowledged, still nothing.
    expect((await deliverEvent(t, fake, event)).json()).toEqual({ received: true, duplicate: true });
    expect((await ledgerFor(t.ctx.db, payment.id)).map((e) => e.kind)).toEqual(['deposit_charge']);
  });

  it('a payment_failed delivered after the intent succeeded (out of order) does not undo the success', async () => {
    const { lawyer, id, intentId } = await submittedDraft();
    fake.confirmAsBrowser(intentId, FAKE_CARDS.declined);
    const failed = fake.state.lastEvent('payment_intent.payment_failed', intentId);
    fake.confirmAsBrowser(intentId, FAKE_CARDS.visa);
    const succeeded = fake.state.lastEvent('payment_intent.succeeded', intentId);
    expect((await deliverEvent(t, fake, succeeded)).statusCode).toBe(200);
    expect((await deliverEvent(t, fake, failed)).json()).toEqual({ received: true, duplicate: false });
    expect(await statusOf(id, lawyer.cookie)).toBe('pending_mediators');
    expect((await ledgerOf(t, id))!.payment.status).toBe('held');
    const notices = (await call(t, 'GET', '/api/notifications', lawyer.cookie)).json() as { type: string }[];
    expect(notices.some((n) => n.type === 'payment_failed')).toBe(false);
  });

  it('refunds whose answers were lost after Stripe made them are settled once by the reconciler', async () => {
    const { lawyer, id } = await createMatchedStripeRequest(t, fake);
    const { payment } = (await ledgerOf(t, id))!;
    fake.dropResponses('POST', '/v1/refunds', 2 * EVERY_ATTEMPT);
    expect((await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie, { reason: 'Settled' })).statusCode).toBe(200);
    const refundsAtStripe = () =>
      [...fake.state.refunds.values()].filter((r) => String((r.metadata as Record<string, string>).idempotencyKey).startsWith(`refund:${payment.id}:`));
    expect(refundsAtStripe()).toHaveLength(2);
    expect((await ledgerOf(t, id))!.totals.refunded).toBe(0);

    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    expect(refundsAtStripe()).toHaveLength(2);
    const settled = (await expectLedgerWhole(t, id))!;
    expect(settled.payment.status).toBe('refunded_full');
    expect(settled.totals).toMatchObject({ charged: 140000, refunded: 140000 });
  });

  it('a payout transfer whose answer was lost is recorded once, not made twice', async () => {
    const { mediator, id } = await createMatchedStripeRequest(t, fake);
    await onboardMediator(t, fake, mediator.user.id);
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Settled.' })).statusCode).toBe(200);
    t.clock.advance(73 * HOUR);
    fake.dropResponses('POST', '/v1/transfers', EVERY_ATTEMPT);
    await runDueJobs(t);
    const { payment } = (await ledgerOf(t, id))!;
    const transfersAtStripe = () => [...fake.state.transfers.values()].filter((tr) => tr.transfer_group === payment.id);
    expect(transfersAtStripe()).toHaveLength(2);
    expect((await ledgerOf(t, id))!.payment.status).toBe('held');

    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    expect(transfersAtStripe()).toHaveLength(2);
    const settled = (await expectLedgerWhole(t, id))!;
    expect(settled.payment.status).toBe('released');
    expect(settled.totals).toMatchObject({ paidToMediator: 126000, feeKept: 14000 });
  });

  it('a balance charge whose answer was lost: the selection is settled once by the reconciler, charged once', async () => {
    const { lawyer, mediator, id } = await createAcceptedStripeRequest(t, fake);
    fake.dropResponses('POST', '/v1/payment_intents', EVERY_ATTEMPT);
    const select = await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, lawyer.cookie);
    expect(select.statusCode).toBe(503);
    expect(select.json()).toMatchObject({ code: 'payment_in_progress' });
    const balances = () =>
      [...fake.state.intents.values()].filter(
        (pi) => (pi.metadata as Record<string, string>).purpose === 'balance' && (pi.metadata as Record<string, string>).requestId === id,
      );
    expect(balances().map((pi) => pi.status)).toEqual(['succeeded']);
    expect(await statusOf(id, lawyer.cookie)).toBe('awaiting_selection');

    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    expect(balances()).toHaveLength(1);
    expect(await statusOf(id, lawyer.cookie)).toBe('matched');
    expect((await expectLedgerWhole(t, id))!.totals).toMatchObject({ charged: 140000, refunded: 0 });
  });

  it('account.updated delivered 10 times at once pays a waiting payout once', async () => {
    const { mediator, id } = await createMatchedStripeRequest(t, fake);
    const accountId = await onboardMediator(t, fake, mediator.user.id, false);
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Settled.' })).statusCode).toBe(200);
    t.clock.advance(73 * HOUR);
    await runDueJobs(t);
    const { payment } = (await ledgerOf(t, id))!;
    expect([...fake.state.transfers.values()].filter((tr) => tr.transfer_group === payment.id)).toHaveLength(0);

    fake.state.completeOnboarding(accountId);
    const event = fake.state.lastEvent('account.updated', accountId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliverEvent(t, fake, event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect([...fake.state.transfers.values()].filter((tr) => tr.transfer_group === payment.id)).toHaveLength(2);
    const settled = (await expectLedgerWhole(t, id))!;
    expect(settled.payment.status).toBe('released');
    expect(settled.totals.paidToMediator).toBe(126000);
  });

  it('with the local provider the webhook answers 404', async () => {
    const local = await createTestApp(backend);
    try {
      const res = await local.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await local.close();
    }
  }, 90_000);
});

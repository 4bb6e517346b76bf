import { describe, expect, it } from 'vitest';
import { FAKE_CARDS } from '../../../../tests/fake-stripe/cards';
import {
  createAcceptedStripeRequest,
  createMatchedStripeRequest,
  startStripeApp,
  intentIdOf,
  onboardMediator,
  payInBrowser,
} from '../../../../tests/fake-stripe/flows';
import { FakeStripe } from '../../../../tests/fake-stripe/server';
import { deliverLast } from '../../../../tests/fake-stripe/webhooks';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { runDueJobs } from '../../../../tests/helpers/jobs';
import { expectLedgerWhole, ledgerOf } from '../../../../tests/helpers/ledger';
import { call, validRequest } from '../../../../tests/helpers/requests';
import { sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { reconcilePayments } from './reconcile';

const HOUR = 60 * 60_000;

// The same API flows as the local provider's, with PAYMENTS_PROVIDER=stripe: the real SDK against a fake of Stripe's
// HTTP API (tests/fake-stripe), outcomes arriving by signed webhook, and the ledger checked against the fake's money.
describe.each(backends)('the stripe provider against the fake on %s', (backend) => {
  let fake: FakeStripe;
  let t: TestApp;
  // One app per database (creating one is the slow part); every test makes its own users and requests.
  startStripeApp(backend, (app) => ({ t, fake } = app));

  const requestOf = async (id: string, cookie: string) => (await call(t, 'GET', `/api/requests/${id}`, cookie)).json();

  it('submit → the deposit confirmed by webhook → live, with the card saved to the lawyer’s customer', async () => {
    const lawyer = await signUpLawyer(t);
    const id = (await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest())).json().id as string;
    const submit = await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie);
    expect(submit.statusCode).toBe(200);
    const intent = fake.state.intent(intentIdOf(submit.json().clientSecret));
    expect(intent).toMatchObject({ amount: 25000, setup_future_usage: 'off_session', metadata: { purpose: 'deposit', requestId: id } });
    // Submitting again before paying answers the same intent.
    expect((await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie)).json().clientSecret).toBe(submit.json().clientSecret);
    expect((await requestOf(id, lawyer.cookie)).status).toBe('draft');

    expect(await payInBrowser(t, fake, submit.json().clientSecret)).toEqual({ received: true, duplicate: false });
    expect((await requestOf(id, lawyer.cookie)).status).toBe('pending_mediators');
    const { payment, totals } = (await expectLedgerWhole(t, id))!;
    expect(payment.status).toBe('held');
    expect(totals.charged).toBe(25000);
    const saved = fake.state.paymentMethods.get(payment.paymentMethodId!)!;
    expect(saved.customer).toBe(intent.customer);
    expect(fake.state.customers.get(String(intent.customer))?.metadata).toEqual({ userId: lawyer.user.id });
  });

  it('a declined deposit leaves the draft failed; submitting again makes a new intent that pays', async () => {
    const lawyer = await signUpLawyer(t);
    const id = (await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest())).json().id as string;
    const first = (await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie)).json().clientSecret as string;
    await payInBrowser(t, fake, first, FAKE_CARDS.insufficientFunds);
    expect((await ledgerOf(t, id))!.payment.status).toBe('failed');
    expect((await requestOf(id, lawyer.cookie)).status).toBe('draft');
    const notices = (await call(t, 'GET', '/api/notifications', lawyer.cookie)).json() as { type: string; message: string }[];
    expect(notices.find((n) => n.type === 'payment_failed')?.message).toMatch(/insufficient funds/);

    const second = (await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie)).json().clientSecret as string;
    expect(intentIdOf(second)).not.toBe(intentIdOf(first));
    await payInBrowser(t, fake, second);
    expect((await requestOf(id, lawyer.cookie)).status).toBe('pending_mediators');
    expect((await expectLedgerWhole(t, id))!.totals.charged).toBe(25000);
  });

  it('select → the balance is charged off session to the saved card; its own webhook changes nothing', async () => {
    const { lawyer, mediator, id } = await createMatchedStripeRequest(t, fake);
    expect(await requestOf(id, lawyer.cookie)).toMatchObject({ status: 'matched', selectedMediatorId: mediator.user.id });
    const { payment, totals } = (await expectLedgerWhole(t, id))!;
    expect(totals).toMatchObject({ charged: 140000, refunded: 0 });
    const balance = [...fake.state.intents.values()].find(
      (pi) => pi.metadata && (pi.metadata as Record<string, string>).purpose === 'balance' && (pi.metadata as Record<string, string>).requestId === id,
    )!;
    expect(balance).toMatchObject({ amount: 115000, status: 'succeeded', payment_method: payment.paymentMethodId });
    // Stripe also announces the off-session intent; the selection already settled it, so the webhook is a no-op.
    expect(await deliverLast(t, fake, 'payment_intent.succeeded', balance.id)).toEqual({ received: true, duplicate: false });
    expect((await expectLedgerWhole(t, id))!.totals).toMatchObject({ charged: 140000, refunded: 0 });
  });

  it('a balance the saved card declines → 402 with a client secret; paid with another card, the selection takes effect', async () => {
    const { lawyer, mediator, id } = await createAcceptedStripeRequest(t, fake, FAKE_CARDS.declinesLater);
    const declined = await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, lawyer.cookie);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: 'Your card was declined.', amount: '1150.00' });
    expect((await requestOf(id, lawyer.cookie)).status).toBe('awaiting_selection');
    await payInBrowser(t, fake, declined.json().clientSecret, FAKE_CARDS.visa);
    expect(await requestOf(id, lawyer.cookie)).toMatchObject({ status: 'matched', selectedMediatorId: mediator.user.id });
    expect((await expectLedgerWhole(t, id))!.totals).toMatchObject({ charged: 140000, refunded: 0 });
  });

  it('a cancellation refunds against the charges at Stripe; the charge.refunded webhooks change nothing', async () => {
    const { lawyer, id } = await createMatchedStripeRequest(t, fake);
    const cancelled = await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie, { reason: 'Settled between the parties' });
    expect(cancelled.statusCode).toBe(200);
    const { payment, totals } = (await expectLedgerWhole(t, id))!;
    expect(payment.status).toBe('refunded_full');
    expect(totals).toMatchObject({ charged: 140000, refunded: 140000 });
    const refunds = [...fake.state.refunds.values()].filter((r) => (r.metadata as Record<string, string>).idempotencyKey?.startsWith(`refund:${payment.id}:`));
    expect(refunds.map((r) => r.amount).sort()).toEqual([115000, 25000]);
    for (const refund of refunds) await deliverLast(t, fake, 'charge.refunded', String(refund.charge));
    expect((await expectLedgerWhole(t, id))!.totals).toMatchObject({ refunded: 140000 });
  });

  it('completion → after the hold window, one transfer per source charge in the payment’s transfer group', async () => {
    const { mediator, id } = await createMatchedStripeRequest(t, fake);
    const accountId = await onboardMediator(t, fake, mediator.user.id);
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Settled.' })).statusCode).toBe(200);
    t.clock.advance(73 * HOUR);
    await runDueJobs(t);
    const { payment, totals } = (await expectLedgerWhole(t, id))!;
    expect(payment.status).toBe('released');
    expect(totals).toMatchObject({ charged: 140000, paidToMediator: 126000, feeKept: 14000 });
    const transfers = [...fake.state.transfers.values()].filter((tr) => tr.transfer_group === payment.id);
    expect(transfers).toHaveLength(2);
    expect(transfers.every((tr) => tr.destination === accountId)).toBe(true);
    const sources = transfers.map((tr) => fake.state.charge(String(tr.source_transaction)).payment_intent);
    expect(new Set(sources).size).toBe(2);
    expect(transfers.reduce((sum, tr) => sum + Number(tr.amount), 0)).toBe(126000);
  });

  it('a payout waits for the mediator’s onboarding (told once what is missing), then goes on account.updated', async () => {
    const { mediator, id } = await createMatchedStripeRequest(t, fake);
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Settled.' })).statusCode).toBe(200);
    t.clock.advance(73 * HOUR);
    await runDueJobs(t);
    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    const waiting = (await expectLedgerWhole(t, id))!;
    expect(waiting.payment.status).toBe('held');
    expect(waiting.totals.paidToMediator).toBe(0);
    expect([...fake.state.transfers.values()].filter((tr) => tr.transfer_group === waiting.payment.id)).toHaveLength(0);
    const notices = (await call(t, 'GET', '/api/notifications', mediator.cookie)).json() as { title: string; message: string }[];
    const told = notices.filter((n) => n.title === 'Payout waiting for your payout account');
    expect(told).toHaveLength(1);
    expect(told[0].message).toMatch(/A bank account to receive your payouts/);
    expect(told[0].message).toMatch(/Your date of birth/);

    const accountId = [...fake.state.accounts.values()].find((a) => (a.metadata as Record<string, string>).userId === mediator.user.id)!.id;
    fake.state.completeOnboarding(accountId);
    await deliverLast(t, fake, 'account.updated', accountId);
    const paid = (await expectLedgerWhole(t, id))!;
    expect(paid.payment.status).toBe('released');
    expect(paid.totals.paidToMediator).toBe(126000);
    expect([...fake.state.transfers.values()].filter((tr) => tr.transfer_group === paid.payment.id)).toHaveLength(2);
  });

  it('a deposit paid at Stripe whose webhook never came goes live through the reconciler', async () => {
    const lawyer = await signUpLawyer(t);
    const id = (await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest())).json().id as string;
    const { clientSecret } = (await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie)).json();
    fake.confirmAsBrowser(intentIdOf(clientSecret), FAKE_CARDS.visa);
    expect((await reconcilePayments(t.ctx, { minAgeMs: 0 })).intents).toBeGreaterThanOrEqual(1);
    expect((await requestOf(id, lawyer.cookie)).status).toBe('pending_mediators');
    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    expect((await expectLedgerWhole(t, id))!.totals.charged).toBe(25000);
  });

  it('submitting again after paying but before the webhook reads the intent afresh: the request goes live once', async () => {
    const lawyer = await signUpLawyer(t);
    const id = (await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest())).json().id as string;
    const { clientSecret } = (await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie)).json();
    fake.confirmAsBrowser(intentIdOf(clientSecret), FAKE_CARDS.visa);
    // Stripe replays the first answer to the same key (an intent waiting for payment); the provider reads it again.
    expect((await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie)).statusCode).toBe(409);
    expect((await requestOf(id, lawyer.cookie)).status).toBe('pending_mediators');
    await deliverLast(t, fake, 'payment_intent.succeeded', intentIdOf(clientSecret));
    expect((await expectLedgerWhole(t, id))!.totals.charged).toBe(25000);
  });

  describe('subscriptions (renewals on our job, charging the saved card off session)', () => {
    const signIn = async (email: string) => sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD }));
    const subscriptionOf = async (cookie: string) => (await call(t, 'GET', '/api/subscription', cookie)).json();
    async function upgradeToPro(card: string) {
      const mediator = await signUpMediator(t);
      const upgrade = await call(t, 'POST', '/api/subscription/upgrade', mediator.cookie, { tier: 'pro' });
      expect(upgrade.statusCode, upgrade.body).toBe(200);
      expect(fake.state.intent(intentIdOf(upgrade.json().clientSecret))).toMatchObject({ amount: 5000, setup_future_usage: 'off_session' });
      await payInBrowser(t, fake, upgrade.json().clientSecret, card);
      expect((await subscriptionOf(mediator.cookie)).tier).toBe('pro');
      return mediator;
    }
    const renewalsAtStripe = (mediatorId: string) =>
      [...fake.state.intents.values()].filter((pi) => {
        const metadata = pi.metadata as Record<string, string>;
        return metadata.purpose === 'subscription_renewal' && metadata.userId === mediatorId;
      });

    it('an upgrade paid by webhook, then each period end charges the saved card once', async () => {
      const mediator = await upgradeToPro(FAKE_CARDS.visa);
      const firstEnd = new Date((await subscriptionOf(mediator.cookie)).currentPeriodEnd);
      t.clock.set(firstEnd);
      await runDueJobs(t);
      const [renewal] = renewalsAtStripe(mediator.user.id);
      expect(renewal).toMatchObject({ amount: 5000, status: 'succeeded' });
      // Stripe announces the off-session intent too; the renewal already settled it.
      await deliverLast(t, fake, 'payment_intent.succeeded', renewal.id);
      const cookie = await signIn(mediator.email);
      expect(await subscriptionOf(cookie)).toMatchObject({ tier: 'pro', currentPeriodStart: firstEnd.toISOString() });
      expect(renewalsAtStripe(mediator.user.id)).toHaveLength(1);
    });

    it('a renewal the saved card declines returns the mediator to Free', async () => {
      const mediator = await upgradeToPro(FAKE_CARDS.declinesLater);
      t.clock.set(new Date((await subscriptionOf(mediator.cookie)).currentPeriodEnd));
      await runDueJobs(t);
      expect(renewalsAtStripe(mediator.user.id).map((pi) => pi.status)).toEqual(['requires_payment_method']);
      const cookie = await signIn(mediator.email);
      expect(await subscriptionOf(cookie)).toMatchObject({ tier: 'free', currentPeriodEnd: null });
    });
  });
});

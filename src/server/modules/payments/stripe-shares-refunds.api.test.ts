import { describe, expect, it } from 'vitest';
import { startStripeApp } from '../../../../tests/fake-stripe/flows';
import type { FakeStripe } from '../../../../tests/fake-stripe/server';
import { PASSWORD } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { daysOn, entriesOf, moneyOf } from '../../../../tests/helpers/fee-split';
import { call } from '../../../../tests/helpers/requests';
import { sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureAdmin } from '../users/accounts.service';
import { FIRST, SECOND, stripeShareKit } from '../../../../tests/fake-stripe/shares';

// Issue 24 against Stripe: a two-sided case's money with PAYMENTS_PROVIDER=stripe, the real SDK talking to the fake of
// Stripe's HTTP API (tests/fake-stripe). "Separate charges and transfers": every payer's payment is its own
// PaymentIntent on its own customer, refunds go back on the charge that took the money, and the mediator is paid by
// one transfer per source charge, all in the payment's transfer group. Each flow is checked against the fake's own
// records (intents, charges, refunds, transfers) and against our ledger, per payer, to the cent.
// This file: cancellations (the canceller bears the fee) and a dispute refunded per payer; stripe-shares.api.test.ts
// holds the payments, on-behalf shares and the payout.
describe.each(backends)('a two-sided case’s refunds at Stripe (the fake) on %s', (backend) => {
  let fake: FakeStripe;
  let t: TestApp;
  const env = {} as { t: TestApp; fake: FakeStripe };
  startStripeApp(backend, (app) => {
    ({ t, fake } = app);
    Object.assign(env, app);
  });
  const { refundsOn, transfersIn, matchedSixtyForty, chargesAtStripe, expectStripeAgrees, deliverEverythingSince } = stripeShareKit(env);

  it('the owner cancels with 6 days’ notice (half the deposit kept): each charge refunded at Stripe, the kept part from the owner’s deposit charge and transferred from it', async () => {
    const { owner, opposing, accountId, id } = await matchedSixtyForty({ preferredDate: daysOn(t, 6) });
    const from = fake.state.events.length;
    const charge = chargesAtStripe(id, owner, opposing);
    const cancelled = await call(t, 'POST', `/api/requests/${id}/cancel`, owner.cookie, { reason: 'Settled between the parties' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // Kept: 125.00 of the 250.00 deposit, all from the owner's deposit charge (it holds 150.00): 25.00 of it comes back
    // (after the 100.00 excess returned when the share arrived); opposing counsel's 100.00 share comes back whole, and
    // each balance share is refunded whole on its own charge.
    const refunded = (chargeId: string) => refundsOn(chargeId).map((r) => r.amount);
    expect(refunded(charge.ownerDeposit)).toEqual([10_000, 2_500]);
    expect(refunded(charge.opposingDeposit)).toEqual([SECOND.deposit]);
    expect(refunded(charge.ownerBalance)).toEqual([FIRST.balance]);
    expect(refunded(charge.opposingBalance)).toEqual([SECOND.balance]);
    // The cancellation fee: 112.50 to the mediator from the owner's charge (12.50 commission kept), one transfer.
    const { payment, transfers } = await expectStripeAgrees(id, accountId);
    expect(transfers).toMatchObject([{ amount: 11_250, source_transaction: charge.ownerDeposit, destination: accountId, transfer_group: payment.id }]);
    expect(payment.status).toBe('refunded_partial');
    expect(await moneyOf(t, id, owner.user.id)).toEqual({ charged: 94_000, refunded: 10_000 + 2_500 + FIRST.balance, toMediator: 11_250, fee: 1_250, held: 0 });
    expect(await moneyOf(t, id, opposing.user.id)).toEqual({ charged: 56_000, refunded: 56_000, toMediator: 0, fee: 0, held: 0 });

    const before = await entriesOf(t, id);
    expect(await deliverEverythingSince(from)).toEqual(expect.arrayContaining(['charge.refunded', 'transfer.created']));
    expect(await entriesOf(t, id)).toEqual(before);
    expect(transfersIn(payment.id)).toHaveLength(1);
  });

  it('the owner cancels the day before (nothing of the deposit refunded): the owner’s deposit charge is kept first, the rest from the other side’s, one transfer per charge', async () => {
    const { owner, opposing, accountId, id } = await matchedSixtyForty({ preferredDate: daysOn(t, 1) });
    const charge = chargesAtStripe(id, owner, opposing);
    const cancelled = await call(t, 'POST', `/api/requests/${id}/cancel`, owner.cookie, { reason: 'Settled between the parties' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // All 250.00 kept: the owner's 150.00 first, then opposing counsel's 100.00; the commission in proportion (15.00,
    // 10.00). Only the balance shares come back.
    expect(refundsOn(charge.ownerDeposit).map((r) => r.amount)).toEqual([10_000]);
    expect(refundsOn(charge.opposingDeposit)).toEqual([]);
    expect(refundsOn(charge.ownerBalance).map((r) => r.amount)).toEqual([FIRST.balance]);
    expect(refundsOn(charge.opposingBalance).map((r) => r.amount)).toEqual([SECOND.balance]);
    const { payment, transfers } = await expectStripeAgrees(id, accountId);
    expect(transfers.map((tr) => [tr.source_transaction, tr.amount])).toEqual(
      expect.arrayContaining([
        [charge.ownerDeposit, 13_500],
        [charge.opposingDeposit, 9_000],
      ]),
    );
    expect(transfers).toHaveLength(2);
    expect(payment.status).toBe('refunded_partial');
    expect(await moneyOf(t, id, owner.user.id)).toEqual({ charged: 94_000, refunded: 10_000 + FIRST.balance, toMediator: 13_500, fee: 1_500, held: 0 });
    expect(await moneyOf(t, id, opposing.user.id)).toEqual({ charged: 56_000, refunded: SECOND.balance, toMediator: 9_000, fee: 1_000, held: 0 });
  });

  it('a dispute resolved with a 400.00 refund: Stripe refunds each payer’s balance charge in proportion (240.00, 160.00), the rest goes out per source charge', async () => {
    const { owner, opposing, mediator, accountId, id } = await matchedSixtyForty();
    const charge = chargesAtStripe(id, owner, opposing);
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Partly settled.' })).statusCode).toBe(200);
    const reported = await call(t, 'POST', `/api/requests/${id}/dispute`, opposing.cookie, { reason: 'The session ended after an hour.' });
    expect(reported.statusCode, reported.body).toBe(201);
    const email = `stripe-shares.admin.${backend}@example.com`;
    await ensureAdmin(t.ctx, email, PASSWORD);
    const admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD }));
    const from = fake.state.events.length;
    const resolved = await call(t, 'POST', `/api/admin/disputes/${reported.json().id}/resolve`, admin, {
      outcome: 'refund_partial',
      refundAmount: '400.00',
      note: 'One hour of four.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);

    // Held 840.00 and 560.00: the 400.00 is shared 240.00 / 160.00, each from its payer's balance charge. Of the 1,000.00
    // left, the 100.00 commission comes from the first charge (the owner's deposit), the rest of every charge is
    // transferred from it.
    expect(refundsOn(charge.ownerBalance).map((r) => r.amount)).toEqual([24_000]);
    expect(refundsOn(charge.opposingBalance).map((r) => r.amount)).toEqual([16_000]);
    expect(refundsOn(charge.ownerDeposit).map((r) => r.amount)).toEqual([10_000]);
    expect(refundsOn(charge.opposingDeposit)).toEqual([]);
    const { payment, totals, transfers } = await expectStripeAgrees(id, accountId);
    expect(Object.fromEntries(transfers.map((tr) => [String(tr.source_transaction), tr.amount]))).toEqual({
      [charge.ownerDeposit]: FIRST.deposit - 10_000,
      [charge.opposingDeposit]: SECOND.deposit,
      [charge.ownerBalance]: FIRST.balance - 24_000,
      [charge.opposingBalance]: SECOND.balance - 16_000,
    });
    expect(payment.status).toBe('refunded_partial');
    expect(totals).toMatchObject({ charged: 150_000, refunded: 10_000 + 40_000, paidToMediator: 90_000, feeKept: 10_000 });
    expect(await moneyOf(t, id, owner.user.id)).toEqual({ charged: 94_000, refunded: 10_000 + 24_000, toMediator: 50_000, fee: 10_000, held: 0 });
    expect(await moneyOf(t, id, opposing.user.id)).toEqual({ charged: 56_000, refunded: 16_000, toMediator: 40_000, fee: 0, held: 0 });

    const before = await entriesOf(t, id);
    await deliverEverythingSince(from);
    expect(await entriesOf(t, id)).toEqual(before);
  });

  // Last: it moves the clock past the payout hold window.
});

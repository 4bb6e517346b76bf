import { describe, expect, it, vi } from 'vitest';
import { parseCents } from '../../../common/money';
import { FAKE_CARDS } from '../../../../tests/fake-stripe/cards';
import { startStripeApp } from '../../../../tests/fake-stripe/flows';
import type { FakeStripe } from '../../../../tests/fake-stripe/server';
import { deliverLast } from '../../../../tests/fake-stripe/webhooks';
import { backends } from '../../../../tests/helpers/backends';
import { acceptingMediators, entriesOf, moneyOf } from '../../../../tests/helpers/fee-split';
import { recordedJobs, runDueJobs } from '../../../../tests/helpers/jobs';
import { expectLedgerWhole } from '../../../../tests/helpers/ledger';
import { call } from '../../../../tests/helpers/requests';
import { type TestApp } from '../../../../tests/helpers/test-app';
import { runJob } from '../../jobs/handlers';
import { HOUR, FIFTY_FIFTY, FIRST, SECOND, metadataOf, stripeShareKit } from '../../../../tests/fake-stripe/shares';

// Issue 24 against Stripe: a two-sided case's money with PAYMENTS_PROVIDER=stripe, the real SDK talking to the fake of
// Stripe's HTTP API (tests/fake-stripe). "Separate charges and transfers": every payer's payment is its own
// PaymentIntent on its own customer, refunds go back on the charge that took the money, and the mediator is paid by
// one transfer per source charge, all in the payment's transfer group. Each flow is checked against the fake's own
// records (intents, charges, refunds, transfers) and against our ledger, per payer, to the cent.
describe.each(backends)('a two-sided case’s money at Stripe (the fake) on %s', (backend) => {
  let fake: FakeStripe;
  let t: TestApp;
  const env = {} as { t: TestApp; fake: FakeStripe };
  startStripeApp(backend, (app) => {
    ({ t, fake } = app);
    Object.assign(env, app);
  });
  const {
    intentsFor,
    refundsOn,
    transfersIn,
    customerOf,
    postsTo,
    statusOf,
    twoSidedAtStripe,
    payShareInBrowser,
    agree,
    matchedSixtyForty,
    chargesAtStripe,
    expectStripeAgrees,
    deliverEverythingSince,
  } = stripeShareKit(env);

  it('60/40: the owner’s deposit is one intent; opposing counsel’s share, declined then paid by card, is its own; the owner’s excess goes back on the owner’s charge', async () => {
    const from = fake.state.events.length;
    const { owner, opposing, id } = await twoSidedAtStripe();
    const ownerCustomer = customerOf(owner.user.id);
    expect(intentsFor(id)).toHaveLength(1);
    const [deposit] = intentsFor(id);
    expect(deposit).toMatchObject({
      amount: 25_000,
      status: 'succeeded',
      customer: ownerCustomer,
      setup_future_usage: 'off_session',
      metadata: { purpose: 'deposit', requestId: id, userId: owner.user.id },
    });
    const ownerCharge = String(deposit.latest_charge);
    expect(customerOf(opposing.user.id)).toBeUndefined();

    // A declined card: the share's intent is left waiting for another card, its failed charge books nothing.
    const declined = await payShareInBrowser(opposing, id, 'second', FAKE_CARDS.declined);
    expect(declined).toMatchObject({ amount: '100.00', side: 'second', onBehalf: false, kind: 'deposit' });
    const opposingCustomer = customerOf(opposing.user.id);
    expect(opposingCustomer).toEqual(expect.any(String));
    expect(opposingCustomer).not.toBe(ownerCustomer);
    expect(fake.state.intent(declined.intentId)).toMatchObject({
      amount: 10_000,
      status: 'requires_payment_method',
      customer: opposingCustomer,
      metadata: { purpose: 'deposit_share', requestId: id, userId: opposing.user.id, side: 'second' },
      last_payment_error: { decline_code: 'generic_decline' },
    });
    expect(fake.state.charge(String(fake.state.intent(declined.intentId).latest_charge))).toMatchObject({ status: 'failed', amount_refunded: 0 });
    expect((await entriesOf(t, id)).map((e) => e.kind)).toEqual(['deposit_charge']);
    expect(refundsOn(ownerCharge)).toEqual([]);

    // Another try is a new attempt with its own intent, paid with the visa card.
    const paid = await payShareInBrowser(opposing, id, 'second', FAKE_CARDS.visa);
    expect(paid).toMatchObject({ amount: '100.00', kind: 'deposit', onBehalf: false });
    expect(paid.intentId).not.toBe(declined.intentId);
    const share = fake.state.intent(paid.intentId);
    expect(share).toMatchObject({
      amount: 10_000,
      status: 'succeeded',
      customer: opposingCustomer,
      setup_future_usage: 'off_session',
      metadata: { purpose: 'deposit_share', requestId: id, userId: opposing.user.id, side: 'second' },
    });
    // The card is saved to opposing counsel's customer, for its balance share later.
    expect(fake.state.paymentMethods.get(String(share.payment_method))?.customer).toBe(opposingCustomer);
    const shareCharge = String(share.latest_charge);

    // The owner held 250.00 against its 150.00 share: 100.00 refunded on the owner's own charge, none on the other.
    expect(refundsOn(ownerCharge)).toMatchObject([{ amount: 10_000, payment_intent: deposit.id, status: 'succeeded' }]);
    expect(refundsOn(shareCharge)).toEqual([]);
    expect(fake.state.charge(ownerCharge)).toMatchObject({ amount: 25_000, amount_refunded: 10_000, refunded: false });
    expect(fake.state.charge(shareCharge)).toMatchObject({ amount: 10_000, amount_refunded: 0 });
    const [refund] = refundsOn(ownerCharge);
    // Our ledger: the two charges, each its payer's, and the refund booked to the owner (entries made at the same
    // instant have no order between them).
    const entries = await entriesOf(t, id);
    expect(entries.map((e) => [e.kind, e.amount, e.payerId, e.shareSide, e.providerRef])).toEqual(
      expect.arrayContaining([
        ['deposit_charge', 25_000, owner.user.id, null, ownerCharge],
        ['deposit_charge', 10_000, opposing.user.id, 'second', shareCharge],
        ['refund', 10_000, owner.user.id, null, refund.id],
      ]),
    );
    expect(entries).toHaveLength(3);
    expect(await moneyOf(t, id, owner.user.id)).toEqual({ charged: 25_000, refunded: 10_000, toMediator: 0, fee: 0, held: FIRST.deposit });
    expect(await moneyOf(t, id, opposing.user.id)).toEqual({ charged: 10_000, refunded: 0, toMediator: 0, fee: 0, held: SECOND.deposit });
    const { payment, totals } = await expectStripeAgrees(id);
    expect(payment.status).toBe('held');
    expect(totals).toMatchObject({ charged: 35_000, refunded: 10_000 });

    // Stripe's webhooks for all of it (charge.refunded included), delivered again in order, change nothing.
    const before = await entriesOf(t, id);
    expect(await deliverEverythingSince(from)).toEqual(
      expect.arrayContaining(['payment_intent.payment_failed', 'payment_intent.succeeded', 'charge.refunded']),
    );
    expect(await entriesOf(t, id)).toEqual(before);
    expect(refundsOn(ownerCharge)).toHaveLength(1);

    // The control: a refund made at Stripe outside the app (the dashboard) is flagged by the same webhook, not booked.
    const warn = vi.spyOn(t.ctx.log, 'warn');
    try {
      fake.state.createRefund({ charge: shareCharge, amount: '100' });
      await deliverLast(t, fake, 'charge.refunded', shareCharge);
      expect(warn).toHaveBeenCalledWith({ chargeId: shareCharge, atStripe: 100, ours: 0 }, expect.stringMatching(/outside the app/));
    } finally {
      warn.mockRestore();
    }
    expect(await entriesOf(t, id)).toEqual(before);
  });

  it('one side pays the other side’s shares (on behalf): each intent is on the payer’s customer, the ledger names the payer and the side it funds', async () => {
    const { owner, opposing, id } = await twoSidedAtStripe(FIFTY_FIFTY);
    const ownerCustomer = customerOf(owner.user.id)!;
    const ownerDepositCharge = String(intentsFor(id)[0].latest_charge);

    const depositShare = await payShareInBrowser(owner, id, 'second');
    expect(depositShare).toMatchObject({ amount: '125.00', side: 'second', onBehalf: true, kind: 'deposit' });
    expect(fake.state.intent(depositShare.intentId)).toMatchObject({
      amount: 12_500,
      status: 'succeeded',
      customer: ownerCustomer,
      metadata: { purpose: 'deposit_share', requestId: id, userId: owner.user.id, side: 'second' },
    });
    const behalfCharge = String(fake.state.intent(depositShare.intentId).latest_charge);
    // The owner's own excess (125.00 beyond its 125.00 share) goes back on its first charge, not on the on-behalf one.
    expect(refundsOn(ownerDepositCharge).map((r) => r.amount)).toEqual([12_500]);
    expect(refundsOn(behalfCharge)).toEqual([]);

    // At the approval the owner's balance share is charged off session to its saved card; opposing counsel has no card
    // of its own (the card the owner paid with is the owner's), so its share waits and the owner pays it by card too.
    const [mediator] = await acceptingMediators(t, id);
    expect(await agree(owner, opposing, id, mediator)).toMatchObject({ status: 'awaiting_selection', selectedMediatorId: null });
    const balanceShare = await payShareInBrowser(owner, id, 'second');
    expect(balanceShare).toMatchObject({ amount: '575.00', side: 'second', onBehalf: true, kind: 'balance' });
    expect(fake.state.intent(balanceShare.intentId)).toMatchObject({
      amount: 57_500,
      status: 'succeeded',
      customer: ownerCustomer,
      metadata: { purpose: 'deposit_share', requestId: id, userId: owner.user.id, side: 'second' },
    });
    expect(await statusOf(id, opposing.cookie)).toBe('matched');

    // Every intent of the case is on the owner's customer; opposing counsel never became a Stripe customer.
    const succeeded = intentsFor(id).filter((pi) => pi.status === 'succeeded');
    expect(succeeded.map((pi) => [metadataOf(pi).purpose, pi.amount, pi.customer])).toEqual(
      expect.arrayContaining([
        ['deposit', 25_000, ownerCustomer],
        ['deposit_share', 12_500, ownerCustomer],
        ['balance', 57_500, ownerCustomer],
        ['deposit_share', 57_500, ownerCustomer],
      ]),
    );
    expect(succeeded).toHaveLength(4);
    expect(customerOf(opposing.user.id)).toBeUndefined();

    const charges = (await entriesOf(t, id)).filter((e) => e.kind !== 'refund');
    expect(charges.map((e) => [e.kind, e.amount, e.payerId, e.shareSide, e.providerRef])).toEqual(
      expect.arrayContaining([
        ['deposit_charge', 12_500, owner.user.id, 'second', behalfCharge],
        ['balance_charge', 57_500, owner.user.id, 'first', expect.any(String)],
        ['balance_charge', 57_500, owner.user.id, 'second', String(fake.state.intent(balanceShare.intentId).latest_charge)],
      ]),
    );
    expect(charges).toHaveLength(4);
    expect(await moneyOf(t, id, owner.user.id)).toEqual({ charged: 152_500, refunded: 12_500, toMediator: 0, fee: 0, held: 140_000 });
    expect(await moneyOf(t, id, opposing.user.id)).toEqual({ charged: 0, refunded: 0, toMediator: 0, fee: 0, held: 0 });
    await expectStripeAgrees(id);
  });

  it('selection: each side’s balance share is its own off-session intent on its own saved card; after the hold window, one transfer per source charge in one group', async () => {
    const from = fake.state.events.length;
    const { owner, opposing, mediator, accountId, id } = await matchedSixtyForty();
    const ownerCustomer = customerOf(owner.user.id)!;
    const opposingCustomer = customerOf(opposing.user.id)!;
    const deposit = intentsFor(id).find((pi) => metadataOf(pi).purpose === 'deposit')!;
    const share = intentsFor(id).find((pi) => metadataOf(pi).purpose === 'deposit_share')!;
    const balances = intentsFor(id).filter((pi) => metadataOf(pi).purpose === 'balance');
    expect(balances).toHaveLength(2);
    const ownerBalance = balances.find((pi) => pi.customer === ownerCustomer)!;
    const opposingBalance = balances.find((pi) => pi.customer === opposingCustomer)!;
    // Each on its own customer with the card that customer saved (the deposit's, the share's), confirmed off session.
    expect(ownerBalance).toMatchObject({ amount: FIRST.balance, status: 'succeeded', payment_method: deposit.payment_method, setup_future_usage: null });
    expect(opposingBalance).toMatchObject({ amount: SECOND.balance, status: 'succeeded', payment_method: share.payment_method, setup_future_usage: null });
    expect(deposit.payment_method).not.toBe(share.payment_method);
    expect(fake.state.paymentMethods.get(String(deposit.payment_method))?.customer).toBe(ownerCustomer);
    expect(fake.state.paymentMethods.get(String(share.payment_method))?.customer).toBe(opposingCustomer);
    for (const pi of [ownerBalance, opposingBalance]) expect(metadataOf(pi)).toEqual({ purpose: 'balance', requestId: id, savedCardCharge: 'true' });
    const keys = postsTo('/v1/payment_intents')
      .map((r) => r.idempotencyKey ?? '')
      .filter((key) => key.startsWith(`balance:${id}:`));
    expect(keys.sort()).toEqual([`balance:${id}:1:first:balance`, `balance:${id}:1:second:balance`]);

    const charge = chargesAtStripe(id, owner, opposing);
    const balanceEntries = (await entriesOf(t, id)).filter((e) => e.kind === 'balance_charge');
    expect(balanceEntries.map((e) => [e.providerRef, e.amount, e.payerId, e.shareSide])).toEqual(
      expect.arrayContaining([
        [charge.ownerBalance, FIRST.balance, owner.user.id, 'first'],
        [charge.opposingBalance, SECOND.balance, opposing.user.id, 'second'],
      ]),
    );
    expect(balanceEntries).toHaveLength(2);
    expect(await moneyOf(t, id, owner.user.id)).toMatchObject({ charged: 94_000, refunded: 10_000, held: 84_000 });
    expect(await moneyOf(t, id, opposing.user.id)).toMatchObject({ charged: 56_000, refunded: 0, held: 56_000 });
    await expectStripeAgrees(id);

    // Stripe announces the off-session intents too; the selection settled them already, so the webhooks are no-ops.
    const before = await entriesOf(t, id);
    for (const pi of [ownerBalance, opposingBalance]) {
      expect(await deliverLast(t, fake, 'payment_intent.succeeded', pi.id)).toEqual({ received: true, duplicate: false });
    }
    expect(await entriesOf(t, id)).toEqual(before);

    expect((await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Settled.' })).statusCode).toBe(200);
    await runDueJobs(t);
    const { payment } = (await expectLedgerWhole(t, id))!;
    expect(transfersIn(payment.id)).toEqual([]);

    t.clock.advance(73 * HOUR);
    expect(await runDueJobs(t)).toContain('payment.payout');
    // The 140.00 fee from the first charge (the owner's deposit, 150.00 held), the rest of every charge to the mediator.
    const paid = await expectStripeAgrees(id, accountId);
    expect(paid.payment.status).toBe('released');
    expect(paid.transfers).toHaveLength(4);
    expect(Object.fromEntries(paid.transfers.map((tr) => [String(tr.source_transaction), tr.amount]))).toEqual({
      [charge.ownerDeposit]: FIRST.deposit - 14_000,
      [charge.opposingDeposit]: SECOND.deposit,
      [charge.ownerBalance]: FIRST.balance,
      [charge.opposingBalance]: SECOND.balance,
    });
    expect(paid.transfers.every((tr) => tr.transfer_group === payment.id && tr.destination === accountId)).toBe(true);
    expect(paid.transfers.reduce((sum, tr) => sum + Number(tr.amount), 0)).toBe(parseCents(payment.mediatorPayout));
    expect(parseCents(payment.mediatorPayout)).toBe(126_000);
    expect(paid.totals).toMatchObject({ charged: 150_000, refunded: 10_000, paidToMediator: 126_000, feeKept: 14_000 });
    expect(await moneyOf(t, id, owner.user.id)).toEqual({
      charged: 94_000,
      refunded: 10_000,
      toMediator: FIRST.deposit - 14_000 + FIRST.balance,
      fee: 14_000,
      held: 0,
    });
    expect(await moneyOf(t, id, opposing.user.id)).toEqual({ charged: 56_000, refunded: 0, toMediator: 56_000, fee: 0, held: 0 });

    // The payout job run again (a retry, a second worker) transfers nothing more; nor do all the webhooks once more.
    const transferCalls = postsTo('/v1/transfers').length;
    const jobs = recordedJobs(t, 'payment.payout').filter((job) => job.data.requestId === id);
    expect(jobs).toHaveLength(1);
    for (const job of jobs) await runJob(t.ctx, job.name, job.data);
    expect(postsTo('/v1/transfers')).toHaveLength(transferCalls);
    expect(transfersIn(payment.id)).toHaveLength(4);
    const settled = await entriesOf(t, id);
    await deliverEverythingSince(from);
    expect(await entriesOf(t, id)).toEqual(settled);
    expect((await expectStripeAgrees(id, accountId)).transfers).toHaveLength(4);
  });
});

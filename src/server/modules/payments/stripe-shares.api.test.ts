import { describe, expect, it, vi } from 'vitest';
import { parseCents } from '../../../common/money';
import { FAKE_CARDS } from '../../../../tests/fake-stripe/cards';
import { createLiveStripeRequest, intentIdOf, onboardMediator, payInBrowser, startStripeApp } from '../../../../tests/fake-stripe/flows';
import type { FakeStripe } from '../../../../tests/fake-stripe/server';
import { deliverEvent, deliverLast } from '../../../../tests/fake-stripe/webhooks';
import { PASSWORD, signUpLawyer, type Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { acceptingMediators, daysOn, entriesOf, moneyOf, startShare } from '../../../../tests/helpers/fee-split';
import { recordedJobs, runDueJobs } from '../../../../tests/helpers/jobs';
import { expectLedgerWhole } from '../../../../tests/helpers/ledger';
import { call } from '../../../../tests/helpers/requests';
import { sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import { runJob } from '../../jobs/handlers';
import { ensureAdmin } from '../users/accounts.service';

const HOUR = 60 * 60_000;
const SIXTY_FORTY = { firstSidePercent: 60, secondSidePercent: 40 };
const FIFTY_FIFTY = { firstSidePercent: 50, secondSidePercent: 50 };
// Budget 1,400.00 (4 h at 350.00), deposit 250.00, commission 10% (fee 140.00, payout 1,260.00). At 60/40 the inviting
// side owes 840.00 (150.00 of the deposit, 690.00 of the balance), the other side 560.00 (100.00 and 460.00).
const FIRST = { deposit: 15_000, balance: 69_000 };
const SECOND = { deposit: 10_000, balance: 46_000 };

type StripeObject = Record<string, unknown> & { id: string };
const metadataOf = (object: StripeObject) => (object.metadata ?? {}) as Record<string, string>;
const byRef = <T extends { ref: string }>(rows: T[]) => [...rows].sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));

// Issue 24 against Stripe: a two-sided case's money with PAYMENTS_PROVIDER=stripe, the real SDK talking to the fake of
// Stripe's HTTP API (tests/fake-stripe). "Separate charges and transfers": every payer's payment is its own
// PaymentIntent on its own customer, refunds go back on the charge that took the money, and the mediator is paid by
// one transfer per source charge, all in the payment's transfer group. Each flow is checked against the fake's own
// records (intents, charges, refunds, transfers) and against our ledger, per payer, to the cent.
describe.each(backends)('a two-sided case’s money at Stripe (the fake) on %s', (backend) => {
  let fake: FakeStripe;
  let t: TestApp;
  startStripeApp(backend, (app) => ({ t, fake } = app));

  const intentsFor = (requestId: string) => [...fake.state.intents.values()].filter((pi) => metadataOf(pi).requestId === requestId);
  const refundsOn = (chargeId: string) => [...fake.state.refunds.values()].filter((r) => r.charge === chargeId);
  const transfersIn = (paymentId: string) => [...fake.state.transfers.values()].filter((tr) => tr.transfer_group === paymentId);
  const customerOf = (userId: string) => [...fake.state.customers.values()].find((c) => metadataOf(c).userId === userId)?.id;
  const postsTo = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path);
  const statusOf = async (id: string, cookie: string) => (await call(t, 'GET', `/api/requests/${id}`, cookie)).json().status as string;

  /** A live two-sided request: the owner's deposit paid by card at submit (one intent), opposing counsel joined at `split`. */
  async function twoSidedAtStripe(split = SIXTY_FORTY, overrides: Record<string, unknown> = {}) {
    const owner = await signUpLawyer(t);
    const id = await createLiveStripeRequest(t, fake, owner.cookie, overrides);
    // Time passes before the other side pays: the ledger orders entries made at the same instant by their random ids,
    // and which deposit charge comes first decides which one the platform fee is taken from (allocatePayout).
    t.clock.advance(60_000);
    const opposing = await inviteAndJoin(t, owner.cookie, id, undefined, split);
    return { owner, opposing, id };
  }

  /** Starts a share payment (`…/shares/{side}/pay`) and pays its intent in the card element; Stripe's webhook is delivered. */
  async function payShareInBrowser(payer: Account, id: string, side: 'first' | 'second', card: string = FAKE_CARDS.visa) {
    const started = await startShare(t, payer, id, side);
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json() as { clientSecret: string; amount: string; side: string; onBehalf: boolean; kind: string };
    expect(await payInBrowser(t, fake, body.clientSecret, card)).toEqual({ received: true, duplicate: false });
    return { ...body, intentId: intentIdOf(body.clientSecret) };
  }

  /** The owner proposes the mediator, opposing counsel approves; the approval's answer (the request). */
  async function agree(owner: Account, opposing: Account, id: string, mediator: Account) {
    const proposed = await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, owner.cookie);
    expect(proposed.statusCode, proposed.body).toBe(202);
    const approved = await call(t, 'POST', `/api/requests/${id}/selection-proposal/approve`, opposing.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    return approved.json() as { status: string; selectedMediatorId: string | null };
  }

  /**
   * A matched 60/40 case: opposing counsel paid its deposit share by card (its card saved to its customer), a Pro
   * mediator accepted and finished Stripe onboarding, both sides agreed on them, and each side's balance share was
   * charged to its own saved card at the approval.
   */
  async function matchedSixtyForty(overrides: Record<string, unknown> = {}) {
    const { owner, opposing, id } = await twoSidedAtStripe(SIXTY_FORTY, overrides);
    await payShareInBrowser(opposing, id, 'second');
    const [mediator] = await acceptingMediators(t, id);
    const accountId = await onboardMediator(t, fake, mediator.user.id);
    expect(await agree(owner, opposing, id, mediator)).toMatchObject({ status: 'matched', selectedMediatorId: mediator.user.id });
    return { owner, opposing, mediator, accountId, id };
  }

  /** The request's four charges at Stripe, found by purpose and customer: each payer's deposit (share) and balance share. */
  function chargesAtStripe(id: string, owner: Account, opposing: Account) {
    const succeeded = intentsFor(id).filter((pi) => pi.status === 'succeeded');
    const one = (purpose: string, payer: Account) => {
      const found = succeeded.filter((pi) => metadataOf(pi).purpose === purpose && pi.customer === customerOf(payer.user.id));
      expect({ purpose, payer: payer.user.id, intents: found.length }).toEqual({ purpose, payer: payer.user.id, intents: 1 });
      return String(found[0].latest_charge);
    };
    return {
      ownerDeposit: one('deposit', owner),
      opposingDeposit: one('deposit_share', opposing),
      ownerBalance: one('balance', owner),
      opposingBalance: one('balance', opposing),
    };
  }

  /**
   * What Stripe holds for the request agrees with our ledger, object by object and to the cent: every succeeded charge
   * of the request's intents is one charge entry of the same amount; every refund on those charges is one refund
   * entry (its providerRef) of the same amount, booked to the payer of the charge Stripe refunded; every transfer in
   * the payment's transfer group is one payout or cancellation-fee entry of the same amount, booked to the payer of its
   * `source_transaction`, to the mediator's connected account, at most one per source charge. And the ledger is whole,
   * per payment and per payer.
   */
  async function expectStripeAgrees(id: string, mediatorAccount?: string) {
    const { payment, totals } = (await expectLedgerWhole(t, id))!;
    const entries = await entriesOf(t, id);
    const chargeEntries = entries.filter((e) => e.kind === 'deposit_charge' || e.kind === 'balance_charge');
    const payerOfCharge = new Map(chargeEntries.map((e) => [e.providerRef, e.payerId]));
    const charges = intentsFor(id)
      .filter((pi) => pi.status === 'succeeded')
      .map((pi) => fake.state.charge(String(pi.latest_charge)));
    expect(byRef(charges.map((ch) => ({ ref: ch.id, amount: ch.amount, status: ch.status })))).toEqual(
      byRef(chargeEntries.map((e) => ({ ref: e.providerRef, amount: e.amount, status: 'succeeded' }))),
    );

    const refunds = [...fake.state.refunds.values()].filter((r) => payerOfCharge.has(String(r.charge)));
    expect(byRef(refunds.map((r) => ({ ref: r.id, amount: r.amount, payerId: payerOfCharge.get(String(r.charge)) })))).toEqual(
      byRef(entries.filter((e) => e.kind === 'refund').map((e) => ({ ref: e.providerRef, amount: e.amount, payerId: e.payerId }))),
    );
    for (const ch of charges) {
      const refunded = refunds.filter((r) => r.charge === ch.id).reduce((sum, r) => sum + Number(r.amount), 0);
      expect({ charge: ch.id, refunded: ch.amount_refunded }).toEqual({ charge: ch.id, refunded });
    }

    const transfers = transfersIn(payment.id);
    expect(byRef(transfers.map((tr) => ({ ref: tr.id, amount: tr.amount, payerId: payerOfCharge.get(String(tr.source_transaction)) })))).toEqual(
      byRef(
        entries
          .filter((e) => (e.kind === 'payout_transfer' || e.kind === 'cancellation_fee') && e.providerRef !== 'none')
          .map((e) => ({ ref: e.providerRef, amount: e.amount, payerId: e.payerId })),
      ),
    );
    expect(new Set(transfers.map((tr) => tr.source_transaction)).size).toBe(transfers.length);
    for (const tr of transfers) {
      expect(tr).toMatchObject({
        destination: mediatorAccount,
        currency: 'usd',
        metadata: { idempotencyKey: `payout:${payment.id}:${String(tr.source_transaction)}` },
      });
    }
    return { payment, totals, charges, refunds, transfers };
  }

  /**
   * Every event Stripe sent since `from` (an index into the fake's event log), delivered in order as Stripe would: the
   * off-session intents' `payment_intent.succeeded`, every `charge.refunded`, `transfer.created`, and again the events
   * the flow already delivered. Each is taken (200); none may move money or book anything (checked by the callers), and
   * no refund is flagged as made outside the app (the webhook compares Stripe's `amount_refunded` with our refunds).
   */
  async function deliverEverythingSince(from: number) {
    const warn = vi.spyOn(t.ctx.log, 'warn');
    try {
      const events = fake.state.events.slice(from);
      for (const event of events) {
        const res = await deliverEvent(t, fake, event);
        expect(res.statusCode, `${String(event.type)}: ${res.body}`).toBe(200);
      }
      expect(warn.mock.calls.map((c) => String(c[1]))).not.toContainEqual(expect.stringMatching(/outside the app/));
      return events.map((e) => String(e.type));
    } finally {
      warn.mockRestore();
    }
  }

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

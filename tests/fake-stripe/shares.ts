import { expect, vi } from 'vitest';
import { signUpLawyer, type Account } from '../helpers/accounts';
import { acceptingMediators, entriesOf, startShare } from '../helpers/fee-split';
import { expectLedgerWhole } from '../helpers/ledger';
import { call } from '../helpers/requests';
import type { TestApp } from '../helpers/test-app';
import { inviteAndJoin } from '../helpers/two-sided';
import { FAKE_CARDS } from './cards';
import { createLiveStripeRequest, intentIdOf, onboardMediator, payInBrowser } from './flows';
import type { FakeStripe } from './server';
import { deliverEvent } from './webhooks';

// What the two-sided Stripe tests share (payments/stripe-shares*.api.test.ts, issue 24): a case set up through the fake,
// the fake's records found per request, and the check that Stripe agrees with our ledger object by object.

export const HOUR = 60 * 60_000;
export const SIXTY_FORTY = { firstSidePercent: 60, secondSidePercent: 40 };
export const FIFTY_FIFTY = { firstSidePercent: 50, secondSidePercent: 50 };
// Budget 1,400.00 (4 h at 350.00), deposit 250.00, commission 10% (fee 140.00, payout 1,260.00). At 60/40 the inviting
// side owes 840.00 (150.00 of the deposit, 690.00 of the balance), the other side 560.00 (100.00 and 460.00).
export const FIRST = { deposit: 15_000, balance: 69_000 };
export const SECOND = { deposit: 10_000, balance: 46_000 };

type StripeObject = Record<string, unknown> & { id: string };
export const metadataOf = (object: StripeObject) => (object.metadata ?? {}) as Record<string, string>;
const byRef = <T extends { ref: string }>(rows: T[]) => [...rows].sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));

/**
 * The helpers, bound to the app and the fake of a test file (`env` is filled by startStripeApp before the tests run).
 */
export function stripeShareKit(env: { t: TestApp; fake: FakeStripe }) {
  const intentsFor = (requestId: string) => [...env.fake.state.intents.values()].filter((pi) => metadataOf(pi).requestId === requestId);
  const refundsOn = (chargeId: string) => [...env.fake.state.refunds.values()].filter((r) => r.charge === chargeId);
  const transfersIn = (paymentId: string) => [...env.fake.state.transfers.values()].filter((tr) => tr.transfer_group === paymentId);
  const customerOf = (userId: string) => [...env.fake.state.customers.values()].find((c) => metadataOf(c).userId === userId)?.id;
  const postsTo = (path: string) => env.fake.requests.filter((r) => r.method === 'POST' && r.path === path);
  const statusOf = async (id: string, cookie: string) => (await call(env.t, 'GET', `/api/requests/${id}`, cookie)).json().status as string;

  /** A live two-sided request: the owner's deposit paid by card at submit (one intent), opposing counsel joined at `split`. */
  async function twoSidedAtStripe(split = SIXTY_FORTY, overrides: Record<string, unknown> = {}) {
    const { t, fake } = env;
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
    const { t, fake } = env;
    const started = await startShare(t, payer, id, side);
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json() as { clientSecret: string; amount: string; side: string; onBehalf: boolean; kind: string };
    expect(await payInBrowser(t, fake, body.clientSecret, card)).toEqual({ received: true, duplicate: false });
    return { ...body, intentId: intentIdOf(body.clientSecret) };
  }

  /** The owner proposes the mediator, opposing counsel approves; the approval's answer (the request). */
  async function agree(owner: Account, opposing: Account, id: string, mediator: Account) {
    const { t } = env;
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
    const { t, fake } = env;
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
    const { t, fake } = env;
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
    const { t, fake } = env;
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
  return {
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
  };
}

import { describe, expect, it } from 'vitest';
import { FAKE_CARDS } from '../../../tests/fake-stripe/cards';
import { startStripeApp, intentIdOf } from '../../../tests/fake-stripe/flows';
import { FakeStripe } from '../../../tests/fake-stripe/server';
import { deliverEvent } from '../../../tests/fake-stripe/webhooks';
import { signUpLawyer } from '../../../tests/helpers/accounts';
import { backends } from '../../../tests/helpers/backends';
import { expectLedgerWhole, ledgerOf } from '../../../tests/helpers/ledger';
import { call, validRequest } from '../../../tests/helpers/requests';
import type { TestApp } from '../../../tests/helpers/test-app';
import { reconcilePayments } from '../modules/payments/reconcile';
import { claimProviderEvent } from '../modules/payments/steps.repo';
import { transaction } from '../unit-of-work';

// A crash between a webhook's claim of its event and the effect (stripe-webhook.service.ts claims in its own
// transaction first): Stripe's redelivery is then a duplicate and does nothing, and the reconciler only looks at
// payments still pending. If the lawyer cancels the draft meanwhile, the payment is no longer pending, so nothing
// would ever act on the deposit paid at the provider: kept, not in the ledger, never refunded. Found by the crash
// test's "acknowledge before acting" break (docs/reliability.md section 10). Closing the intent on cancel now acts on
// an intent that turns out paid: the deposit is recorded and refunded on arrival.
describe.each(backends)('a deposit whose webhook was claimed by a process that died, then the draft cancelled, on %s', (backend) => {
  let fake: FakeStripe;
  let t: TestApp;
  startStripeApp(backend, (app) => ({ t, fake } = app));

  it('is refunded in full at the provider and in the ledger when the draft is cancelled', async () => {
    const lawyer = await signUpLawyer(t);
    const id = (await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest())).json().id as string;
    const { clientSecret } = (await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie)).json();
    const intentId = intentIdOf(clientSecret);
    expect(fake.confirmAsBrowser(intentId, FAKE_CARDS.visa).status).toBe(200);
    const event = fake.state.lastEvent('payment_intent.succeeded', intentId);
    // The process that received the webhook claimed the event, then died before acting on it.
    expect(await transaction(t.ctx, (tx) => claimProviderEvent(tx, `stripe-event:${event.id}`))).toBe(true);
    const redelivered = await deliverEvent(t, fake, event);
    expect(redelivered.json()).toEqual({ received: true, duplicate: true });
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json().status).toBe('draft');

    expect((await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie, {})).statusCode).toBe(200);
    await reconcilePayments(t.ctx, { minAgeMs: 0 }); // nothing else was left for it either

    const charge = fake.state.charges.get(String(fake.state.intent(intentId).latest_charge))!;
    expect({ refunded: charge.amount_refunded, refunds: [...fake.state.refunds.values()].filter((r) => r.charge === charge.id).length }).toEqual({
      refunded: charge.amount,
      refunds: 1,
    });
    const ledger = await ledgerOf(t, id);
    expect({ charged: ledger?.totals.charged, refunded: ledger?.totals.refunded }).toEqual({ charged: charge.amount, refunded: charge.amount });
    await expectLedgerWhole(t, id);
  });
});

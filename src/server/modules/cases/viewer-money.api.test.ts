import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { acceptingMediators, agreeOnMediator, daysOn, expectMoneyWhole, moneyOf, payShare, twoSided } from '../../../../tests/helpers/fee-split';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { formatCents, parseCents } from '../../../common/money';
import { ensureAdmin } from '../users/accounts.service';

// What each counsel of a two-sided case is shown of the money (decision 049, docs/two-sided-case.md §2): their own
// money (what they paid, what went back to their card, what of it went to the mediator and the platform), never the
// case's totals as theirs; the payment's status to either side; a one-sided case exactly as before. The 60/40 case of
// $1,400 with a $250 deposit: the owner pays $250 at submit and gets $100 back once the other side paid its $100
// share; the balance shares are $690 and $460.

type Figures = { charged: string; refunded: string; platformFeeKept: string; paidToMediator: string; held: string };

describe.each(backends)('each counsel’s own money on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const email = `viewer-money.admin.${backend}@example.com`;
    await ensureAdmin(t.ctx, email, PASSWORD);
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const detail = async (id: string, who: { cookie: string }) => (await call(t, 'GET', `/api/requests/${id}`, who.cookie)).json();
  /** The caller's payment of request `id` on GET /api/payments, and the same payment's receipt (GET /api/payments/{id}). */
  async function paymentOf(id: string, cookie: string) {
    const listed = (await call(t, 'GET', '/api/payments?limit=100', cookie)).json() as { id: string; requestId: string }[];
    const entry = listed.find((p) => p.requestId === id);
    expect(entry, 'the payment is on the caller’s list').toBeDefined();
    const receipt = (await call(t, 'GET', `/api/payments/${entry!.id}`, cookie)).json();
    expect(receipt).toEqual(entry);
    return receipt as {
      totalCharged: string;
      totalRefunded: string;
      refundAmount: string;
      settlement: Figures & { planned: unknown };
      ledger: { payerId: string }[];
    };
  }
  /** A payer's own figures, from the ledger itself (tests/helpers/fee-split.ts moneyOf), as the API writes them. */
  async function ownFigures(id: string, payer: Account): Promise<Figures> {
    const m = await moneyOf(t, id, payer.user.id);
    return {
      charged: formatCents(m.charged),
      refunded: formatCents(m.refunded),
      platformFeeKept: formatCents(m.fee),
      paidToMediator: formatCents(m.toMediator),
      held: formatCents(m.held),
    };
  }

  /** A matched 60/40 case six days ahead (under 7 days, at least 3 business days: half the deposit kept on cancelling). */
  async function matchedSixtyForty() {
    const { owner, opposing, id } = await twoSided(t, { firstSidePercent: 60, secondSidePercent: 40 }, { preferredDate: daysOn(t, 6) });
    await payShare(t, opposing, id, 'second');
    const [mediator] = await acceptingMediators(t, id);
    await agreeOnMediator(t, owner, opposing, id, mediator);
    return { owner, opposing, mediator, id };
  }

  it('the owner cancels late: the preview and the answer say what goes back to its own card; each side’s payments and receipt are its own', async () => {
    const { owner, opposing, mediator, id } = await matchedSixtyForty();
    // The second side reads the payment's status, never the first side's amounts.
    expect(await detail(id, opposing)).toMatchObject({ status: 'matched', paymentStatus: 'held', refund: null, settlement: null });

    // Half the deposit kept ($125: $112.50 to the mediator, $12.50 commission), all of it from the owner's $150 deposit
    // share: $1,275 goes back, of which $715 to the owner ($25 + $690) and $560 to the other side (all it paid).
    const preview = await call(t, 'GET', `/api/requests/${id}/cancellation`, owner.cookie);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ kind: 'partial', depositRefund: '125.00', balanceRefund: '1150.00', totalRefund: '1275.00', yourRefund: '715.00' });
    const adminPreview = await call(t, 'GET', `/api/requests/${id}/cancellation?refund=partial`, admin);
    expect(adminPreview.json()).toMatchObject({ totalRefund: '1275.00', yourRefund: '0.00' });
    const cancelled = await call(t, 'POST', `/api/requests/${id}/cancel`, owner.cookie, { reason: 'Settled' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ kind: 'partial', refundAmount: '1275.00', yourRefund: '715.00' });
    await expectMoneyWhole(t, id);

    // The second side's page of the cancelled case: the payment's status (it was charged, and refunded), no amounts.
    expect(await detail(id, opposing)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded_partial', refund: null, settlement: null });
    // The owner's page keeps the case's figures (the Payment card shows both sides' money together).
    expect((await detail(id, owner)).settlement).toMatchObject({ charged: '1500.00', refunded: '1375.00', platformFeeKept: '12.50', paidToMediator: '112.50' });

    // Payments and receipts: each counsel's own lines and its own totals and figures, to the cent of the ledger.
    const ownerPayment = await paymentOf(id, owner.cookie);
    expect(ownerPayment).toMatchObject({ totalCharged: '940.00', totalRefunded: '815.00', refundAmount: '815.00' });
    expect(ownerPayment.settlement).toEqual({ ...(await ownFigures(id, owner)), planned: null });
    expect(ownerPayment.settlement).toMatchObject({ charged: '940.00', refunded: '815.00', platformFeeKept: '12.50', paidToMediator: '112.50', held: '0.00' });
    expect(new Set(ownerPayment.ledger.map((e) => e.payerId))).toEqual(new Set([owner.user.id]));
    const secondPayment = await paymentOf(id, opposing.cookie);
    expect(secondPayment).toMatchObject({ totalCharged: '560.00', totalRefunded: '560.00', refundAmount: '560.00' });
    expect(secondPayment.settlement).toEqual({
      charged: '560.00',
      refunded: '560.00',
      platformFeeKept: '0.00',
      paidToMediator: '0.00',
      held: '0.00',
      planned: null,
    });
    expect(new Set(secondPayment.ledger.map((e) => e.payerId))).toEqual(new Set([opposing.user.id]));

    // The mediator and admins read the whole case's figures, as before.
    for (const cookie of [mediator.cookie, admin]) {
      const whole = await paymentOf(id, cookie);
      expect(whole).toMatchObject({ totalCharged: '1500.00', totalRefunded: '1375.00', refundAmount: '1375.00' });
      expect(whole.settlement).toMatchObject({ charged: '1500.00', refunded: '1375.00', platformFeeKept: '12.50', paidToMediator: '112.50', held: '0.00' });
    }
  });

  it('before the other side paid anything its payment reads nothing; while the plan stands each side reads what it holds, the owner’s part not a plan', async () => {
    const { owner, opposing, id } = await twoSided(t, { firstSidePercent: 60, secondSidePercent: 40 });
    // All the money so far is the owner's: its figures are the case's, the budget's plan included.
    expect((await paymentOf(id, owner.cookie)).settlement).toMatchObject({ charged: '250.00', held: '250.00', planned: { platformFee: '140.00' } });
    expect(await paymentOf(id, opposing.cookie)).toMatchObject({
      totalCharged: '0.00',
      totalRefunded: '0.00',
      settlement: { charged: '0.00', refunded: '0.00', held: '0.00', planned: null },
      ledger: [],
    });
    expect(await detail(id, opposing)).toMatchObject({ paymentStatus: 'held', refund: null, settlement: null });
    await payShare(t, opposing, id, 'second');
    expect((await paymentOf(id, opposing.cookie)).settlement).toEqual({ ...(await ownFigures(id, opposing)), planned: null });
    expect((await paymentOf(id, opposing.cookie)).settlement).toMatchObject({ charged: '100.00', held: '100.00' });
    expect(await paymentOf(id, owner.cookie)).toMatchObject({ totalCharged: '250.00', totalRefunded: '100.00', settlement: { held: '150.00', planned: null } });
  });

  it('a completed case: opposing counsel sees the payment held and reports; a partial refund, each side’s own part on its payments', async () => {
    const { owner, opposing, mediator, id } = await matchedSixtyForty();
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Partly settled.' })).statusCode).toBe(200);
    // What its page needs for "Report a problem": completed, the payment held, the hold window's end.
    const seen = await detail(id, opposing);
    expect(seen).toMatchObject({ status: 'completed', paymentStatus: 'held', payoutReleaseAt: expect.any(String), dispute: null, settlement: null });
    const reported = await call(t, 'POST', `/api/requests/${id}/dispute`, opposing.cookie, { reason: 'The mediator left after one hour.' });
    expect(reported.statusCode).toBe(201);
    const resolved = await call(t, 'POST', `/api/admin/disputes/${reported.json().id}/resolve`, admin, {
      outcome: 'refund_partial',
      refundAmount: '333.33',
      note: 'One hour of four.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await expectMoneyWhole(t, id);
    // Shared by what each holds ($840 and $560): $200 and $133.33. The owner had its $100 excess back before.
    expect(await detail(id, opposing)).toMatchObject({
      paymentStatus: 'refunded_partial',
      dispute: { refundAmount: '333.33' },
      refund: null,
      settlement: null,
    });
    const ownerPayment = await paymentOf(id, owner.cookie);
    const secondPayment = await paymentOf(id, opposing.cookie);
    expect(ownerPayment).toMatchObject({ totalCharged: '940.00', totalRefunded: '300.00' });
    expect(secondPayment).toMatchObject({ totalCharged: '560.00', totalRefunded: '133.33' });
    expect(ownerPayment.settlement).toEqual({ ...(await ownFigures(id, owner)), planned: null });
    expect(secondPayment.settlement).toEqual({ ...(await ownFigures(id, opposing)), planned: null });
    // The two sides' own figures add up to the case's, which the mediator reads.
    const whole = (await paymentOf(id, mediator.cookie)).settlement;
    for (const figure of ['charged', 'refunded', 'platformFeeKept', 'paidToMediator'] as const) {
      expect(parseCents(ownerPayment.settlement[figure])! + parseCents(secondPayment.settlement[figure])!, figure).toBe(parseCents(whole[figure]));
    }
  });

  it('a one-sided case reads as before: the whole payment is the lawyer’s, the preview’s yourRefund is the total', async () => {
    const { lawyer, id } = await createMatchedRequest(t, { preferredDate: daysOn(t, 6) });
    const payment = await paymentOf(id, lawyer.cookie);
    expect(payment).toMatchObject({ totalCharged: '1400.00', totalRefunded: '0.00', refundAmount: '0.00' });
    expect(payment.settlement).toEqual({
      charged: '1400.00',
      refunded: '0.00',
      platformFeeKept: '0.00',
      paidToMediator: '0.00',
      held: '1400.00',
      planned: { platformFee: '140.00', mediatorPayout: '1260.00' },
    });
    const preview = (await call(t, 'GET', `/api/requests/${id}/cancellation`, lawyer.cookie)).json();
    expect(preview).toMatchObject({ kind: 'partial', totalRefund: '1275.00', yourRefund: '1275.00' });
    const cancelled = (await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie, {})).json();
    expect(cancelled).toMatchObject({ refundAmount: '1275.00', yourRefund: '1275.00' });
    expect(await detail(id, lawyer)).toMatchObject({ paymentStatus: 'refunded_partial', refund: { amount: '1275.00' } });
    expect(await paymentOf(id, lawyer.cookie)).toMatchObject({ totalCharged: '1400.00', totalRefunded: '1275.00', refundAmount: '1275.00' });
  });
});

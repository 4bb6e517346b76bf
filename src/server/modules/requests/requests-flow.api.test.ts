import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, CARDS, createLiveRequest, setTier, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { ledgerFor, ledgerTotals, findPaymentForRequest } from '../payments/payments.repo';
import { parseCents } from '../../../common/money';

describe.each(backends)('request lifecycle on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, pays, goes live, gets accepted (with a counteroffer), selects with the balance charged, and keeps the ledger whole', async () => {
    const lawyer = await signUpLawyer(t);
    const pro = await signUpMediator(t);
    const free = await signUpMediator(t);
    await setTier(t, pro.user.id, 'pro');

    const draft = await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest());
    expect(draft.statusCode).toBe(201);
    expect(draft.json()).toMatchObject({ status: 'draft', budget: '1400.00', platformFee: '140.00', mediatorPayout: '1260.00', hoursNeeded: 4, flatFee: null });

    const id = await createLiveRequest(t, lawyer.cookie);
    const live = await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie);
    expect(live.json().status).toBe('pending_mediators');

    // Pro sees it at once; Free only after the head start.
    expect((await call(t, 'GET', '/api/requests?view=available', pro.cookie)).json().map((r: { id: string }) => r.id)).toContain(id);
    expect((await call(t, 'GET', `/api/requests/${id}`, free.cookie)).statusCode).toBe(404);
    t.clock.advance(6 * 60_000);
    const seenByFree = await call(t, 'GET', `/api/requests/${id}`, free.cookie);
    expect(seenByFree.statusCode).toBe(200);
    expect(seenByFree.json()).toMatchObject({ mediatorPayout: '1260.00', opposingLawyerEmail: null, opposingLawyerName: 'Olivia Opponent', documents: [] });

    const noConfirm = await call(t, 'POST', `/api/requests/${id}/accept`, pro.cookie, {});
    expect(noConfirm.statusCode).toBe(400);
    const freeCounter = await call(t, 'POST', `/api/requests/${id}/accept`, free.cookie, { proposedRate: 300, noConflictConfirmed: true });
    expect(freeCounter.statusCode).toBe(403);

    expect(
      (await call(t, 'POST', `/api/requests/${id}/accept`, pro.cookie, { proposedRate: '400', note: 'Happy to help', noConflictConfirmed: true })).statusCode,
    ).toBe(201);
    t.clock.advance(1000); // the selection list is in acceptance order
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, free.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, free.cookie, { noConflictConfirmed: true })).statusCode).toBe(409);

    const list = await call(t, 'GET', `/api/requests/${id}/pending-acceptances`, lawyer.cookie);
    expect(list.json()).toHaveLength(2);
    expect(list.json()[0]).toMatchObject({
      proposedRate: '400.00',
      note: 'Happy to help',
      mediator: { id: pro.user.id, specialization: 'Family Law', verified: false },
    });
    expect((await call(t, 'GET', `/api/requests/${id}/pending-acceptances`, free.cookie)).statusCode).toBe(403);

    const selected = await call(t, 'POST', `/api/requests/${id}/select-mediator/${pro.user.id}`, lawyer.cookie);
    expect(selected.statusCode).toBe(200);
    expect(selected.json()).toMatchObject({
      status: 'matched',
      selectedMediatorId: pro.user.id,
      budget: '1600.00',
      hourlyRate: '400.00',
      platformFee: '160.00',
    });
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${free.user.id}`, lawyer.cookie)).statusCode).toBe(409);

    const payment = (await findPaymentForRequest(t.ctx.db, id))!;
    const totals = ledgerTotals(await ledgerFor(t.ctx.db, payment.id));
    expect(totals.charged).toBe(160000);
    expect(payment).toMatchObject({ status: 'held', mediatorPayout: '1440.00', platformFee: '160.00', depositAmount: '250.00' });
    // Selected mediator now sees contacts; the other one was told and keeps no access to documents.
    expect((await call(t, 'GET', `/api/requests/${id}`, pro.cookie)).json().opposingLawyerEmail).toBe('olivia@opponent.example');
  });

  it('declined deposit keeps the draft; retry pays; balance decline answers 402 with a client secret that completes the selection', async () => {
    const lawyer = await signUpLawyer(t);
    const pro = await signUpMediator(t);
    await setTier(t, pro.user.id, 'unlimited');
    const created = await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ caseName: 'Declines' }));
    const id = created.json().id;
    const first = await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie);
    const again = await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie);
    expect(again.json().clientSecret).toBe(first.json().clientSecret);
    const declined = await call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret: first.json().clientSecret, card: CARDS.declined });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined.');
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json().status).toBe('draft');
    const retry = await call(t, 'POST', `/api/requests/${id}/submit`, lawyer.cookie);
    expect(retry.json().clientSecret).not.toBe(first.json().clientSecret);
    expect(
      (await call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret: retry.json().clientSecret, card: CARDS.declinesLater })).statusCode,
    ).toBe(200);

    await call(t, 'POST', `/api/requests/${id}/accept`, pro.cookie, { noConflictConfirmed: true });
    const select = await call(t, 'POST', `/api/requests/${id}/select-mediator/${pro.user.id}`, lawyer.cookie);
    expect(select.statusCode).toBe(402);
    expect(select.json()).toMatchObject({ message: 'Your card was declined.' });
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json().status).toBe('awaiting_selection');
    const pay = await call(t, 'POST', '/api/payments/local/confirm', lawyer.cookie, { clientSecret: select.json().clientSecret, card: CARDS.ok });
    expect(pay.statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json()).toMatchObject({ status: 'matched', selectedMediatorId: pro.user.id });
    const payment = (await findPaymentForRequest(t.ctx.db, id))!;
    expect(ledgerTotals(await ledgerFor(t.ctx.db, payment.id)).charged).toBe(parseCents('1400.00'));
  });

  it('cancels with the policy refund: before selection everything back; after selection late cancellation pays the mediator a fee', async () => {
    const lawyer = await signUpLawyer(t);
    const med = await signUpMediator(t);
    await setTier(t, med.user.id, 'pro');
    const early = await createLiveRequest(t, lawyer.cookie, { caseName: 'Early cancel' });
    const preview = await call(t, 'GET', `/api/requests/${early}/cancellation`, lawyer.cookie);
    expect(preview.json()).toMatchObject({ kind: 'full', totalRefund: '250.00' });
    const cancelled = await call(t, 'POST', `/api/requests/${early}/cancel`, lawyer.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect((await findPaymentForRequest(t.ctx.db, early))!).toMatchObject({ status: 'refunded_full', refundAmount: '250.00' });
    expect((await call(t, 'POST', `/api/requests/${early}/cancel`, lawyer.cookie)).statusCode).toBe(409);

    const soon = new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString().slice(0, 10);
    const late = await createLiveRequest(t, lawyer.cookie, { caseName: 'Late cancel', preferredDate: soon });
    await call(t, 'POST', `/api/requests/${late}/accept`, med.cookie, { noConflictConfirmed: true });
    await call(t, 'POST', `/api/requests/${late}/select-mediator/${med.user.id}`, lawyer.cookie);
    const latePreview = await call(t, 'GET', `/api/requests/${late}/cancellation`, lawyer.cookie);
    expect(latePreview.json()).toMatchObject({ kind: 'none', depositRefund: '0.00', balanceRefund: '1150.00', cancellationFee: '225.00' });
    await call(t, 'POST', `/api/requests/${late}/cancel`, lawyer.cookie, { reason: 'Settled' });
    const payment = (await findPaymentForRequest(t.ctx.db, late))!;
    const totals = ledgerTotals(await ledgerFor(t.ctx.db, payment.id));
    expect(payment.status).toBe('refunded_partial');
    expect(totals).toMatchObject({ charged: 140000, refunded: 115000, paidToMediator: 22500, feeKept: 2500 });
    expect(totals.charged).toBe(totals.refunded + totals.paidToMediator + totals.feeKept);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Issue 8: the cancellation preview's breakdown (deposit held, platform commission) and the request's `refund`
// (what was refunded and when, from the ledger) for participants and admins only.
describe.each(backends)('cancellation breakdown and the refund on the request on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('previews 50% of the deposit with the fee lines, then shows the refund and its time on the request and in the list', async () => {
    const lawyer = await signUpLawyer(t);
    const med = await signUpMediator(t);
    const other = await signUpMediator(t);
    await setTier(t, med.user.id, 'pro');
    await setTier(t, other.user.id, 'pro');
    // No preferred date: more than 7 days after paying the deposit, half of it is refunded (RULES.md 2.4).
    const id = await createLiveRequest(t, lawyer.cookie, { caseName: 'Half refund', preferredDate: null });
    await call(t, 'POST', `/api/requests/${id}/accept`, med.cookie, { noConflictConfirmed: true });
    await call(t, 'POST', `/api/requests/${id}/accept`, other.cookie, { noConflictConfirmed: true });
    const selected = await call(t, 'POST', `/api/requests/${id}/select-mediator/${med.user.id}`, lawyer.cookie);
    expect(selected.statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json().refund).toBeNull();

    t.clock.advance(8 * 24 * 3600_000);
    lawyer.cookie = await signIn(t, lawyer.email);
    med.cookie = await signIn(t, med.email);
    other.cookie = await signIn(t, other.email);
    const preview = await call(t, 'GET', `/api/requests/${id}/cancellation`, lawyer.cookie);
    expect(preview.statusCode).toBe(200);
    // Deposit 250.00: 125.00 back; the kept 125.00 is the mediator's fee 112.50 plus the 10% commission 12.50.
    expect(preview.json()).toEqual({
      kind: 'partial',
      deposit: '250.00',
      depositRefund: '125.00',
      balanceRefund: '1150.00',
      totalRefund: '1275.00',
      // One-sided: everything refunded goes back to the lawyer's own card.
      yourRefund: '1275.00',
      cancellationFee: '112.50',
      platformFee: '12.50',
      reason: expect.stringContaining('50% of the deposit'),
    });

    const cancelledAt = t.clock.now().toISOString();
    const cancelled = await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie, { reason: 'Settled' });
    expect(cancelled.statusCode).toBe(200);
    const refund = { amount: '1275.00', refundedAt: expect.any(String), reason: expect.stringContaining('50% of the deposit') };
    const detail = (await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json();
    expect(detail).toMatchObject({ status: 'cancelled', refund });
    expect(Date.parse(detail.refund.refundedAt)).toBeGreaterThanOrEqual(Date.parse(cancelledAt) - 1000);
    const listed = (await call(t, 'GET', '/api/requests', lawyer.cookie)).json().find((r: { id: string }) => r.id === id);
    expect(listed).toMatchObject({ refund });
    // The selected mediator is a participant; the other mediator never sees the lawyer's money.
    expect((await call(t, 'GET', `/api/requests/${id}`, med.cookie)).json().refund).toMatchObject({ amount: '1275.00' });
    const seenByOther = await call(t, 'GET', `/api/requests/${id}`, other.cookie);
    if (seenByOther.statusCode === 200) expect(seenByOther.json().refund).toBeNull();
    else expect(seenByOther.statusCode).toBe(404);
  });

  it('a request cancelled before the deposit was paid has no refund', async () => {
    const lawyer = await signUpLawyer(t);
    const draft = await call(t, 'POST', '/api/requests', lawyer.cookie, {
      caseNumber: 'CV-1',
      caseName: 'Draft only',
      caseType: 'Family Law',
      jurisdiction: 'California',
      description: 'A draft that is cancelled before paying anything at all.',
      mediationType: 'online',
      pricingModel: 'hourly',
      hourlyRate: 350,
      hoursNeeded: 4,
      budget: '1400.00',
    });
    expect(draft.statusCode).toBe(201);
    const id = draft.json().id as string;
    const preview = (await call(t, 'GET', `/api/requests/${id}/cancellation`, lawyer.cookie)).json();
    expect(preview).toMatchObject({ deposit: '0.00', totalRefund: '0.00', platformFee: '0.00' });
    expect((await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json()).toMatchObject({ status: 'cancelled', refund: null });
  });
});

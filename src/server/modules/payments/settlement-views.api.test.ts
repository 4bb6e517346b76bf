import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettlementDto } from '../../../common/api-types';
import { parseCents } from '../../../common/money';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { expectLedgerWhole } from '../../../../tests/helpers/ledger';
import { createCompletedRequest, createMatchedRequest } from '../../../../tests/helpers/matched';
import { call, createLiveRequest } from '../../../../tests/helpers/requests';
import { OUTCOME_BUDGET, SETTLEMENT_OUTCOMES, type SettlementOutcome } from '../../../../tests/helpers/settlement-outcomes';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureAdmin } from '../users/accounts.service';

const DAY = 24 * 3600_000;
const ADMIN_EMAIL = 'settlement.admin@example.com';

// Issue 21: after every outcome of RULES.md 2.6, each page's source (the lawyer's and the mediator's request, their
// payment views, the admins' payments) answers the same figures, the expected ones, and they add up to the cent.
describe.each(backends)('the same settlement on every view on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, ADMIN_EMAIL, PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  const signIn = async (email: string) => sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD }));

  async function settlementsOf(id: string, people: { lawyer: string; mediator: string | null }) {
    const admin = await signIn(ADMIN_EMAIL);
    const paymentOf = async (url: string, cookie: string) => {
      const res = await call(t, 'GET', url, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { requestId: string; settlement: SettlementDto }[]).find((p) => p.requestId === id)?.settlement;
    };
    const views: Record<string, SettlementDto | undefined> = {
      "lawyer's request": (await call(t, 'GET', `/api/requests/${id}`, people.lawyer)).json().settlement,
      "lawyer's list of requests": ((await call(t, 'GET', '/api/requests', people.lawyer)).json() as { id: string; settlement: SettlementDto }[]).find(
        (r) => r.id === id,
      )?.settlement,
      "lawyer's payments (receipt)": await paymentOf('/api/payments', people.lawyer),
      "admins' payments": await paymentOf('/api/admin/payments?limit=100', admin),
      "admin's request": (await call(t, 'GET', `/api/requests/${id}`, admin)).json().settlement,
    };
    if (people.mediator) {
      views["mediator's request"] = (await call(t, 'GET', `/api/requests/${id}`, people.mediator)).json().settlement;
      views["mediator's earnings (statement)"] = await paymentOf('/api/payments', people.mediator);
    }
    return views;
  }

  async function expectEverywhere(outcome: SettlementOutcome, id: string, people: { lawyer: string; mediator: string | null }) {
    const expected = SETTLEMENT_OUTCOMES[outcome];
    const views = await settlementsOf(id, people);
    for (const [view, settlement] of Object.entries(views)) expect({ view, settlement }).toEqual({ view, settlement: expected });
    const c = (amount: string) => parseCents(amount)!;
    expect(c(expected.refunded) + c(expected.platformFeeKept) + c(expected.paidToMediator) + c(expected.held)).toBe(c(expected.charged));
    // And the ledger itself agrees (RULES.md 2's invariant, checked from the tables).
    const ledger = await expectLedgerWhole(t, id);
    expect(ledger!.totals).toMatchObject({
      charged: c(expected.charged),
      refunded: c(expected.refunded),
      feeKept: c(expected.platformFeeKept),
      paidToMediator: c(expected.paidToMediator),
    });
  }

  const resolveDispute = async (id: string, lawyer: string, body: Record<string, unknown>) => {
    const opened = await call(t, 'POST', `/api/requests/${id}/dispute`, lawyer, { reason: 'The session ended after an hour.' });
    expect(opened.statusCode, opened.body).toBe(201);
    const res = await call(t, 'POST', `/api/admin/disputes/${opened.json().id}/resolve`, await signIn(ADMIN_EMAIL), { note: 'Reviewed.', ...body });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('while the plan stands, every view shows the plan beside what is held', async () => {
    const { lawyer, mediator, id } = await createMatchedRequest(t, OUTCOME_BUDGET);
    const planned = { charged: '1200.00', refunded: '0.00', platformFeeKept: '0.00', paidToMediator: '0.00', held: '1200.00' };
    for (const settlement of Object.values(await settlementsOf(id, { lawyer: lawyer.cookie, mediator: mediator.cookie }))) {
      expect(settlement).toEqual({ ...planned, planned: { platformFee: '120.00', mediatorPayout: '1080.00' } });
    }
  });

  it('released', async () => {
    await t.ctx.db.execute(sql`UPDATE platform_settings SET payout_hold_hours = 0`);
    try {
      const { lawyer, mediator, id } = await createCompletedRequest(t, OUTCOME_BUDGET);
      await expectEverywhere('released', id, { lawyer: lawyer.cookie, mediator: mediator.cookie });
    } finally {
      await t.ctx.db.execute(sql`UPDATE platform_settings SET payout_hold_hours = 72`);
    }
  });

  it('refunded in full by the admins', async () => {
    const { lawyer, mediator, id } = await createCompletedRequest(t, OUTCOME_BUDGET);
    await resolveDispute(id, lawyer.cookie, { outcome: 'refund_full' });
    await expectEverywhere('refundedInFull', id, { lawyer: lawyer.cookie, mediator: mediator.cookie });
  });

  it('refunded in part by a dispute: $400 back, $80 kept, $720 paid', async () => {
    const { lawyer, mediator, id } = await createCompletedRequest(t, OUTCOME_BUDGET);
    await resolveDispute(id, lawyer.cookie, { outcome: 'refund_partial', refundAmount: '400' });
    await expectEverywhere('partialDispute', id, { lawyer: lawyer.cookie, mediator: mediator.cookie });
    // The notices word the same figures as the pages, each side addressed as "you".
    const message = async (cookie: string) =>
      ((await call(t, 'GET', '/api/notifications?limit=100', cookie)).json() as { type: string; message: string }[]).find((n) => n.type === 'dispute_resolved')
        ?.message;
    expect(await message(lawyer.cookie)).toContain('$400 is refunded to you; of the remaining $800, $720 is paid to the mediator after the $80 platform fee');
    expect(await message(mediator.cookie)).toContain('$400 is refunded to the lawyer; of the remaining $800, $720 is paid to you after the $80 platform fee');
  });

  it('refunded in part by a cancellation (half the deposit kept)', async () => {
    const { lawyer, mediator, id } = await createMatchedRequest(t, { ...OUTCOME_BUDGET, preferredDate: null });
    t.clock.advance(8 * DAY);
    const lawyerCookie = await signIn(lawyer.email);
    expect((await call(t, 'POST', `/api/requests/${id}/cancel`, lawyerCookie)).statusCode).toBe(200);
    await expectEverywhere('partialCancellation', id, { lawyer: lawyerCookie, mediator: await signIn(mediator.email) });
  });

  it('late cancellation (the deposit kept)', async () => {
    const tomorrow = new Date(t.clock.now().getTime() + DAY).toISOString().slice(0, 10);
    const { lawyer, mediator, id } = await createMatchedRequest(t, { ...OUTCOME_BUDGET, preferredDate: tomorrow });
    expect((await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie)).statusCode).toBe(200);
    await expectEverywhere('lateCancellation', id, { lawyer: lawyer.cookie, mediator: mediator.cookie });
  });

  it('never matched: cancelled, the deposit refunded, no fee or payout shown', async () => {
    const lawyer = await signUpLawyer(t);
    await signUpMediator(t);
    const id = await createLiveRequest(t, lawyer.cookie, OUTCOME_BUDGET);
    expect((await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie)).statusCode).toBe(200);
    await expectEverywhere('neverMatched', id, { lawyer: lawyer.cookie, mediator: null });
  });
});

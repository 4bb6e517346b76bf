import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { monthStartUtc } from '../../../common/domain/tiers';
import { parseCents, formatCents } from '../../../common/money';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { runDueJobs } from '../../../../tests/helpers/jobs';
import { createCompletedRequest } from '../../../../tests/helpers/matched';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureAdmin } from '../users/accounts.service';

const HOUR = 60 * 60_000;
/** Two days after the test clock's start (Monday 2026-03-02): a cancellation now is late (RULES.md 2.4). */
const LATE_DATE = '2026-03-04';

interface View {
  id: string;
  requestId: string;
  caseName: string;
  caseNumber: string;
  status: string;
  totalCharged: string;
  totalRefunded: string;
  paidToYou: string | null;
  paidAt: string | null;
  createdAt: string;
  ledger: { kind: string; amount: string }[];
}

describe.each(backends)('payment history on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, 'payments.admin@example.com', PASSWORD);
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'payments.admin@example.com', password: PASSWORD }));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Follows X-Next-Cursor to the end; returns each page's ids and whether it carried the header. */
  const allPages = async (cookie: string, limit: number) => {
    const pages: { items: View[]; next: string | undefined }[] = [];
    let cursor: string | undefined;
    do {
      const res = await call(t, 'GET', `/api/payments?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      cursor = res.headers['x-next-cursor'] as string | undefined;
      pages.push({ items: res.json(), next: cursor });
    } while (cursor && pages.length < 50);
    return pages;
  };

  /** The mediator accepts the lawyer's live request and is selected: the balance is charged, the payment is theirs. */
  const matchWith = async (lawyerCookie: string, mediatorCookie: string, mediatorId: string, overrides: Record<string, unknown> = {}) => {
    const id = await createLiveRequest(t, lawyerCookie, overrides);
    expect((await call(t, 'POST', `/api/requests/${id}/accept`, mediatorCookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediatorId}`, lawyerCookie)).statusCode).toBe(200);
    return id;
  };

  it('pages a lawyer’s payments newest first: 3 pages, no duplicates, no header on the last; a bad limit is 400', async () => {
    const lawyer = await signUpLawyer(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await createLiveRequest(t, lawyer.cookie, { caseName: `Case ${i}`, caseNumber: `CV-${i}` }));
    const pages = await allPages(lawyer.cookie, 2);
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1]);
    expect(pages.map((p) => p.next !== undefined)).toEqual([true, true, false]);
    const items = pages.flatMap((p) => p.items);
    expect(new Set(items.map((p) => p.id)).size).toBe(5);
    // Newest first: the last request created comes first, with its case.
    expect(items.map((p) => p.requestId)).toEqual([...ids].reverse());
    expect(items[0]).toMatchObject({ caseName: 'Case 4', caseNumber: 'CV-4', status: 'held', totalCharged: '250.00', totalRefunded: '0.00', paidToYou: null });
    const stamps = items.map((p) => p.createdAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    // The default page holds all five; limits outside 1..100 are refused.
    const whole = await call(t, 'GET', '/api/payments', lawyer.cookie);
    expect(whole.json()).toHaveLength(5);
    expect(whole.headers['x-next-cursor']).toBeUndefined();
    // No query per payment: a page of five costs what a page of one does.
    const selects = vi.spyOn(t.ctx.db, 'select');
    const queriesFor = async (limit: number) => {
      selects.mockClear();
      expect((await call(t, 'GET', `/api/payments?limit=${limit}`, lawyer.cookie)).json()).toHaveLength(limit);
      return selects.mock.calls.length;
    };
    const one = await queriesFor(1);
    expect(one).toBeGreaterThanOrEqual(2); // the payments with their cases, then their ledgers
    expect(await queriesFor(5)).toBe(one);
    selects.mockRestore();
    expect((await call(t, 'GET', '/api/payments?limit=101', lawyer.cookie)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/payments?limit=0', lawyer.cookie)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/payments')).statusCode).toBe(401);
  });

  it('only the owning lawyer, the mediator paid from it and admins see a payment; everyone else gets 404', async () => {
    const { lawyer, mediator, id } = await createCompletedRequest(t);
    const otherLawyer = await signUpLawyer(t);
    const otherMediator = await signUpMediator(t);
    const [mine] = (await call(t, 'GET', '/api/payments', lawyer.cookie)).json() as View[];
    expect(mine.requestId).toBe(id);
    const url = `/api/payments/${mine.id}`;

    expect((await call(t, 'GET', url)).statusCode).toBe(401);
    for (const cookie of [otherLawyer.cookie, otherMediator.cookie]) {
      const res = await call(t, 'GET', url, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Payment not found');
      expect(((await call(t, 'GET', '/api/payments', cookie)).json() as View[]).some((p) => p.id === mine.id)).toBe(false);
    }
    expect((await call(t, 'GET', '/api/payments/not-a-uuid', lawyer.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/payments/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);

    for (const cookie of [lawyer.cookie, mediator.cookie, admin]) {
      const res = await call(t, 'GET', url, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: mine.id, requestId: id, caseName: 'Smith v. Jones', caseNumber: 'CV-2026-0142' });
    }
    // The owner's receipt: every movement so far, the whole escrow.
    const receipt = (await call(t, 'GET', url, lawyer.cookie)).json() as View;
    expect(receipt.ledger.map((e) => e.kind).sort()).toEqual(['balance_charge', 'deposit_charge']);
    expect(receipt).toMatchObject({ totalCharged: '1400.00', totalRefunded: '0.00', paidToYou: null, paidAt: null });

    // Admins see every payment, this one and the other lawyer's.
    const adminIds = (await allPages(admin, 100)).flatMap((p) => p.items.map((i) => i.id));
    expect(adminIds).toContain(mine.id);
    expect(new Set(adminIds).size).toBe(adminIds.length);
  });

  it("the mediator's view: only what was paid to them, no charges; paidToYou this month equals the dashboard's This Month", async () => {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    const before = (await call(t, 'GET', '/api/dashboard', mediator.cookie)).json().thisMonthEarnings as string;
    expect(before).toBe('0.00');

    // One mediation completed and paid out after the hold window…
    const paidId = await matchWith(lawyer.cookie, mediator.cookie, mediator.user.id, { caseName: 'Paid v. Out' });
    expect((await call(t, 'POST', `/api/requests/${paidId}/complete`, mediator.cookie, { completionResults: 'Settled.' })).statusCode).toBe(200);
    // …one cancelled late (two days before the preferred date): the deposit less the commission is the mediator's fee…
    const feeId = await matchWith(lawyer.cookie, mediator.cookie, mediator.user.id, { caseName: 'Fee v. Kept', preferredDate: LATE_DATE });
    const cancelled = await call(t, 'POST', `/api/requests/${feeId}/cancel`, lawyer.cookie, { reason: 'The parties settled.' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // …and one still held.
    const heldId = await matchWith(lawyer.cookie, mediator.cookie, mediator.user.id, { caseName: 'Still v. Held' });
    t.clock.advance(80 * HOUR);
    await runDueJobs(t);

    const views = (await call(t, 'GET', '/api/payments', mediator.cookie)).json() as View[];
    expect(views.map((v) => v.requestId)).toEqual([heldId, feeId, paidId]);
    const byRequest = new Map(views.map((v) => [v.requestId, v]));
    // One transfer per source charge (deposit, balance): together the payout, budget less the platform fee.
    expect(byRequest.get(paidId)).toMatchObject({ status: 'released', paidToYou: '1260.00' });
    expect(byRequest.get(paidId)!.ledger.map((e) => e.kind)).toEqual(['payout_transfer', 'payout_transfer']);
    expect(byRequest.get(feeId)).toMatchObject({ status: 'refunded_partial', paidToYou: '225.00', ledger: [{ kind: 'cancellation_fee', amount: '225.00' }] });
    expect(byRequest.get(heldId)).toMatchObject({ status: 'held', paidToYou: '0.00', paidAt: null, ledger: [] });
    expect(byRequest.get(paidId)!.paidAt).not.toBeNull();
    // Never the lawyer's charges, refunds or card: no charge entries, no provider ids anywhere in the answer.
    const body = JSON.stringify(views);
    for (const secret of ['deposit_charge', 'balance_charge', '"refund"', 'paymentIntentId', 'paymentMethodId', 'pm_', 'pi_'])
      expect(body).not.toContain(secret);

    const monthStart = monthStartUtc(t.clock.now()).toISOString();
    const thisMonth = views.filter((v) => v.paidAt && v.paidAt >= monthStart).reduce((sum, v) => sum + parseCents(v.paidToYou!)!, 0);
    const dashboard = (await call(t, 'GET', '/api/dashboard', mediator.cookie)).json();
    expect(dashboard.thisMonthEarnings).toBe(formatCents(thisMonth));
    expect(thisMonth).toBeGreaterThan(0);

    // The lawyer's own view of the cancelled one: charges and the refund, and what it totals.
    const lawyerView = (await call(t, 'GET', `/api/payments/${byRequest.get(feeId)!.id}`, lawyer.cookie)).json() as View;
    expect(lawyerView.ledger.map((e) => e.kind).sort()).toEqual(['balance_charge', 'cancellation_fee', 'deposit_charge', 'refund']);
    expect(lawyerView).toMatchObject({ totalCharged: '1400.00', totalRefunded: '1150.00', paidToYou: null });
  });
});

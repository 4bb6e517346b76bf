import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { expectLedgerWhole, ledgerOf } from '../../../../tests/helpers/ledger';
import { createCompletedRequest, createMatchedRequest } from '../../../../tests/helpers/matched';
import { call, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { runJob } from '../../jobs/handlers';
import { reconcilePayments } from '../payments/reconcile';
import { ensureAdmin } from '../users/accounts.service';

const HOUR = 60 * 60_000;
const REASON = 'The mediator left after twenty minutes.';

describe.each(backends)('disputes on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, 'disputes.admin@example.com', PASSWORD);
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'disputes.admin@example.com', password: PASSWORD }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const notes = async (cookie: string) =>
    (await call(t, 'GET', '/api/notifications?limit=100', cookie)).json() as { type: string; linkUrl: string; message: string }[];
  const entries = async (id: string, kind: string) => {
    const rows = await t.ctx.db.execute(
      sql`SELECT l.amount, l.platform_fee FROM ledger_entries l JOIN payments p ON p.id = l.payment_id WHERE p.request_id = ${id} AND l.kind = ${kind} ORDER BY l.amount`,
    );
    return (rows as unknown as { rows: { amount: string; platform_fee: string }[] }).rows;
  };
  const auditCount = async (disputeId: string) => {
    const rows = await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE target_id = ${disputeId} AND action = 'dispute.resolve'`);
    return (rows as unknown as { rows: { n: number }[] }).rows[0].n;
  };
  const disputed = async () => {
    const matched = await createCompletedRequest(t);
    const res = await call(t, 'POST', `/api/requests/${matched.id}/dispute`, matched.lawyer.cookie, { reason: REASON });
    expect(res.statusCode, res.body).toBe(201);
    return { ...matched, disputeId: res.json().id as string };
  };

  it('only the owning lawyer reports, within the window, once; 401 → 404 → 403 → 400 → 409', async () => {
    const { lawyer, mediator, id } = await createCompletedRequest(t);
    const otherLawyer = await signUpLawyer(t);
    const stranger = await signUpMediator(t);
    await setTier(t, stranger.user.id, 'pro');
    const url = `/api/requests/${id}/dispute`;
    expect((await call(t, 'POST', url, undefined, { reason: REASON })).statusCode).toBe(401);
    expect((await call(t, 'POST', url, otherLawyer.cookie, { reason: REASON })).statusCode).toBe(404);
    expect((await call(t, 'POST', url, stranger.cookie, { reason: REASON })).statusCode).toBe(404);
    expect((await call(t, 'POST', '/api/requests/not-a-uuid/dispute', lawyer.cookie, { reason: REASON })).statusCode).toBe(404);
    expect((await call(t, 'POST', url, mediator.cookie, { reason: REASON })).statusCode).toBe(403);
    expect((await call(t, 'POST', url, admin, { reason: REASON })).statusCode).toBe(403);
    // 403 before 400: the mediator's blank reason is still 403.
    expect((await call(t, 'POST', url, mediator.cookie, {})).statusCode).toBe(403);
    for (const body of [{}, { reason: '   ' }, { reason: 42 }, undefined]) {
      const bad = await call(t, 'POST', url, lawyer.cookie, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors).toEqual({ reason: 'Please describe the problem' });
    }
    const long = await call(t, 'POST', url, lawyer.cookie, { reason: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.reason).toBeDefined();

    const created = await call(t, 'POST', url, lawyer.cookie, { reason: `  ${REASON}  ` });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'open', reason: REASON, outcome: null, refundAmount: null, resolvedAt: null });
    const again = await call(t, 'POST', url, lawyer.cookie, { reason: REASON });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A problem is already reported for this mediation');

    // The mediator and the admin are told; the request shows the dispute to both sides and to admins only.
    expect((await notes(mediator.cookie)).filter((n) => n.type === 'dispute_opened' && n.linkUrl === `/requests/${id}`)).toHaveLength(1);
    expect((await notes(admin)).filter((n) => n.type === 'dispute_opened' && n.linkUrl === '/admin/disputes')).toHaveLength(1);
    expect((await notes(lawyer.cookie)).some((n) => n.type === 'dispute_opened')).toBe(false);
    for (const who of [lawyer.cookie, mediator.cookie, admin]) {
      expect((await call(t, 'GET', `/api/requests/${id}`, who)).json().dispute).toMatchObject({ id: created.json().id, status: 'open', reason: REASON });
    }
    const list = (await call(t, 'GET', '/api/requests', lawyer.cookie)).json() as { id: string; dispute: unknown }[];
    expect(list.find((r) => r.id === id)!.dispute).toMatchObject({ status: 'open' });

    // The payout waits, even after the window.
    t.clock.advance(80 * HOUR);
    await runJob(t.ctx, 'payment.payout', { requestId: id });
    expect((await ledgerOf(t, id))!.payment.status).toBe('held');
    expect(await entries(id, 'payout_transfer')).toEqual([]);
    await expectLedgerWhole(t, id);
  });

  it('409 before completion, after the window, and once the payout is released', async () => {
    const matched = await createMatchedRequest(t);
    const early = await call(t, 'POST', `/api/requests/${matched.id}/dispute`, matched.lawyer.cookie, { reason: REASON });
    expect(early.statusCode).toBe(409);

    const late = await createCompletedRequest(t);
    t.clock.advance(72 * HOUR);
    const tooLate = await call(t, 'POST', `/api/requests/${late.id}/dispute`, late.lawyer.cookie, { reason: REASON });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe('The time to report a problem has passed');
    await runJob(t.ctx, 'payment.payout', { requestId: late.id });
    expect((await ledgerOf(t, late.id))!.payment.status).toBe('released');
    const released = await call(t, 'POST', `/api/requests/${late.id}/dispute`, late.lawyer.cookie, { reason: REASON });
    expect(released.statusCode).toBe(409);
    expect(released.json().message).toBe('The payout has already been released');
    expect((await call(t, 'GET', `/api/requests/${late.id}`, late.lawyer.cookie)).json().dispute).toBeNull();
  });

  it('admin routes: 401 signed out, 403 for lawyers and mediators, 404 for unknown or malformed ids, 400 bad input', async () => {
    const { lawyer, mediator, disputeId, id } = await disputed();
    const routes = [
      ['GET', '/api/admin/disputes'],
      ['GET', `/api/admin/disputes/${disputeId}`],
      ['POST', `/api/admin/disputes/${disputeId}/resolve`],
    ] as const;
    const body = { outcome: 'release', note: 'Checked with both sides.' };
    for (const [method, url] of routes) {
      expect((await call(t, method, url, undefined, method === 'POST' ? body : undefined)).statusCode).toBe(401);
      for (const who of [lawyer.cookie, mediator.cookie]) expect((await call(t, method, url, who, method === 'POST' ? body : undefined)).statusCode).toBe(403);
    }
    for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await call(t, 'GET', `/api/admin/disputes/${bad}`, admin)).statusCode).toBe(404);
      expect((await call(t, 'POST', `/api/admin/disputes/${bad}/resolve`, admin, body)).statusCode).toBe(404);
    }
    const resolve = (payload: unknown) => call(t, 'POST', `/api/admin/disputes/${disputeId}/resolve`, admin, payload);
    expect((await resolve({ outcome: 'release' })).json().fieldErrors).toEqual({ note: 'Please add a note explaining the resolution' });
    expect((await resolve({ outcome: 'release', note: '  ' })).statusCode).toBe(400);
    expect((await resolve({ outcome: 'pay_everyone', note: 'x' })).json().fieldErrors).toHaveProperty('outcome');
    for (const refundAmount of [undefined, 0, '0.00', -5, '1400.00', 1500, 'abc', '10.001']) {
      const res = await resolve({ outcome: 'refund_partial', refundAmount, note: 'x' });
      expect(res.statusCode, String(refundAmount)).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual(['refundAmount']);
    }
    expect((await call(t, 'GET', '/api/admin/disputes?status=closed', admin)).statusCode).toBe(400);
    // Nothing happened.
    expect((await call(t, 'GET', `/api/admin/disputes/${disputeId}`, admin)).json()).toMatchObject({ status: 'open', requestId: id, amountHeld: '1400.00' });
  });

  it('lists newest first with names and amounts, filtered by status, a page at a time', async () => {
    const first = await disputed();
    t.clock.advance(1000);
    const second = await disputed();
    const list = await call(t, 'GET', '/api/admin/disputes?status=open&limit=1', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({
      id: second.disputeId,
      caseName: 'Smith v. Jones',
      caseNumber: 'CV-2026-0142',
      lawyer: { name: 'Lena Lawyer' },
      mediator: { name: 'Max Mediator' },
      budget: '1400.00',
      amountHeld: '1400.00',
      // What the admins' preview splits: the deposit and the balance held, and the request's own commission.
      depositHeld: '250.00',
      balanceHeld: '1150.00',
      commissionPercentage: '10.00',
      paymentStatus: 'held',
      status: 'open',
    });
    const cursor = list.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    // Walking the pages gives every open dispute once, newest first.
    const seen: { id: string; createdAt: string }[] = [...list.json()];
    for (let next = cursor; next;) {
      const page = await call(t, 'GET', `/api/admin/disputes?status=open&limit=1&cursor=${next}`, admin);
      seen.push(...page.json());
      next = page.headers['x-next-cursor'] as string;
    }
    const all = (await call(t, 'GET', '/api/admin/disputes?status=open&limit=100', admin)).json() as { id: string }[];
    expect(seen.map((d) => d.id)).toEqual(all.map((d) => d.id));
    expect(seen.map((d) => d.id)).toContain(first.disputeId);
    expect([...seen].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((d) => d.createdAt)).toEqual(seen.map((d) => d.createdAt));
    const resolved = (await call(t, 'GET', '/api/admin/disputes?status=resolved', admin)).json() as { id: string }[];
    expect(resolved.some((d) => d.id === first.disputeId)).toBe(false);
  });

  it('release: the planned payout at once, released, audited, both told; a second resolution is 409', async () => {
    const { lawyer, mediator, id, disputeId } = await disputed();
    const res = await call(t, 'POST', `/api/admin/disputes/${disputeId}/resolve`, admin, { outcome: 'release', note: 'The session ran its full length.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'resolved',
      outcome: 'release',
      refundAmount: null,
      resolutionNote: 'The session ran its full length.',
      paymentStatus: 'released',
    });
    const ledger = await expectLedgerWhole(t, id);
    expect(ledger!.payment.status).toBe('released');
    expect(await entries(id, 'payout_transfer')).toEqual([
      { amount: '110.00', platform_fee: '140.00' },
      { amount: '1150.00', platform_fee: '0.00' },
    ]);
    expect(await auditCount(disputeId)).toBe(1);
    for (const who of [lawyer.cookie, mediator.cookie]) expect((await notes(who)).filter((n) => n.type === 'dispute_resolved')).toHaveLength(1);
    expect((await notes(mediator.cookie)).filter((n) => n.type === 'payment_processed')).toHaveLength(1);

    const again = await call(t, 'POST', `/api/admin/disputes/${disputeId}/resolve`, admin, { outcome: 'refund_full', note: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    // The payout job and the reconciler later move nothing more.
    t.clock.advance(80 * HOUR);
    await runJob(t.ctx, 'payment.payout', { requestId: id });
    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    expect(await entries(id, 'payout_transfer')).toHaveLength(2);
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json().dispute).toMatchObject({ status: 'resolved', outcome: 'release' });
  });

  it('refund_full: every charge refunded, nothing to the mediator, refunded_full', async () => {
    const { lawyer, mediator, id, disputeId } = await disputed();
    const res = await call(t, 'POST', `/api/admin/disputes/${disputeId}/resolve`, admin, { outcome: 'refund_full', note: 'The mediator did not attend.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'refund_full',
      refundAmount: '1400.00',
      mediatorPaid: null,
      paymentStatus: 'refunded_full',
      amountHeld: '0.00',
    });
    const ledger = await expectLedgerWhole(t, id);
    expect(ledger!.payment.status).toBe('refunded_full');
    expect(ledger!.totals).toMatchObject({ charged: 140_000, refunded: 140_000, paidToMediator: 0, feeKept: 0 });
    expect(await entries(id, 'refund')).toEqual([
      { amount: '250.00', platform_fee: '0.00' },
      { amount: '1150.00', platform_fee: '0.00' },
    ]);
    for (const who of [lawyer.cookie, mediator.cookie]) expect((await notes(who)).filter((n) => n.type === 'dispute_resolved')).toHaveLength(1);
    t.clock.advance(80 * HOUR);
    await runJob(t.ctx, 'payment.payout', { requestId: id });
    expect(await entries(id, 'payout_transfer')).toEqual([]);
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json()).toMatchObject({
      paymentStatus: 'refunded_full',
      dispute: { outcome: 'refund_full', refundAmount: '1400.00' },
    });
  });

  it('refund_partial: the refund from the balance first, the rest to the mediator less the commission only, refunded_partial', async () => {
    const { lawyer, mediator, id, disputeId } = await disputed();
    const res = await call(t, 'POST', `/api/admin/disputes/${disputeId}/resolve`, admin, {
      outcome: 'refund_partial',
      refundAmount: '500',
      note: 'Half a session.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'refund_partial', refundAmount: '500.00', mediatorPaid: '810.00', paymentStatus: 'refunded_partial' });
    const ledger = await expectLedgerWhole(t, id);
    // 1400 held: 500 back to the lawyer (from the balance), 900 left: fee 10 % = 90, 810 to the mediator.
    expect(ledger!.totals).toMatchObject({ charged: 140_000, refunded: 50_000, paidToMediator: 81_000, feeKept: 9_000 });
    expect(await entries(id, 'refund')).toEqual([{ amount: '500.00', platform_fee: '0.00' }]);
    expect(await entries(id, 'payout_transfer')).toEqual([
      { amount: '160.00', platform_fee: '90.00' },
      { amount: '650.00', platform_fee: '0.00' },
    ]);
    expect(ledger!.payment.status).toBe('refunded_partial');
    for (const who of [lawyer.cookie, mediator.cookie]) expect((await notes(who)).filter((n) => n.type === 'dispute_resolved')).toHaveLength(1);
    // Both sides' request pages say what each received: the refund and the mediator's share after the fee.
    for (const who of [lawyer.cookie, mediator.cookie]) {
      expect((await call(t, 'GET', `/api/requests/${id}`, who)).json().dispute).toMatchObject({ refundAmount: '500.00', mediatorPaid: '810.00' });
    }
    t.clock.advance(80 * HOUR);
    await runJob(t.ctx, 'payment.payout', { requestId: id });
    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    expect(await entries(id, 'payout_transfer')).toHaveLength(2);
    expect((await ledgerOf(t, id))!.payment.status).toBe('refunded_partial');
  });

  it('a provider failure leaves the steps pending; the reconciler finishes them with the same keys', async () => {
    const { id, disputeId } = await disputed();
    const refund = t.ctx.payments.refund.bind(t.ctx.payments);
    t.ctx.payments.refund = async () => {
      throw new Error('provider unreachable');
    };
    try {
      const res = await call(t, 'POST', `/api/admin/disputes/${disputeId}/resolve`, admin, {
        outcome: 'refund_partial',
        refundAmount: 1200,
        note: 'Mostly refunded.',
      });
      expect(res.statusCode).toBe(200);
    } finally {
      t.ctx.payments.refund = refund;
    }
    expect((await ledgerOf(t, id))!.totals.refunded).toBe(0);
    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    const ledger = await expectLedgerWhole(t, id);
    // 1200 refunded: 1150 from the balance and 50 from the deposit; 200 left: fee 20, 180 to the mediator.
    expect(ledger!.totals).toMatchObject({ refunded: 120_000, paidToMediator: 18_000, feeKept: 2_000 });
    expect(await entries(id, 'refund')).toEqual([
      { amount: '50.00', platform_fee: '0.00' },
      { amount: '1150.00', platform_fee: '0.00' },
    ]);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { expectLedgerWhole, ledgerOf } from '../../../../tests/helpers/ledger';
import { createCompletedRequest, createMatchedRequest } from '../../../../tests/helpers/matched';
import { call, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { runJob } from '../../jobs/handlers';
import type { RecordingScheduler } from '../../jobs/scheduler';
import { reconcilePayments } from '../payments/reconcile';

const HOUR = 60 * 60_000;

describe.each(backends)('start, complete and payout on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const jobsFor = (id: string) => (t.ctx.jobs as RecordingScheduler).jobs.filter((j) => j.name === 'payment.payout' && j.data.requestId === id);
  const runPayoutJobs = async (id: string) => {
    for (const job of jobsFor(id)) await runJob(t.ctx, job.name, job.data);
  };
  const notificationsOf = async (cookie: string) => (await call(t, 'GET', '/api/notifications', cookie)).json() as { type: string; linkUrl: string }[];
  const payoutEntries = async (id: string) => {
    const rows = await t.ctx.db.execute(
      sql`SELECT l.amount, l.platform_fee FROM ledger_entries l JOIN payments p ON p.id = l.payment_id WHERE p.request_id = ${id} AND l.kind = 'payout_transfer' ORDER BY l.amount`,
    );
    return (rows as unknown as { rows: { amount: string; platform_fee: string }[] }).rows;
  };

  it('only the selected mediator starts and completes; others get 404 or 403; a repeat is 409', async () => {
    const { lawyer, mediator, id } = await createMatchedRequest(t);
    const stranger = await signUpMediator(t);
    await setTier(t, stranger.user.id, 'pro');
    const otherLawyer = await signUpLawyer(t);
    expect((await call(t, 'POST', `/api/requests/${id}/start`)).statusCode).toBe(401);
    expect((await call(t, 'POST', `/api/requests/${id}/start`, otherLawyer.cookie)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/requests/${id}/start`, stranger.cookie)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/requests/${id}/start`, lawyer.cookie)).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, lawyer.cookie, { completionResults: 'x' })).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/requests/not-a-uuid/start`, mediator.cookie)).statusCode).toBe(404);

    const started = await call(t, 'POST', `/api/requests/${id}/start`, mediator.cookie);
    expect(started.statusCode).toBe(200);
    expect(started.json().status).toBe('in_progress');
    expect((await call(t, 'POST', `/api/requests/${id}/start`, mediator.cookie)).statusCode).toBe(409);

    const blank = await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual({ completionResults: 'Completion results are required' });
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie)).statusCode).toBe(400);

    const done = await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, {
      completionResults: '  Settled in full.  ',
      deliverables: 'Signed term sheet',
      mediatorProposal: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'completed',
      completionResults: 'Settled in full.',
      deliverables: 'Signed term sheet',
      mediatorProposal: null,
    });
    expect(done.json().completedAt).toBe(t.clock.now().toISOString());
    expect((await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'again' })).statusCode).toBe(409);
    expect((await call(t, 'POST', `/api/requests/${id}/start`, mediator.cookie)).statusCode).toBe(409);

    // The lawyer is told; the mediator's completed count moves; a lawyer cannot cancel a completed request.
    expect((await notificationsOf(lawyer.cookie)).some((n) => n.type === 'mediation_completed' && n.linkUrl === `/requests/${id}`)).toBe(true);
    expect((await call(t, 'GET', `/api/mediators/${mediator.user.id}`, lawyer.cookie)).json().totalMediationsCompleted).toBe(1);
    expect((await call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie, {})).statusCode).toBe(409);
  });

  it('completing from matched (without start) works', async () => {
    const { mediator, id } = await createMatchedRequest(t);
    const done = await call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Done' });
    expect(done.statusCode).toBe(200);
  });

  it('pays out budget − fee after the hold window, one transfer per charge, once, and the ledger closes', async () => {
    const { mediator, id } = await createCompletedRequest(t);
    const completedAt = t.clock.now().getTime();
    expect(jobsFor(id).map((j) => j.runAt.getTime() - completedAt)).toEqual([72 * HOUR]);
    // Before the window ends the job changes nothing.
    await runPayoutJobs(id);
    expect((await ledgerOf(t, id))!.payment.status).toBe('held');
    await expectLedgerWhole(t, id);

    t.clock.advance(72 * HOUR);
    await runPayoutJobs(id);
    const ledger = await expectLedgerWhole(t, id);
    expect(ledger!.payment.status).toBe('released');
    // Budget 1400, fee 140 taken from the 250 deposit: 110 + 1150 to the mediator.
    expect(await payoutEntries(id)).toEqual([
      { amount: '110.00', platform_fee: '140.00' },
      { amount: '1150.00', platform_fee: '0.00' },
    ]);
    expect(ledger!.totals).toMatchObject({ charged: 140_000, paidToMediator: 126_000, feeKept: 14_000, refunded: 0 });
    expect((await notificationsOf(mediator.cookie)).filter((n) => n.type === 'payment_processed')).toHaveLength(1);

    // The job again, the reconciler, and a second job run: nothing more moves.
    await runPayoutJobs(id);
    await runJob(t.ctx, 'payment.payout', { requestId: id });
    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    expect(await payoutEntries(id)).toHaveLength(2);
    expect((await notificationsOf(mediator.cookie)).filter((n) => n.type === 'payment_processed')).toHaveLength(1);
    const detail = await call(t, 'GET', `/api/requests/${id}`, mediator.cookie);
    expect(detail.json().paymentStatus).toBe('released');
  });

  it('an open dispute holds the payout', async () => {
    const { lawyer, id } = await createCompletedRequest(t);
    await t.ctx.db.execute(sql`INSERT INTO disputes (request_id, raised_by_id, reason) VALUES (${id}, ${lawyer.user.id}, 'Mediator did not attend')`);
    t.clock.advance(100 * HOUR);
    await runPayoutJobs(id);
    expect((await ledgerOf(t, id))!.payment.status).toBe('held');
    expect(await payoutEntries(id)).toEqual([]);
    await expectLedgerWhole(t, id);
  });

  it('with a hold window of 0 the payout is released at completion', async () => {
    await t.ctx.db.execute(sql`UPDATE platform_settings SET payout_hold_hours = 0`);
    try {
      const { id } = await createCompletedRequest(t);
      expect((await ledgerOf(t, id))!.payment.status).toBe('released');
      await expectLedgerWhole(t, id);
    } finally {
      await t.ctx.db.execute(sql`UPDATE platform_settings SET payout_hold_hours = 72`);
    }
  });

  it('a provider failure leaves the transfer pending; the reconciler finishes it with the same key', async () => {
    const { id } = await createCompletedRequest(t);
    t.clock.advance(72 * HOUR);
    const transfer = t.ctx.payments.transfer.bind(t.ctx.payments);
    t.ctx.payments.transfer = async () => {
      throw new Error('provider unreachable');
    };
    try {
      await runPayoutJobs(id);
    } finally {
      t.ctx.payments.transfer = transfer;
    }
    expect((await ledgerOf(t, id))!.payment.status).toBe('held');
    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    expect((await ledgerOf(t, id))!.payment.status).toBe('released');
    expect(await payoutEntries(id)).toHaveLength(2);
    await expectLedgerWhole(t, id);
  });
});

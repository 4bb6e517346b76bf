import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { expectLedgerWhole, expectProviderAgrees } from '../../../../tests/helpers/ledger';
import { createCompletedRequest, createMatchedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import { type TestApp } from '../../../../tests/helpers/test-app';
import { runJob } from '../../jobs/handlers';
import { reconcilePayments } from '../payments/reconcile';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';

// Cancellations raced on the PostgreSQL server (issue 8): many cancels of one request by its lawyer and an admin, and
// an admin's cancel against completion, a dispute's resolution and the payout job. Needs TEST_DATABASE_URL (see
// requests.race.test.ts for why and how it fails loudly in CI).

type Res = Awaited<ReturnType<typeof call>>;
const REFUNDS = ['full', 'partial', 'none'] as const;

describeOnPostgres('cancellation.race.test.ts', 'cancellation races on postgres', () => {
  let t: TestApp;
  let admin: string;
  startRaceApp((app) => ({ t, admin } = app), { adminEmail: 'cancel.race.admin@example.com' });

  const adminCancel = (id: string, refund: (typeof REFUNDS)[number]) =>
    call(t, 'POST', `/api/admin/mediations/${id}/cancel`, admin, { refund, reason: 'Race' });
  const noServerErrors = (results: Res[]) => expect(results.filter((r) => r.statusCode >= 500).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
  const kinds = async (id: string) => {
    const res = await t.ctx.db.execute(
      sql`SELECT l.kind, count(*)::int AS n FROM ledger_entries l JOIN payments p ON p.id = l.payment_id WHERE p.request_id = ${id} GROUP BY l.kind`,
    );
    return Object.fromEntries((res as unknown as { rows: { kind: string; n: number }[] }).rows.map((r) => [r.kind, r.n]));
  };
  const cancelAudits = async (id: string) => {
    const res = await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'request.cancel' AND target_id = ${id}`);
    return (res as unknown as { rows: { n: number }[] }).rows[0].n;
  };
  /** Every step settled (the reconciler finishes any a lost race left), then the ledger and the provider agree. */
  const settledAndWhole = async (id: string) => {
    await reconcilePayments(t.ctx, { minAgeMs: 0 });
    const ledger = (await expectLedgerWhole(t, id))!;
    const provider = await expectProviderAgrees(t, id);
    for (const out of provider.perCharge.values()) expect(out.refunds).toBeLessThanOrEqual(1);
    return { ledger, provider };
  };

  it('50 concurrent cancels of one matched request, by its lawyer and an admin: one 200, 49 × 409, at most one refund per charge', async () => {
    for (const round of [0, 1, 2]) {
      const { lawyer, id } = await createMatchedRequest(t, { preferredDate: '2027-06-01' });
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i + round) % 2 ? call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie, { reason: `Owner ${i}` }) : adminCancel(id, REFUNDS[(i + round) % 3]),
        ),
      );
      noServerErrors(results);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(49).fill(409)]);
      const winner = results.findIndex((r) => r.statusCode === 200);
      const byAdmin = (winner + round) % 2 === 0;
      const { ledger, provider } = await settledAndWhole(id);
      expect(await cancelAudits(id)).toBe(byAdmin ? 1 : 0);
      // The owner 7+ days ahead and an admin's full refund give everything back; partial/none keep part of the deposit.
      const kind = byAdmin ? REFUNDS[(winner + round) % 3] : 'full';
      expect(ledger.payment.status).toBe(kind === 'full' ? 'refunded_full' : 'refunded_partial');
      expect(provider.refunded).toBe({ full: 140_000, partial: 127_500, none: 115_000 }[kind]);
      expect((await kinds(id)).cancellation_fee ?? 0).toBe(kind === 'full' ? 0 : 1);
    }
  }, 180_000);

  it('admin cancel ⇄ completion, repeated: either cancelled with its refunds or completed with the payout pending, never both', async () => {
    const seen = { cancelled: 0, completed: 0 };
    for (let round = 0; round < 6; round++) {
      const { lawyer, mediator, id } = await createMatchedRequest(t);
      const results = await Promise.all(
        round % 2
          ? [adminCancel(id, REFUNDS[round % 3]), call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Done' })]
          : [call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Done' }), adminCancel(id, REFUNDS[round % 3])],
      );
      noServerErrors(results);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const status = (await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json().status as string;
      const { ledger } = await settledAndWhole(id);
      if (status === 'cancelled') {
        seen.cancelled++;
        expect(ledger.payment.status).toMatch(/^refunded_/);
        expect((await kinds(id)).payout_transfer ?? 0).toBe(0);
      } else {
        seen.completed++;
        expect(status).toBe('completed');
        expect(ledger.payment.status).toBe('held'); // the 72-hour hold window runs
        expect(ledger.totals.refunded).toBe(0);
        expect(await cancelAudits(id)).toBe(0);
      }
    }
    expect(seen.cancelled + seen.completed).toBe(6);
  }, 180_000);

  it('admin cancel ⇄ dispute resolution: a completed mediation cannot be cancelled, the resolution stands alone', async () => {
    for (const outcome of ['release', 'refund_full', 'refund_partial'] as const) {
      const { lawyer, id } = await createCompletedRequest(t);
      const raised = await call(t, 'POST', `/api/requests/${id}/dispute`, lawyer.cookie, { reason: 'Problem' });
      expect(raised.statusCode).toBe(201);
      const [cancelled, resolved] = await Promise.all([
        adminCancel(id, 'full'),
        call(t, 'POST', `/api/admin/disputes/${raised.json().id}/resolve`, admin, { outcome, refundAmount: '300.00', note: 'Decided' }),
      ]);
      expect([cancelled.statusCode, resolved.statusCode]).toEqual([409, 200]);
      const { ledger } = await settledAndWhole(id);
      expect(ledger.payment.status).toBe({ release: 'released', refund_full: 'refunded_full', refund_partial: 'refunded_partial' }[outcome]);
      expect(await cancelAudits(id)).toBe(0);
    }
  }, 120_000);

  it('admin cancel ⇄ completion with no hold window ⇄ the payout job: refunds or the payout, once, never both', async () => {
    await t.ctx.db.execute(sql`UPDATE platform_settings SET payout_hold_hours = 0`);
    try {
      const seen = { cancelled: 0, released: 0 };
      for (let round = 0; round < 6; round++) {
        const { lawyer, mediator, id } = await createMatchedRequest(t);
        const results = await Promise.all([
          adminCancel(id, REFUNDS[round % 3]),
          call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Done' }),
          runJob(t.ctx, 'payment.payout', { requestId: id }).then(() => null),
          runJob(t.ctx, 'payment.payout', { requestId: id }).then(() => null),
        ]);
        const answers = results.filter((r): r is Res => r !== null);
        noServerErrors(answers);
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        // The job's retry after the race finds nothing left to do, whichever side won.
        await runJob(t.ctx, 'payment.payout', { requestId: id });
        const status = (await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json().status as string;
        const { ledger } = await settledAndWhole(id);
        const moved = await kinds(id);
        if (status === 'cancelled') {
          seen.cancelled++;
          expect(moved.payout_transfer ?? 0).toBe(0);
        } else {
          seen.released++;
          expect(ledger.payment.status).toBe('released');
          expect(moved).toEqual({ deposit_charge: 1, balance_charge: 1, payout_transfer: 2 });
        }
      }
      expect(seen.cancelled + seen.released).toBe(6);
    } finally {
      await t.ctx.db.execute(sql`UPDATE platform_settings SET payout_hold_hours = 72`);
    }
  }, 180_000);
});

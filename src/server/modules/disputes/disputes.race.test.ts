import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { expectLedgerWhole, ledgerOf } from '../../../../tests/helpers/ledger';
import { createCompletedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import { type TestApp } from '../../../../tests/helpers/test-app';
import { runJob } from '../../jobs/handlers';
import { reconcilePayments } from '../payments/reconcile';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';

// Disputes raced on the PostgreSQL server: concurrent resolutions, and a dispute raised while the payout job runs at
// the end of the hold window. Needs TEST_DATABASE_URL (see requests.race.test.ts for why and how it fails loudly in CI).

const HOUR = 60 * 60_000;

describeOnPostgres('disputes.race.test.ts', 'dispute races on postgres', () => {
  let t: TestApp;
  let admin: string;
  startRaceApp((app) => ({ t, admin } = app), { adminEmail: 'race.admin@example.com' });

  const counts = async (id: string) => {
    const res = await t.ctx.db.execute(
      sql`SELECT l.kind, count(*)::int AS n FROM ledger_entries l JOIN payments p ON p.id = l.payment_id WHERE p.request_id = ${id} GROUP BY l.kind`,
    );
    const rows = (res as unknown as { rows: { kind: string; n: number }[] }).rows;
    return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  };
  const steps = async (id: string) => {
    const res = await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM payment_steps s JOIN payments p ON p.id = s.payment_id WHERE p.request_id = ${id} AND s.kind IN ('refund', 'transfer')`,
    );
    return (res as unknown as { rows: { n: number }[] }).rows[0].n;
  };
  const audits = async (disputeId: string) => {
    const res = await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE target_id = ${disputeId}`);
    return (res as unknown as { rows: { n: number }[] }).rows[0].n;
  };

  it('10 concurrent resolutions: one 200, 9 × 409, one set of money movements, the ledger whole', async () => {
    for (const round of [0, 1, 2]) {
      const { lawyer, id } = await createCompletedRequest(t);
      const raised = await call(t, 'POST', `/api/requests/${id}/dispute`, lawyer.cookie, { reason: 'Problem' });
      expect(raised.statusCode).toBe(201);
      const disputeId = raised.json().id as string;
      const bodies = [
        { outcome: 'release', note: 'Release' },
        { outcome: 'refund_full', note: 'Refund' },
        { outcome: 'refund_partial', refundAmount: '300.00', note: 'Part' },
      ];
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => call(t, 'POST', `/api/admin/disputes/${disputeId}/resolve`, admin, bodies[(i + round) % 3])),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
      const outcome = results.find((r) => r.statusCode === 200)!.json().outcome as string;
      await reconcilePayments(t.ctx, { minAgeMs: 0 });
      const ledger = await expectLedgerWhole(t, id);
      const moved = await counts(id);
      if (outcome === 'release') {
        expect(ledger!.payment.status).toBe('released');
        expect(moved).toEqual({ deposit_charge: 1, balance_charge: 1, payout_transfer: 2 });
      } else if (outcome === 'refund_full') {
        expect(ledger!.payment.status).toBe('refunded_full');
        expect(moved).toEqual({ deposit_charge: 1, balance_charge: 1, refund: 2 });
      } else {
        expect(ledger!.payment.status).toBe('refunded_partial');
        expect(moved).toEqual({ deposit_charge: 1, balance_charge: 1, refund: 1, payout_transfer: 2 });
        expect(ledger!.totals.refunded).toBe(30_000);
      }
      // One set of recorded steps: two transfers, two refunds, or one refund and two transfers.
      expect(await steps(id)).toBe(outcome === 'refund_partial' ? 3 : 2);
      expect(await audits(disputeId)).toBe(1);
    }
  }, 120_000);

  it('a dispute raised while the payout job runs at the end of the window: the payout or the dispute wins, never both', async () => {
    const winners = { dispute: 0, payout: 0 };
    for (let round = 0; round < 10; round++) {
      const { lawyer, id } = await createCompletedRequest(t);
      // The window ends while both are in flight: the clock reads one millisecond before the end, then (after a few
      // milliseconds, varied per round) the end itself. Each side reads it under the request and payment locks.
      const due = t.clock.now().getTime() + 72 * HOUR;
      t.clock.set(new Date(due - 1));
      const flip = new Promise<void>((resolve) =>
        setTimeout(() => {
          t.clock.set(new Date(due));
          resolve();
        }, round % 5),
      );
      const [disputeRes] = await Promise.all([
        call(t, 'POST', `/api/requests/${id}/dispute`, lawyer.cookie, { reason: 'Raced' }),
        runJob(t.ctx, 'payment.payout', { requestId: id }),
        flip,
      ]);
      // Then the job's retry and the reconciler, after the window: they finish a payout that won, and do nothing
      // while a dispute is open.
      t.clock.set(new Date(due + HOUR));
      await runJob(t.ctx, 'payment.payout', { requestId: id });
      await reconcilePayments(t.ctx, { minAgeMs: 0 });
      const ledger = (await ledgerOf(t, id))!;
      const moved = await counts(id);
      if (disputeRes.statusCode === 201) {
        winners.dispute++;
        expect(ledger.payment.status).toBe('held');
        expect(moved.payout_transfer ?? 0).toBe(0);
        expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json().dispute).toMatchObject({ status: 'open' });
      } else {
        winners.payout++;
        expect(disputeRes.statusCode).toBe(409);
        expect(ledger.payment.status).toBe('released');
        expect(moved.payout_transfer).toBe(2);
        expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json().dispute).toBeNull();
      }
      await expectLedgerWhole(t, id);
    }
    expect(winners.dispute + winners.payout).toBe(10);
  }, 180_000);
});

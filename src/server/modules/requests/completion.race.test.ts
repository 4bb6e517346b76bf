import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectLedgerWhole, ledgerOf } from '../../../../tests/helpers/ledger';
import { createCompletedRequest, createMatchedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { runJob } from '../../jobs/handlers';
import { describeOnPostgres } from '../../../../tests/helpers/postgres-only';

// The after-match transitions raced on the PostgreSQL server: many real concurrent requests, exact outcomes, 0 server
// errors. Needs TEST_DATABASE_URL (see requests.race.test.ts for why and how it fails loudly in CI).

type Res = Awaited<ReturnType<typeof call>>;
const statuses = (results: Res[]) => results.map((r) => r.statusCode).sort();
const count = (results: Res[], status: number) => results.filter((r) => r.statusCode === status).length;

describeOnPostgres('completion.race.test.ts', 'after-match races on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    // No hold window: every completion tries to pay out at once, so the races below also race the payout.
    await t.ctx.db.execute(sql`UPDATE platform_settings SET payout_hold_hours = 0`);
  }, 60_000);
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  const payoutTransfers = async (id: string) => {
    const res = await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM ledger_entries l JOIN payments p ON p.id = l.payment_id WHERE p.request_id = ${id} AND l.kind = 'payout_transfer'`,
    );
    return (res as unknown as { rows: { n: number }[] }).rows[0].n;
  };

  it('50 concurrent completes: one 200, 49 × 409, one payout (one transfer per charge), the ledger closes', async () => {
    const { mediator, id } = await createMatchedRequest(t);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: `Result ${i}` })),
    );
    expect(statuses(results).filter((s) => s >= 500)).toEqual([]);
    expect([count(results, 200), count(results, 409)]).toEqual([1, 49]);
    expect(await payoutTransfers(id)).toBe(2);
    const ledger = await expectLedgerWhole(t, id);
    expect(ledger!.payment.status).toBe('released');
    const profile = await call(t, 'GET', `/api/mediators/${mediator.user.id}`, mediator.cookie);
    expect(profile.json().totalMediationsCompleted).toBe(1);
  }, 60_000);

  it('the payout job run 10 times at once moves the money once', async () => {
    await t.ctx.db.execute(sql`UPDATE platform_settings SET payout_hold_hours = 72`);
    try {
      const { id } = await createCompletedRequest(t);
      t.clock.advance(72 * 60 * 60_000);
      await Promise.all(Array.from({ length: 10 }, () => runJob(t.ctx, 'payment.payout', { requestId: id })));
      expect(await payoutTransfers(id)).toBe(2);
      expect((await ledgerOf(t, id))!.payment.status).toBe('released');
      await expectLedgerWhole(t, id);
    } finally {
      await t.ctx.db.execute(sql`UPDATE platform_settings SET payout_hold_hours = 0`);
    }
  }, 60_000);

  it('complete ⇄ cancel (lawyer), start ⇄ complete (same mediator), repeated: one consistent outcome, 0 server errors', async () => {
    for (let round = 0; round < 5; round++) {
      const { lawyer, mediator, id } = await createMatchedRequest(t, { preferredDate: '2027-06-01' });
      const [completed, cancelled] = await Promise.all([
        call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Done' }),
        call(t, 'POST', `/api/requests/${id}/cancel`, lawyer.cookie, { reason: 'Race' }),
      ]);
      expect([completed.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
      const detail = (await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json();
      expect(detail.status).toBe(completed.statusCode === 200 ? 'completed' : 'cancelled');
      expect(await payoutTransfers(id)).toBe(completed.statusCode === 200 ? 2 : 0);
      await expectLedgerWhole(t, id);

      const second = await createMatchedRequest(t);
      const pair = await Promise.all([
        call(t, 'POST', `/api/requests/${second.id}/start`, second.mediator.cookie),
        call(t, 'POST', `/api/requests/${second.id}/complete`, second.mediator.cookie, { completionResults: 'Done' }),
      ]);
      expect(statuses(pair).filter((s) => s >= 500)).toEqual([]);
      expect(pair[1].statusCode).toBe(200); // complete is allowed from matched and from in_progress
      expect((await call(t, 'GET', `/api/requests/${second.id}`, second.lawyer.cookie)).json().status).toBe('completed');
    }
  }, 180_000);

  it('20 concurrent reviews by the same lawyer: one 201, the rest 409, the rating counted once', async () => {
    const { lawyer, mediator, id } = await createCompletedRequest(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(t, 'POST', '/api/reviews', lawyer.cookie, { requestId: id, rating: (i % 5) + 1 })),
    );
    expect(statuses(results).filter((s) => s >= 500)).toEqual([]);
    expect([count(results, 201), count(results, 409)]).toEqual([1, 19]);
    const profile = (await call(t, 'GET', `/api/mediators/${mediator.user.id}`, lawyer.cookie)).json();
    expect(profile.reviewCount).toBe(1);
    expect(profile.rating).toBe(`${results.find((r) => r.statusCode === 201)!.json().rating}.00`);
  }, 60_000);
});

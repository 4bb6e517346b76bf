import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { expect } from 'vitest';
import type { RequestStatus } from '../../src/common/enums';
import * as schema from '../../src/server/db/schema';
import type { FakeStripe } from '../fake-stripe/server';
import type { CrashableServer } from './crash-server';
import { expectLedgerWhole, ledgerOf } from './ledger';
import type { TestApp } from './test-app';

// After the kills of the PostgreSQL crash test (src/server/crash/postgres-kills-during-flows.crash.test.ts): what the
// restarted server still has to finish, why a completion was not paid out, and what the provider did against our ledger.

type Obj = Record<string, unknown> & { id: string };

/** What is still to be done after the kills; all zero once the server has finished everything. */
export async function settleState(pool: pg.Pool, fake: FakeStripe): Promise<Record<string, number>> {
  const one = async (sql: string, params: unknown[] = []) => Number((await pool.query<{ n: number }>(sql, params)).rows[0].n);
  const paidDeposits = [...fake.state.intents.values()]
    .filter((i) => i.status === 'succeeded' && (i.metadata as Record<string, string>).purpose === 'deposit')
    .map((i) => (i.metadata as Record<string, string>).requestId);
  return {
    pendingSteps: await one(`SELECT count(*)::int AS n FROM payment_steps WHERE status = 'pending'`),
    completedNotReleased: await one(
      `SELECT count(*)::int AS n FROM mediation_requests r JOIN payments p ON p.request_id = r.id WHERE r.status = 'completed' AND p.status <> 'released'`,
    ),
    cancelledStillHeld: await one(
      `SELECT count(*)::int AS n FROM mediation_requests r JOIN payments p ON p.request_id = r.id WHERE r.status = 'cancelled' AND p.status IN ('held', 'pending')`,
    ),
    paidDepositsStillDraft: await one(`SELECT count(*)::int AS n FROM mediation_requests WHERE status = 'draft' AND id = ANY($1::uuid[])`, [paidDeposits]),
    outboxDue: await one(`SELECT count(*)::int AS n FROM outbox WHERE delivered_at IS NULL AND available_at <= now()`),
    jobsDue: await one(`SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`),
  };
}

/** For diagnosing a failure: prints every completed request not paid out (with its steps, jobs, outbox and log) and the jobs not done. */
export async function logUnsettled(pool: pg.Pool, server: CrashableServer): Promise<void> {
  const notReleased = (
    await pool.query<{ id: string }>(
      `SELECT r.id FROM mediation_requests r JOIN payments p ON p.request_id = r.id WHERE r.status = 'completed' AND p.status <> 'released'`,
    )
  ).rows;
  for (const { id } of notReleased) {
    const payment = (await pool.query('SELECT * FROM payments WHERE request_id = $1', [id])).rows;
    const steps = (
      await pool.query(
        'SELECT s.kind, s.status, s.attempts, s.created_at FROM payment_steps s JOIN payments p ON p.id = s.payment_id WHERE p.request_id = $1',
        [id],
      )
    ).rows;
    const jobs = (
      await pool.query(`SELECT state, retry_count, start_after, started_on, completed_on, output FROM pgboss.job WHERE singleton_key = $1`, [`payout:${id}`])
    ).rows;
    const outbox = (await pool.query(`SELECT topic, payload, delivered_at, attempts, last_error FROM outbox WHERE payload::text LIKE $1`, [`%${id}%`])).rows;
    const log = server.output.filter((line) => line.includes(id) || line.includes('payout'));
    console.log(`crash-safety: completed, not released: ${JSON.stringify({ id, payment, steps, jobs, outbox, log })}`);
  }
  const jobsLeft = (
    await pool.query<{ name: string; state: string }>(
      `SELECT name, state, started_on, start_after, retry_count FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`,
    )
  ).rows;
  if (jobsLeft.length) console.log(`crash-safety: jobs not done: ${JSON.stringify(jobsLeft)}`);
}

/**
 * What the provider did, against our ledger: per request, the ledger whole and equal to the provider (charged,
 * refunded, transferred), no charge paying out or refunding more than it took (asserted here); returned: the
 * duplicates at the provider (same key, two transfers from one charge in one group, two succeeded charges of one
 * purpose for one request) and the completed/cancelled figures.
 */
export async function auditProvider(pool: pg.Pool, fake: FakeStripe) {
  const db = drizzle(pool, { schema });
  const asApp = { ctx: { db } } as unknown as TestApp;
  const { rows: requests } = await pool.query<{ id: string; status: RequestStatus; payment_id: string | null; payment_status: string | null }>(
    `SELECT r.id, r.status, p.id AS payment_id, p.status AS payment_status FROM mediation_requests r LEFT JOIN payments p ON p.request_id = r.id`,
  );
  const intents = [...fake.state.intents.values()];
  const transfers = [...fake.state.transfers.values()];
  const refunds = [...fake.state.refunds.values()];
  const keyOf = (o: Obj) => (o.metadata as Record<string, string>).idempotencyKey;
  const duplicates = [
    ...countBy(transfers, (t) => `transfer ${keyOf(t)}`),
    ...countBy(transfers, (t) => `transfer from ${String(t.source_transaction)} in ${String(t.transfer_group)}`),
    ...countBy(refunds, (r) => `refund ${keyOf(r)}`),
    ...countBy(
      intents.filter((i) => i.status === 'succeeded'),
      (i) => `succeeded ${(i.metadata as Record<string, string>).purpose} charge for ${(i.metadata as Record<string, string>).requestId}`,
    ),
  ];
  const figures = { completed: 0, released: 0, cancelled: 0, refunded: 0, transfers: transfers.length, refunds: refunds.length };
  for (const request of requests) {
    if (!request.payment_id) continue;
    await expectLedgerWhole(asApp, request.id);
    const ledger = (await ledgerOf(asApp, request.id))!;
    const charges = intents
      .filter((i) => (i.metadata as Record<string, string>).requestId === request.id && i.status === 'succeeded')
      .map((i) => fake.state.charges.get(String(i.latest_charge))!);
    const sent = transfers.filter((t) => t.transfer_group === request.payment_id);
    const provider = {
      charged: sum(charges, (c) => c.amount as number),
      refunded: sum(charges, (c) => c.amount_refunded as number),
      transferred: sum(sent, (t) => t.amount as number),
    };
    expect({ request: request.id, ...provider }).toEqual({
      request: request.id,
      charged: ledger.totals.charged,
      refunded: ledger.totals.refunded,
      transferred: ledger.totals.paidToMediator,
    });
    for (const charge of charges) {
      const out =
        (charge.amount_refunded as number) +
        sum(
          sent.filter((t) => t.source_transaction === charge.id),
          (t) => t.amount as number,
        );
      expect({ charge: charge.id, over: out > (charge.amount as number) }).toEqual({ charge: charge.id, over: false });
    }
    if (request.status === 'completed') {
      figures.completed++;
      if (request.payment_status === 'released') figures.released++;
    }
    if (request.status === 'cancelled') {
      figures.cancelled++;
      if (request.payment_status === 'refunded_full' || request.payment_status === 'refunded_partial') figures.refunded++;
    }
  }
  return { requests: requests.length, duplicates, figures };
}

function countBy<T>(items: T[], key: (item: T) => string): string[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([k, n]) => `${k} x${n}`);
}

const sum = <T>(items: T[], of: (item: T) => number) => items.reduce((s, i) => s + of(i), 0);
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

import { Gauge, type Registry } from 'prom-client';
import type { AppContext } from '../context';
import { queueStats, type QueueStats } from '../jobs/queue-stats';
import { pendingSteps } from '../modules/payments/payments.api';
import { undeliveredLag } from '../outbox/outbox.repo';
import { ScrapeSource, sourceGauge, sourceUpGauge } from './scrape-source';

const JOB_STATES = ['waiting', 'scheduled', 'retrying', 'active', 'failed'] as const satisfies readonly (keyof QueueStats)[];

/**
 * The gauges read at scrape time (decision 059). Database-wide ones (the outbox, the job queues, the reconciler's
 * steps) read the same rows in every process, so a cluster keeps their largest value; per-process ones (the pool, the
 * sockets) add up.
 */
export function registerStateGauges(registry: Registry, prefix: string, ctx: AppContext, openSockets: () => number): void {
  // The pool first: its counts are taken before this scrape's own reads borrow connections from it.
  const pool = ctx.database.pool;
  if (pool) {
    const poolGauge = (name: string, help: string, value: () => number) =>
      new Gauge({
        name: `${prefix}db_pool_${name}`,
        help,
        registers: [registry],
        aggregator: 'sum',
        collect() {
          this.set(value());
        },
      });
    poolGauge('max', 'Connections the PostgreSQL pool may open (node-postgres max)', () => pool.options.max ?? 10);
    poolGauge('total', 'Connections the PostgreSQL pool holds open', () => pool.totalCount);
    poolGauge('idle', 'Open connections not in use', () => pool.idleCount);
    poolGauge('waiting', 'Queries waiting for a connection (all are in use)', () => pool.waitingCount);
  }

  new Gauge({
    name: `${prefix}websocket_connections`,
    help: 'Open WebSocket connections (browsers listening for live updates) on this process',
    registers: [registry],
    aggregator: 'sum',
    collect() {
      this.set(openSockets());
    },
  });

  const outbox = new ScrapeSource('outbox', () => undeliveredLag(ctx.db), ctx.log);
  sourceGauge(
    registry,
    outbox,
    { name: `${prefix}outbox_oldest_undelivered_seconds`, help: 'Age of the oldest outbox message not delivered yet (0 when none)', aggregator: 'max' },
    (gauge, lag) => gauge.set(lag.oldestSeconds),
  );
  sourceGauge(
    registry,
    outbox,
    { name: `${prefix}outbox_undelivered`, help: 'Outbox messages (e-mails, jobs to schedule) not delivered yet', aggregator: 'max' },
    (gauge, lag) => gauge.set(lag.count),
  );

  const jobs = new ScrapeSource('jobs', () => queueStats(ctx.db), ctx.log);
  sourceGauge(
    registry,
    jobs,
    {
      name: `${prefix}jobs`,
      help: 'Durable jobs (pg-boss) per queue and state: waiting (due, not taken), scheduled (for later), retrying, active, failed (out of tries, until archived)',
      labelNames: ['queue', 'state'] as const,
      aggregator: 'max',
    },
    (gauge, stats) => {
      for (const [queue, counts] of Object.entries(stats)) for (const state of JOB_STATES) gauge.set({ queue, state }, counts[state]);
    },
  );
  sourceGauge(
    registry,
    jobs,
    {
      name: `${prefix}jobs_oldest_waiting_seconds`,
      help: 'Per queue, how long the oldest job due and not taken yet has been due (0 when none)',
      labelNames: ['queue'] as const,
      aggregator: 'max',
    },
    (gauge, stats) => {
      for (const [queue, counts] of Object.entries(stats)) gauge.set({ queue }, counts.oldestWaitingSeconds);
    },
  );

  const steps = new ScrapeSource('payment_steps', () => pendingSteps(ctx.db), ctx.log);
  sourceGauge(
    registry,
    steps,
    { name: `${prefix}payment_steps_pending`, help: 'Money steps (refunds, transfers, charges) recorded and not settled yet', aggregator: 'max' },
    (gauge, summary) => gauge.set(summary.count),
  );
  sourceGauge(
    registry,
    steps,
    {
      name: `${prefix}payment_steps_pending_oldest_seconds`,
      help: 'Age of the oldest pending money step (0 when none); the reconciler retries those older than a minute',
      aggregator: 'max',
    },
    // Steps carry the app's clock, as the reconciler reads them (payments/reconcile.ts).
    (gauge, summary) => gauge.set(summary.oldestCreatedAt ? Math.max(0, (ctx.clock.now().getTime() - summary.oldestCreatedAt.getTime()) / 1000) : 0),
  );

  sourceUpGauge(registry, prefix, [outbox, jobs, steps] as ScrapeSource<unknown>[]);
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { BOSS_SCHEMA } from './boss';
import { JOB_NAMES, type JobName } from './scheduler';

/** Where a queue's jobs stand (the metrics, decision 059). */
export interface QueueStats {
  /** Created, due now, and not taken by a worker yet. */
  waiting: number;
  /** Created for later (a payout after its hold window, a reminder a week ahead): not lag. */
  scheduled: number;
  /** Failed at least once, waiting for their next try (due or not). */
  retrying: number;
  active: number;
  /** Out of tries: pg-boss keeps them in its job table until it archives them (12 hours by default). */
  failed: number;
  /** How long the oldest job due and not taken (waiting or retrying) has been due, in seconds on the database's clock. */
  oldestWaitingSeconds: number;
}

const EMPTY: QueueStats = { waiting: 0, scheduled: 0, retrying: 0, active: 0, failed: 0, oldestWaitingSeconds: 0 };

interface Row {
  name: string;
  waiting: number;
  scheduled: number;
  retrying: number;
  active: number;
  failed: number;
  oldest: number;
}

/**
 * Every queue's jobs by state, in one statement over pg-boss's job table (completed and cancelled jobs are not counted):
 * pg-boss's own `getQueueSize` answers one queue and one cut-off a call, 14 queues × several states a scrape. Every
 * queue of JOB_NAMES is in the answer, with zeros when it holds nothing. Fails while pg-boss has not created its schema.
 */
export async function queueStats(db: Db): Promise<Record<JobName, QueueStats>> {
  const job = sql.raw(`${BOSS_SCHEMA}.job`);
  const result = await db.execute(sql`SELECT name,
      count(*) FILTER (WHERE state = 'created' AND start_after <= now())::int AS waiting,
      count(*) FILTER (WHERE state = 'created' AND start_after > now())::int AS scheduled,
      count(*) FILTER (WHERE state = 'retry')::int AS retrying,
      count(*) FILTER (WHERE state = 'active')::int AS active,
      count(*) FILTER (WHERE state = 'failed')::int AS failed,
      coalesce(extract(epoch FROM now() - min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())), 0)::float8 AS oldest
    FROM ${job} WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name`);
  const stats = Object.fromEntries(JOB_NAMES.map((name) => [name, { ...EMPTY }])) as Record<JobName, QueueStats>;
  for (const row of (result as unknown as { rows: Row[] }).rows) {
    if (!(row.name in stats)) continue;
    stats[row.name as JobName] = {
      waiting: Number(row.waiting),
      scheduled: Number(row.scheduled),
      retrying: Number(row.retrying),
      active: Number(row.active),
      failed: Number(row.failed),
      oldestWaitingSeconds: Math.max(0, Number(row.oldest)),
    };
  }
  return stats;
}

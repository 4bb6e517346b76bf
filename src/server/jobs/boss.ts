import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { AppContext } from '../context';
import { JOB_NAMES, type JobName, type JobScheduler } from './scheduler';

/** The PostgreSQL schema of pg-boss's tables (queue-stats.ts reads its job table). */
export const BOSS_SCHEMA = 'pgboss';

/**
 * pg-boss on either database. On the embedded PGlite it shares the one connection through a small adapter:
 * parameter-less SQL (pg-boss's multi-statement migrations and transactions) goes to exec(), the rest to query().
 */
function bossFor(ctx: AppContext): PgBoss {
  // Maintenance (which retries jobs whose process died while running them, once their expiry has passed) every 30 s
  // instead of pg-boss's 120 s.
  const common = { schema: BOSS_SCHEMA, supervise: true, schedule: false, migrate: true, maintenanceIntervalSeconds: 30 } as const;
  if (ctx.database.kind === 'server') {
    return new PgBoss({ ...common, db: { executeSql: async (text: string, values: unknown[]) => ctx.database.pool!.query(text, values) } });
  }
  const pglite = ctx.database.pglite!;
  return new PgBoss({
    ...common,
    db: {
      executeSql: async (text: string, values: unknown[]) => {
        if (!values || values.length === 0) {
          const results = await pglite.exec(text);
          return { rows: results.length ? (results[results.length - 1].rows as unknown[]) : [] };
        }
        return pglite.query(text, values as never[]);
      },
    },
  });
}

export class PgBossScheduler implements JobScheduler {
  constructor(private readonly boss: PgBoss) {}

  async schedule(name: JobName, data: Record<string, unknown>, runAt: Date, singletonKey: string): Promise<void> {
    // A job id derived from the key makes a repeat a no-op (pg-boss inserts with ON CONFLICT DO NOTHING).
    // A job taken by a process that then died stays active until it expires: 60 s (pg-boss's default is 15 minutes, a
    // payout or an e-mail held that long after a crash). Handlers are idempotent, so a slow run retried is harmless.
    await this.boss.send(name, data, {
      id: idFor(singletonKey),
      startAfter: runAt,
      singletonKey,
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 60,
    });
  }
}

/** Runs one job: jobs/handlers.ts's runJob, passed in by main.ts and worker.ts (jobs/ imports no module, decision 039). */
export type JobRunner = (ctx: AppContext, name: JobName, data: Record<string, unknown>) => Promise<void>;

/**
 * Starts pg-boss and its queues, makes it the context's scheduler, then (when `work` is a runner, not false) starts the
 * workers, which run each job with it.
 */
export async function startJobs(ctx: AppContext, options: { work: JobRunner | false }): Promise<{ scheduler: JobScheduler; stop: () => Promise<void> }> {
  const runJob = options.work;
  const boss = bossFor(ctx);
  boss.on('error', (error) => ctx.log.error({ err: error }, 'job system error'));
  await boss.start();
  for (const name of JOB_NAMES) await boss.createQueue(name);
  const scheduler = new PgBossScheduler(boss);
  // The context's scheduler is pg-boss from here on, before any worker runs: a handler's transaction nudges the outbox
  // relay, which must hand jobs to pg-boss by then. Jobs it delivered to the recording scheduler the context starts
  // with were marked delivered and lost (a payout job after a crash, crash/postgres-kills-during-flows.crash.test.ts).
  ctx.jobs = scheduler;
  for (const name of JOB_NAMES) {
    if (runJob) {
      // Up to 20 jobs a fetch: pg-boss waits the polling interval after every fetch, so one job a fetch drained a
      // queue at 12 a minute (a backlog after a restart took many minutes; crash/postgres-kills-during-flows.crash.test.ts).
      await boss.work<Record<string, unknown>>(name, { pollingIntervalSeconds: 5, batchSize: 20 }, async (jobs) => {
        for (const job of jobs) await runJob(ctx, name, job.data);
      });
    }
  }
  return { scheduler, stop: () => boss.stop({ graceful: true, timeout: 5000 }) };
}

/** A stable UUID (version 4 layout) for a job key. */
function idFor(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../adapters/mail';
import type { Db } from '../db/client';
import type { JobScheduler } from '../jobs/scheduler';
import type { OutboxMessages } from './messages';
import { claimOutbox, markDelivered, markFailed, purgeDelivered } from './outbox.repo';

export interface RelayTargets {
  db: Db;
  mailer: Mailer;
  /** Read at delivery time: the server swaps the recording scheduler for pg-boss once pg-boss has started. */
  jobs: () => JobScheduler;
  log: FastifyBaseLogger;
}

const BATCH = 20;
const LEASE_SECONDS = 60;

/**
 * Delivers the outbox (docs/decisions/010): after each commit that wrote to it (`kick`), and on a timer for what a
 * crash or a failed delivery left behind. At least once: every target is idempotent or tolerates a repeat.
 */
export class OutboxRelay {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private runs = 0;

  constructor(private readonly targets: RelayTargets) {}

  /** Delivers what is due now; never rejects (a failure is logged and retried later). Resolves when nothing is left. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.deliverDue();
        } while (this.again);
      } catch (error) {
        this.targets.log.error({ err: error }, 'outbox relay failed; retrying on the next tick');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Polls every `intervalMs` for messages a crash or a failure left undelivered. */
  start(intervalMs = 2000): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.kick(), intervalMs);
    this.timer.unref();
    void this.kick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async deliverDue(): Promise<void> {
    const { db, log } = this.targets;
    if (++this.runs % 500 === 0) await purgeDelivered(db);
    for (;;) {
      const rows = await claimOutbox(db, BATCH, LEASE_SECONDS);
      // Jobs are scheduled under their key, so scheduling one again is a no-op: the batch's jobs are marked delivered
      // together at its end (a crash before that schedules them again, harmlessly). A mail is marked as soon as it is
      // sent, so a crash repeats at most that one.
      const scheduled: number[] = [];
      for (const row of rows) {
        try {
          await this.deliver(row.topic, row.payload);
          if (row.topic === 'job') scheduled.push(row.id);
          else await markDelivered(db, [row.id]);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          log.warn({ err: error, outboxId: row.id, topic: row.topic, attempts: row.attempts }, 'outbox delivery failed');
          await markFailed(db, row.id, row.attempts, message);
        }
      }
      await markDelivered(db, scheduled);
      // A batch that was not full took everything due when it was claimed; a commit since then kicks again.
      if (rows.length < BATCH) return;
    }
  }

  private async deliver(topic: string, payload: Record<string, unknown>): Promise<void> {
    switch (topic) {
      case 'mail':
        return this.targets.mailer.send(payload as unknown as OutboxMessages['mail']);
      case 'job': {
        const job = payload as unknown as OutboxMessages['job'];
        return this.targets.jobs().schedule(job.name, job.data, new Date(job.runAt), job.key);
      }
      default:
        throw new Error(`Unknown outbox topic ${topic}`);
    }
  }
}

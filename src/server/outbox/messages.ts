import type { MailMessage } from '../adapters/mail';
import type { DbOrTx } from '../db/client';
import type { JobName } from '../jobs/scheduler';
import { insertOutbox, insertOutboxMany } from './outbox.repo';

/**
 * What the outbox carries (docs/decisions/010). Each topic's payload is plain JSON, so a message written by one
 * version of the server is delivered by the next.
 */
export interface OutboxMessages {
  mail: MailMessage;
  job: { name: JobName; data: Record<string, unknown>; runAt: string; key: string };
}
export type OutboxTopic = keyof OutboxMessages;

/** An e-mail, sent once the caller's transaction commits (at least once: a crash mid-send may repeat it). */
export function enqueueMail(tx: DbOrTx, mail: MailMessage): Promise<void> {
  return insertOutbox(tx, 'mail', { ...mail });
}

/** Many e-mails in as few statements as can be (a fan-out's), each sent once the caller's transaction commits. */
export function enqueueMails(tx: DbOrTx, mails: MailMessage[]): Promise<void> {
  return insertOutboxMany(
    tx,
    'mail',
    mails.map((mail) => ({ ...mail })),
  );
}

/** A durable job due at `runAt`, scheduled once the caller's transaction commits; `key` makes a repeat a no-op. */
export function enqueueJob(tx: DbOrTx, name: JobName, data: Record<string, unknown>, runAt: Date, key: string): Promise<void> {
  return insertOutbox(tx, 'job', { name, data, runAt: runAt.toISOString(), key });
}

/** Many durable jobs in one statement, each as `enqueueJob` writes it. */
export function enqueueJobs(tx: DbOrTx, jobs: { name: JobName; data: Record<string, unknown>; runAt: Date; key: string }[]): Promise<void> {
  return insertOutboxMany(
    tx,
    'job',
    jobs.map((job) => ({ ...job, runAt: job.runAt.toISOString() })),
  );
}

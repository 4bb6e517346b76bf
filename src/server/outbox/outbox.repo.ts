import { sql, type SQL } from 'drizzle-orm';
import { currentTx, type DbOrTx, type Tx } from '../db/client';
import { outbox } from '../db/schema';
import type { JobName } from '../jobs/scheduler';

export type OutboxRow = typeof outbox.$inferSelect;

/** The transactions that wrote to the outbox: only their commit wakes the relay (the timer finds the rest). */
const wroteOutbox = new WeakSet<Tx>();

/** Writes a side effect in the caller's transaction: it exists if and only if the change that causes it commits. */
export async function insertOutbox(tx: DbOrTx, topic: string, payload: Record<string, unknown>): Promise<void> {
  await insertOutboxMany(tx, topic, [payload]);
}

/** Many messages of one topic, 500 to a statement (a broadcast's e-mails). */
export async function insertOutboxMany(tx: DbOrTx, topic: string, payloads: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < payloads.length; i += 500) {
    await tx.insert(outbox).values(payloads.slice(i, i + 500).map((payload) => ({ topic, payload })));
  }
  const transaction = currentTx.getStore();
  if (transaction && payloads.length) wroteOutbox.add(transaction);
}

/**
 * A `job` message for each row of `from` (`FROM … WHERE …`, naming the rows `data` and `key` read), written as
 * `enqueueJob` writes one (`runAt` an ISO time as text): for a statement that writes its change and the change's jobs at once (decision 057's
 * one-statement send), where no unit of work notes the write. Returns the ids, so the caller knows to kick the relay.
 */
export function insertJobsSql(name: JobName, data: SQL, runAt: SQL, key: SQL, from: SQL): SQL {
  return sql`INSERT INTO outbox (topic, payload)
    SELECT 'job', jsonb_build_object('name', ${name}::text, 'data', ${data}, 'runAt', ${runAt}, 'key', ${key}) ${from}
    RETURNING id`;
}

/** Notes that the caller's unit of work wrote to the outbox through `insertJobsSql`, so its commit wakes the relay. */
export function noteOutboxWritten(): void {
  const transaction = currentTx.getStore();
  if (transaction) wroteOutbox.add(transaction);
}

/** Whether `tx` (a unit of work's transaction) wrote a message to the outbox. */
export const transactionWroteOutbox = (tx: Tx): boolean => wroteOutbox.has(tx);

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

interface RawOutboxRow {
  id: string | number;
  topic: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * Takes up to `limit` due messages for `leaseSeconds`: another relay (another instance) skips them meanwhile and takes
 * them over once the lease runs out, so a delivery cut short by a crash is retried.
 */
export async function claimOutbox(db: DbOrTx, limit: number, leaseSeconds: number) {
  const result = await db.execute(sql`
    UPDATE outbox SET locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM outbox
      WHERE delivered_at IS NULL AND available_at <= now() AND (locked_until IS NULL OR locked_until < now())
      ORDER BY id LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, topic, payload, attempts`);
  return rowsOf<RawOutboxRow>(result)
    .map((r) => ({ ...r, id: Number(r.id) }))
    .sort((a, b) => a.id - b.id);
}

export async function markDelivered(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`UPDATE outbox SET delivered_at = now(), locked_until = NULL, last_error = NULL WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[])`);
}

/** A failed delivery waits before the next try (exponential, capped at ten minutes). */
export async function markFailed(db: DbOrTx, id: number, attempts: number, error: string): Promise<void> {
  const delay = Math.min(600, 2 ** Math.min(attempts, 10));
  await db.execute(sql`UPDATE outbox SET locked_until = NULL, available_at = now() + make_interval(secs => ${delay}),
    last_error = ${error.slice(0, 2000)} WHERE id = ${id}`);
}

/** Delivered messages are kept a week (to answer "was it sent?"), then removed. */
export async function purgeDelivered(db: DbOrTx): Promise<void> {
  await db.execute(sql`DELETE FROM outbox WHERE delivered_at < now() - interval '7 days'`);
}

/** Messages not delivered yet (of one topic). @internal (for tests) */
export async function countUndelivered(db: DbOrTx, topic?: string): Promise<number> {
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM outbox WHERE delivered_at IS NULL ${topic ? sql`AND topic = ${topic}` : sql``}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * How far delivery lags (the metrics, decision 059): how many messages are not delivered yet and how long the oldest of
 * them has waited, in seconds on the database's clock (0 when none). The pending index holds only undelivered rows.
 */
export async function undeliveredLag(db: DbOrTx): Promise<{ count: number; oldestSeconds: number }> {
  const result = await db.execute(sql`SELECT count(*)::int AS n,
    coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS age FROM outbox WHERE delivered_at IS NULL`);
  const row = rowsOf<{ n: number; age: number }>(result)[0];
  return { count: Number(row?.n ?? 0), oldestSeconds: Math.max(0, Number(row?.age ?? 0)) };
}

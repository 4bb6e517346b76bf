import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../../tests/helpers/test-db';
import type { Database } from './client';
import { transact } from './transaction';

// A transaction's reads started together (`Promise.all` over `tx`, as a few services do) reach its one connection one
// after another, each once the previous one settled: node-postgres never holds a queue of its own (deprecated, with a
// warning, and refused by pg 9). On the PostgreSQL server (TEST_DATABASE_URL), failing loudly in CI without it.
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const IN_CI = process.env.CI === 'true';
if (!TEST_DATABASE_URL) console.warn(`\n!!! in-turn-client.race.test.ts: TEST_DATABASE_URL is not set: ${IN_CI ? 'FAILING' : 'SKIPPED'}.\n`);

describe.skipIf(!TEST_DATABASE_URL && !IN_CI)('queries started together on one connection', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
  });
  afterAll(async () => {
    await database?.close();
  });

  /** The driver's own queue length each time a query is handed to it, while `work` runs. */
  async function driverQueueDuring(work: () => Promise<unknown>): Promise<number[]> {
    const queued: number[] = [];
    const original = pg.Client.prototype.query as unknown as (...args: unknown[]) => unknown;
    const query = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      queued.push((this as unknown as { _queryQueue: unknown[] })._queryQueue.length);
      return Reflect.apply(original, this, args) as never;
    });
    try {
      await work();
    } finally {
      query.mockRestore();
    }
    return queued;
  }

  it('in a transaction, five reads started at once run in turn, in order, with their own answers', async () => {
    const order: number[] = [];
    let answers: number[] = [];
    const queued = await driverQueueDuring(() =>
      transact(database.db, async (tx) => {
        answers = await Promise.all(
          [1, 2, 3, 4, 5].map(async (n) => {
            const [row] = rowsOf<{ n: number }>(await tx.execute(sql`SELECT ${n}::int AS n, pg_sleep(0.01)`));
            order.push(row.n);
            return row.n;
          }),
        );
      }),
    );
    expect(answers).toEqual([1, 2, 3, 4, 5]);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    // BEGIN, the five reads and COMMIT, each handed over with nothing waiting in the driver.
    expect(queued).toHaveLength(7);
    expect(queued.every((length) => length === 0)).toBe(true);
  });

  it('a failed read fails the transaction; the reads after it are refused, not lost, and the connection serves again', async () => {
    const outcome = await transact(database.db, async (tx) => {
      const results = await Promise.allSettled([tx.execute(sql`SELECT 1`), tx.execute(sql`SELECT 1 / 0`), tx.execute(sql`SELECT 3`)]);
      return results.map((r) => r.status);
    }).catch((error: unknown) => error);
    expect(outcome).toEqual(['fulfilled', 'rejected', 'rejected']);
    const [row] = rowsOf<{ n: number }>(await database.db.execute(sql`SELECT 42 AS n`));
    expect(row.n).toBe(42);
  });
});

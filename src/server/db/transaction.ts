import type { Db, Tx } from './client';
import { currentTx } from './client';

/** PostgreSQL's "try again" answers: a deadlock victim (40P01) and a serialization failure (40001). */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 5;

function sqlState(error: unknown): string | undefined {
  // node-postgres puts the SQLSTATE on `code`; drizzle may wrap the driver's error in `cause`.
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function isRetryable(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && RETRYABLE.has(state);
}

/**
 * One unit of work in a transaction (DESIGN 4). Rows are locked in the documented order (see `lock-order.ts`); should
 * PostgreSQL still pick this transaction as a deadlock victim or refuse it for serialization, the whole unit runs
 * again, a bounded number of times, with a short random pause. `work` must therefore do nothing outside the database
 * (no provider, storage or mail call: those go after commit, or through the outbox).
 */
export async function transact<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => currentTx.run(tx, () => work(tx)));
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

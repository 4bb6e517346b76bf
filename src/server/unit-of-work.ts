import type { AppContext } from './context';
import type { Tx } from './db/client';
import { transact } from './db/transaction';

/**
 * A service's transaction: `transact` (lock order, retry on deadlock) and, once it commits, a nudge to the outbox
 * relay so that the e-mails and jobs it wrote go out now rather than at the next poll.
 */
export async function transaction<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await transact(ctx.db, work);
  void ctx.outbox.kick();
  return result;
}

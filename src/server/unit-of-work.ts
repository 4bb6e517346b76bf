import type { AppContext } from './context';
import type { Tx } from './db/client';
import { transact } from './db/transaction';
import { transactionWroteOutbox } from './outbox/outbox.repo';
import { holdEvents, sendHeldEvents } from './realtime/events.repo';

/**
 * A service's transaction: `transact` (lock order, retry on deadlock), its realtime events sent in one statement just
 * before it commits, and once it commits, if it wrote to the outbox, a nudge to the relay so that the e-mails and jobs
 * it wrote go out now rather than at the next poll. Only then: a nudge costs the relay a claiming statement, and most
 * writes (a message in a busy thread) write nothing there.
 */
export async function transaction<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  let committed: Tx | undefined;
  const result = await transact(ctx.db, async (tx) => {
    committed = tx;
    holdEvents(tx);
    const done = await work(tx);
    await sendHeldEvents(tx);
    return done;
  });
  if (committed && transactionWroteOutbox(committed)) void ctx.outbox.kick();
  return result;
}

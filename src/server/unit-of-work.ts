import type { AppContext } from './context';
import type { Tx } from './db/client';
import { transact } from './db/transaction';
import { transactionWroteOutbox } from './outbox/outbox.repo';
import { announceCommitted, holdEvents, takeHeldEvents } from './realtime/events.repo';

/**
 * A service's transaction: `transact` (lock order, retry on deadlock); once it commits, its realtime events in one
 * statement of their own (decision 057: a commit carrying a NOTIFY waits on a lock every such commit shares), and, if
 * it wrote to the outbox, a nudge to the relay so that the e-mails and jobs it wrote go out now rather than at the next
 * poll. Only then: a nudge costs the relay a claiming statement, and most writes (a message in a busy thread) write
 * nothing there.
 */
export async function transaction<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  let committed: Tx | undefined;
  const result = await transact(ctx.db, (tx) => {
    committed = tx;
    holdEvents(tx);
    return work(tx);
  });
  if (committed) {
    // The change is committed whatever happens to its events: a failure here is logged, never the caller's error.
    await announceCommitted(ctx.db, takeHeldEvents(committed)).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'realtime events of a committed change were not sent'),
    );
    if (transactionWroteOutbox(committed)) void ctx.outbox.kick();
  }
  return result;
}

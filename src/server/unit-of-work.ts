import type { AppContext } from './context';
import type { Tx } from './db/client';
import { transact } from './db/transaction';
import { transactionWroteOutbox } from './outbox/outbox.repo';
import { announceCommitted, holdEvents, takeHeldEvents, type RealtimeEvent } from './realtime/events.repo';

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
  if (committed) await afterCommit(ctx, takeHeldEvents(committed), transactionWroteOutbox(committed));
  return result;
}

/**
 * What follows a committed change: its realtime events in one statement, and a nudge to the relay if it wrote to the
 * outbox. For `transaction()`, and for a change written in one autocommit statement (decision 057's one-statement
 * send). The change is committed whatever happens to its events: a failure here is logged, never the caller's error.
 */
export async function afterCommit(ctx: AppContext, events: RealtimeEvent[], wroteOutbox: boolean): Promise<void> {
  await announceCommitted(ctx.db, events).catch((error: unknown) => ctx.log.warn({ err: error }, 'realtime events of a committed change were not sent'));
  if (wroteOutbox) void ctx.outbox.kick();
}

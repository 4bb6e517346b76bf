import { sql } from 'drizzle-orm';
import { currentTx, type DbOrTx, type Tx } from '../db/client';

/** The one channel every instance LISTENs on (docs/decisions/014). */
export const REALTIME_CHANNEL = 'mediatehub_realtime';

/**
 * What the server tells connected browsers (RULES.md 7, `/ws`). `userIds` says who should hear it; the hub drops it
 * before sending. A `notification` event makes each named user's socket receive their own unread count.
 */
export type RealtimeEvent =
  | { type: 'new_message'; requestId: string; userIds: string[] }
  | { type: 'notification'; userIds: string[] }
  | { type: 'request_updated'; requestId: string; userIds: string[] }
  /** Not sent to browsers: the hub closes the sockets of ended sessions (one, or all of a user's but one). */
  | { type: 'sessions_ended'; userIds: string[]; sessionId?: string; exceptSessionId?: string | null };

// PostgreSQL caps a NOTIFY payload at 8,000 bytes; 100 ids (3,700 bytes) leave ample room.
const IDS_PER_EVENT = 100;

function chunk(event: RealtimeEvent): RealtimeEvent[] {
  const ids = [...new Set(event.userIds)];
  const parts: RealtimeEvent[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_EVENT) parts.push({ ...event, userIds: ids.slice(i, i + IDS_PER_EVENT) });
  return parts;
}

/** The events of each unit of work's transaction, held until it has committed (unit-of-work.ts). */
const held = new WeakMap<Tx, RealtimeEvent[]>();

/**
 * Publishes events of a change. Inside a unit of work (`transaction()`) they are held and sent, all in one statement,
 * once its transaction has committed (`takeHeldEvents`, `announceCommitted`), so browsers never hear of a change that
 * rolled back, and the change's own commit does not carry a NOTIFY: PostgreSQL serialises every commit that does, on
 * one lock for the whole server, through its flush to disk (decision 057). Elsewhere (a savepoint, another connection,
 * no unit of work) they go with the caller's transaction, delivered when it commits. Every instance, this one
 * included, hears of each event. `sessions_ended` always goes with the transaction: closing an ended session's sockets
 * must not depend on a statement after the commit.
 */
export async function publishEvents(tx: DbOrTx, events: RealtimeEvent[]): Promise<void> {
  const unit = currentTx.getStore();
  const holding = unit === tx ? held.get(unit) : undefined;
  const now = holding ? events.filter((e) => e.type === 'sessions_ended') : events;
  if (holding) holding.push(...events.filter((e) => e.type !== 'sessions_ended'));
  await sendEvents(tx, now);
}

/** Holds the events `tx` publishes until its unit of work takes them after the commit. */
export function holdEvents(tx: Tx): void {
  held.set(tx, []);
}

/** The events `tx` held (once: a retried transaction's attempts each hold their own). */
export function takeHeldEvents(tx: Tx): RealtimeEvent[] {
  const events = held.get(tx) ?? [];
  held.delete(tx);
  return events;
}

/**
 * Sends a committed change's events in one statement of their own. The statement's transaction writes nothing, so it
 * need not wait for the disk (`synchronous_commit` off for it alone): the events are hints that make open tabs fetch
 * again, and a crash that loses them loses what a reconnecting tab fetches anyway.
 */
export async function announceCommitted(db: DbOrTx, events: RealtimeEvent[]): Promise<void> {
  const parts = events.flatMap(chunk);
  if (!parts.length) return;
  const notices = parts.map((event) => sql`pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
  await db.execute(sql`SELECT set_config('synchronous_commit', 'off', true), ${sql.join(notices, sql`, `)}`);
}

async function sendEvents(db: DbOrTx, events: RealtimeEvent[]): Promise<void> {
  const parts = events.flatMap(chunk);
  if (!parts.length) return;
  const notices = parts.map((event) => sql`pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
  await db.execute(sql`SELECT ${sql.join(notices, sql`, `)}`);
}

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

/** The events of each unit of work's transaction, held until just before it commits (unit-of-work.ts). */
const held = new WeakMap<Tx, RealtimeEvent[]>();

/**
 * Publishes events with the caller's transaction: PostgreSQL delivers a NOTIFY only when the transaction commits, so
 * browsers never hear of a change that rolled back, and every instance (this one included) hears of each one. Inside a
 * unit of work (`transaction()`), the events are held and sent together in one statement just before it commits
 * (`sendHeldEvents`): a write that tells several people pays one round trip for it, not one per call.
 */
export async function publishEvents(tx: DbOrTx, events: RealtimeEvent[]): Promise<void> {
  const unit = currentTx.getStore();
  const holding = unit === tx ? held.get(unit) : undefined;
  if (holding) holding.push(...events);
  else await sendEvents(tx, events);
}

/** Holds the events `tx` publishes until `sendHeldEvents` (a savepoint's or another connection's go out at once). */
export function holdEvents(tx: Tx): void {
  held.set(tx, []);
}

/** Sends, in `tx` before it commits, what it held: one statement however many events. */
export async function sendHeldEvents(tx: Tx): Promise<void> {
  const events = held.get(tx) ?? [];
  held.delete(tx);
  await sendEvents(tx, events);
}

async function sendEvents(db: DbOrTx, events: RealtimeEvent[]): Promise<void> {
  const parts = events.flatMap(chunk);
  if (!parts.length) return;
  const notices = parts.map((event) => sql`pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
  await db.execute(sql`SELECT ${sql.join(notices, sql`, `)}`);
}

import pg from 'pg';
import type { Database } from './client';

export interface Listener {
  stop(): Promise<void>;
}

export interface ListenHandlers {
  onPayload(payload: string): void;
  /** The listening connection was lost and is back: notifications sent meanwhile were missed. */
  onGap(): void;
  onError(error: unknown): void;
  /**
   * The listening connection was just lost (PostgreSQL server only): until `onGap` says it is back, notifications are
   * being missed. Whoever trusts a cache because of them stops trusting it here (the session cache, decision 023).
   */
  onLost?(): void;
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * LISTENs on one channel (DESIGN 1: fan-out across instances goes through PostgreSQL). On a server, a dedicated
 * connection outside the pool (a pooled one would be handed to queries), reconnected with back-off when it drops; on
 * the embedded database, PGlite's own listener (one process, so nothing can be missed).
 */
export async function listen(database: Database, channel: string, handlers: ListenHandlers): Promise<Listener> {
  if (database.pglite) {
    const pglite = database.pglite;
    const unlisten = await pglite.listen(channel, handlers.onPayload);
    // A database already closed has dropped its listeners with it.
    return { stop: async () => (pglite.closed ? undefined : unlisten().catch(() => undefined)) };
  }
  const connectionString = (database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
  if (!connectionString) throw new Error('LISTEN needs the PostgreSQL connection string');

  let client: pg.Client | null = null;
  let stopped = false;
  let delay = RECONNECT_MIN_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onPayload(message.payload);
    });
    next.on('error', (error) => {
      handlers.onError(error);
      retry(next);
    });
    next.on('end', () => retry(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    delay = RECONNECT_MIN_MS;
    if (isReconnect) handlers.onGap();
  };

  const retry = (failed: pg.Client) => {
    if (stopped || client !== failed) return;
    client = null;
    handlers.onLost?.();
    failed.end().catch(() => undefined);
    schedule();
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      connect(true).catch((error) => {
        handlers.onError(error);
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        schedule();
      });
    }, delay);
    timer.unref();
  };

  await connect(false);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

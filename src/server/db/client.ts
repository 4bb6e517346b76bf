import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repos accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'embedded' | 'server';
  /** The raw PGlite instance (embedded only), for pg-boss's adapter. */
  pglite?: PGlite;
  /** The pg pool (server only), for pg-boss and LISTEN/NOTIFY. */
  pool?: pg.Pool;
  /** Whether this open created a brand-new embedded database (for the demo seed). */
  isNew: boolean;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// numeric and date columns come back as strings (exact money, calendar dates); keep it that way on both drivers.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export interface OpenOptions {
  databaseUrl?: string;
  /** Embedded data directory; 'memory://' for a throwaway database (tests). */
  dataDir: string;
  poolSize?: number;
  /** An already-migrated PGlite (tests clone one migrated template instead of migrating each time). */
  pglite?: PGlite;
}

function wrapPglite(pglite: PGlite, isNew: boolean): Database {
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { db, kind: 'embedded', pglite, isNew, close: () => pglite.close() };
}

/**
 * A connection that runs the queries given to it at once one after another itself. A transaction is one connection,
 * and a service may start two of its reads together (`Promise.all` over `tx`); node-postgres still queues them, but
 * calls that deprecated (a warning, seen in the fuzz runs) and pg 9 refuses it. Queued here, the queries reach the
 * connection in the order they were asked for, each after the previous one settled, as the driver did itself. A call
 * with a callback (pg-pool's own `pool.query`, on a connection it just took) or a submittable (a cursor) goes straight
 * through.
 */
class InTurnClient extends pg.Client {
  #last: Promise<unknown> = Promise.resolve();

  // @ts-expect-error -- one implementation for pg.Client's overloads, which it forwards unchanged.
  override query(...args: unknown[]): unknown {
    const run = super.query.bind(this) as (...forwarded: unknown[]) => unknown;
    const submittable = typeof (args[0] as { submit?: unknown } | undefined)?.submit === 'function';
    if (typeof args.at(-1) === 'function' || submittable) return run(...args);
    const result = this.#last.then(() => run(...args));
    this.#last = result.catch(() => undefined);
    return result;
  }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, Client: InTurnClient as unknown as typeof pg.Client });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    let isNew = false;
    try {
      // Several instances may start together: one migrates, the others wait on the lock.
      await client.query('SELECT pg_advisory_lock(727001)');
      const existing = await client.query(`SELECT to_regclass('public.users') AS t`);
      isNew = existing.rows[0].t === null;
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
      client.release();
    }
    return { db, kind: 'server', pool, isNew, close: () => pool.end() };
  }

  const memory = options.dataDir.startsWith('memory://');
  if (options.pglite) return wrapPglite(options.pglite, false);
  if (!memory) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm is loaded with the instance: migration 0005 creates it for the admin searches' trigram indexes.
  const extensions = { pg_trgm };
  const pglite = memory ? new PGlite({ extensions }) : new PGlite(path.resolve(options.dataDir, 'pg'), { extensions });
  await pglite.waitReady;
  const existing = await pglite.query<{ t: string | null }>(`SELECT to_regclass('public.users') AS t`);
  const database = wrapPglite(pglite, existing.rows[0].t === null);
  await migratePglite(database.db as never, { migrationsFolder });
  return database;
}

/**
 * The transaction in progress on this async path, so that adapters can refuse to be called inside one: no network
 * call may run while a transaction holds row locks (DESIGN 4). See `transaction.ts`.
 */
export const currentTx = new AsyncLocalStorage<Tx>();

/** Throws when called inside a transaction: adapters that stand for a remote service call this first. */
export function assertOutsideTransaction(what: string): void {
  if (currentTx.getStore()) throw new Error(`${what} was called inside a database transaction; call it after commit (DESIGN 4)`);
}

/** Whether the database answers (readiness). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

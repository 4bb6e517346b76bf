import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';
import { TEST_DATABASE_URL, type Backend } from './backends';

let pgliteTemplate: Promise<Database> | null = null;

/** A fresh, migrated database: a clone of one migrated PGlite, or a new database on the PostgreSQL server. */
export async function freshDatabase(backend: Backend): Promise<Database> {
  if (backend === 'pglite') {
    pgliteTemplate ??= openDatabase({ dataDir: 'memory://' });
    const template = await pgliteTemplate;
    const clone = (await template.pglite!.clone()) as PGlite;
    return openDatabase({ dataDir: 'memory://', pglite: clone });
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 20 });
  return {
    ...database,
    close: async () => {
      // pool.end() resolves before idle sockets are gone; the forced DROP below must not surface as an uncaught error.
      database.pool?.on('error', () => undefined);
      await database.close();
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

import { sql } from 'drizzle-orm';
import { WATCHED_TABLES } from './table-fingerprint';
import type { TestApp } from './test-app';

/**
 * The same md5 per table as fingerprintTables (table-fingerprint.ts), in one statement: the state machine suite takes
 * a fingerprint around each of its ~600 refused calls, and one round trip instead of one per table keeps it fast.
 */
export async function fingerprintInOneQuery(t: TestApp, tables: readonly string[] = WATCHED_TABLES): Promise<Record<string, string>> {
  const parts = tables.map((table) => `SELECT '${table}' AS name, (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM ${table} t) AS h`);
  const rows = (await t.ctx.db.execute(sql.raw(parts.join(' UNION ALL ')))) as unknown as { rows: { name: string; h: string }[] };
  return Object.fromEntries(rows.rows.map((r) => [r.name, r.h]));
}

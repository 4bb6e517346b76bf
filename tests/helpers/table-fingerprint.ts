import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

/**
 * Tables a refused call must leave as they were (sessions, rate-limit counters, the outbox and pending uploads change
 * on their own, so they are left out).
 */
export const WATCHED_TABLES = [
  'users',
  'lawyer_profiles',
  'mediator_profiles',
  'mediation_requests',
  'mediator_acceptances',
  'payments',
  'ledger_entries',
  'payment_steps',
  'notifications',
  'audit_log',
  'contact_messages',
  'platform_settings',
  'disputes',
  'subscriptions',
  'reviews',
  'messages',
  'email_opt_outs',
  'password_reset_tokens',
] as const;

/** An md5 of every row of each table, to compare before and after a call. */
export async function fingerprintTables(t: TestApp, tables: readonly string[] = WATCHED_TABLES): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of tables) {
    const rows = (await t.ctx.db.execute(sql.raw(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${table} t`))) as unknown as {
      rows: { h: string }[];
    };
    result[table] = rows.rows[0].h;
  }
  return result;
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** Counts one hit in the key's fixed window (a new window once the old one is over); returns the window's state. */
export async function countHit(db: DbOrTx, key: string, now: Date, windowFloor: Date) {
  const result = (await db.execute(sql`
    INSERT INTO rate_limit_hits (key, window_start, count) VALUES (${key}, ${now.toISOString()}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_hits.window_start <= ${windowFloor.toISOString()} THEN 1 ELSE rate_limit_hits.count + 1 END,
      window_start = CASE WHEN rate_limit_hits.window_start <= ${windowFloor.toISOString()}
                          THEN EXCLUDED.window_start ELSE rate_limit_hits.window_start END
    RETURNING count, window_start`)) as unknown as { rows: { count: number; window_start: string | Date }[] };
  return result.rows[0];
}

export async function deleteOldHits(db: DbOrTx, before: Date): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_hits WHERE window_start < ${before.toISOString()}`);
}

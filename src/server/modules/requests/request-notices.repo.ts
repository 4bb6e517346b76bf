import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export type Audience = 'priority' | 'free' | 'everyone';

export interface NewRequestNotice {
  requestId: string;
  jurisdiction: string;
  caseType: string;
  title: string;
  message: string;
  linkUrl: string;
}

/**
 * Tells the mediators of an audience about a live request, each once, in one statement: `request_notices` records who
 * was told (so the head-start and open-to-all jobs reach only the rest) and the same statement stores their
 * `new_request` notifications. Matching is RULES.md 5 (see visibility.ts). Returns who was told now (the caller
 * announces them: a repo calls no service).
 */
export async function tellAudience(tx: DbOrTx, notice: NewRequestNotice, audience: Audience): Promise<string[]> {
  const matching = sql`lower(btrim(mp.jurisdiction)) = lower(btrim(${notice.jurisdiction}))
      AND EXISTS (SELECT 1 FROM unnest(mp.specializations) s WHERE lower(btrim(s)) = lower(btrim(${notice.caseType})))`;
  const filter =
    audience === 'priority'
      ? sql`AND ${matching} AND mp.subscription_tier <> 'free'`
      : audience === 'free'
        ? sql`AND ${matching} AND mp.subscription_tier = 'free'`
        : sql``;
  const result = (await tx.execute(sql`
    WITH told AS (
      INSERT INTO request_notices (request_id, mediator_id)
      SELECT ${notice.requestId}, u.id FROM users u JOIN mediator_profiles mp ON mp.user_id = u.id
      WHERE u.role = 'mediator' AND u.profile_completed AND u.status <> 'suspended' AND u.anonymized_at IS NULL ${filter}
      ON CONFLICT DO NOTHING
      RETURNING mediator_id)
    INSERT INTO notifications (user_id, type, title, message, link_url)
    SELECT mediator_id, 'new_request', ${notice.title}, ${notice.message}, ${notice.linkUrl} FROM told
    RETURNING user_id`)) as unknown as { rows: { user_id: string }[] };
  return result.rows.map((r) => r.user_id);
}

/** Whether a mediator accepted before the match window closed (then the request is not opened to all, RULES.md 5). */
export async function acceptedBefore(db: DbOrTx, requestId: string, at: Date): Promise<boolean> {
  const result = (await db.execute(sql`SELECT 1 FROM mediator_acceptances
      WHERE request_id = ${requestId} AND status IN ('pending', 'selected') AND accepted_at < ${at.toISOString()}::timestamptz LIMIT 1`)) as unknown as {
    rows: unknown[];
  };
  return result.rows.length > 0;
}

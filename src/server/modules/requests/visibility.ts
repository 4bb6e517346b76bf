import { sql, type SQL } from 'drizzle-orm';

/**
 * Which requests a mediator sees in "Available" (RULES.md 5), as one SQL condition on `mediation_requests r`:
 * live, fewer than 3 acceptances, not accepted by them, and either open to all (openToAllAt passed with nobody having
 * accepted before it) or matching them (jurisdiction + specialization), Pro/Unlimited at once, Free after the head start.
 */
export function availableToMediator(mediatorId: string, now: Date): SQL {
  return sql`(
    r.status IN ('pending_mediators', 'awaiting_selection')
    AND (SELECT count(*) FROM mediator_acceptances a WHERE a.request_id = r.id AND a.status IN ('pending', 'selected')) < 3
    AND NOT EXISTS (SELECT 1 FROM mediator_acceptances a WHERE a.request_id = r.id AND a.mediator_id = ${mediatorId})
    AND ${reachesMediator(mediatorId, now)}
  )`;
}

/**
 * The request has reached this mediator (open to all, or matching them after their head start), whatever its state
 * and number of acceptances: what decides 404 (never theirs to see) from 409 (too late) on accept.
 */
export function reachesMediator(mediatorId: string, now: Date): SQL {
  const at = now.toISOString();
  return sql`(r.status <> 'draft' AND (${openToAll(at)} OR ${matchesMediator(mediatorId, at)}))`;
}

/** Open to everyone: the window passed and nobody had accepted before it closed. */
function openToAll(at: string): SQL {
  return sql`(r.open_to_all_at IS NOT NULL AND r.open_to_all_at <= ${at}::timestamptz
    AND NOT EXISTS (SELECT 1 FROM mediator_acceptances a WHERE a.request_id = r.id AND a.status IN ('pending', 'selected') AND a.accepted_at < r.open_to_all_at))`;
}

/** Jurisdiction equal and case type among the specializations (trimmed, case-insensitive); Free tier after the head start. */
function matchesMediator(mediatorId: string, at: string): SQL {
  return sql`EXISTS (
    SELECT 1 FROM mediator_profiles mp
    WHERE mp.user_id = ${mediatorId}
      AND lower(btrim(mp.jurisdiction)) = lower(btrim(r.jurisdiction))
      AND EXISTS (SELECT 1 FROM unnest(mp.specializations) s WHERE lower(btrim(s)) = lower(btrim(r.case_type)))
      AND (mp.subscription_tier <> 'free' OR (r.open_to_free_at IS NOT NULL AND r.open_to_free_at <= ${at}::timestamptz))
  )`;
}

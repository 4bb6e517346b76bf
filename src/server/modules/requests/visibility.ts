import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { MAX_ACCEPTANCES } from '../../../common/domain/request-status';

// RULES.md 5 in SQL, on `mediation_requests r`. Two of its facts live on the request row, kept by triggers on
// mediator_acceptances in the transaction that changes an acceptance (migration 0006, docs/decisions/022):
// `live_acceptance_count` (pending or selected acceptances) and `accepted_before_open_to_all` (one of them was made
// before `open_to_all_at`). The partial indexes of the Available list are defined on exactly these conditions.
//
// Every value (the mediator, the time, a page's size and cursor) is a bound parameter, given either as itself or as a
// placeholder (`sql.placeholder`), so that the repo can prepare the hot statements once, named, and PostgreSQL plans
// them once per connection instead of at every request (docs/decisions/032).

/** A value of a statement: the value itself, or a placeholder filled when a prepared statement runs. */
export type Bound<T> = T | Placeholder;

/** A time as the statements take it (an ISO string bound as timestamptz). */
const isoOf = (at: Bound<Date>): Bound<string> => (at instanceof Date ? at.toISOString() : at);

/**
 * Live and not yet full: the predicate both Available indexes are built on (schema/mediation.ts). It is written with
 * literals, never parameters, so that PostgreSQL can prove a query's rows are in those partial indexes.
 */
const open = sql.raw(`r.status IN ('pending_mediators', 'awaiting_selection') AND r.live_acceptance_count < ${MAX_ACCEPTANCES}`);

/** Not accepted by this mediator (whatever that acceptance's state): one probe of the (request, mediator) unique index. */
const notAcceptedBy = (mediatorId: Bound<string>) =>
  sql`NOT EXISTS (SELECT 1 FROM mediator_acceptances a WHERE a.request_id = r.id AND a.mediator_id = ${mediatorId})`;

/**
 * The same condition for a page's walks, which test it on every row they pass: `NOT IN` an uncorrelated subquery is
 * run once per statement into a hash (PostgreSQL's hashed SubPlan), read index-only off mediator_acceptances_mediator_idx
 * (which carries request_id, migration 0011), and every walk of the page then looks rows up in it; a probe of the unique
 * index per row cost three index pages each, half of what a page read (docs/decisions/035). The set is the mediator's
 * whole history of acceptances, so its cost grows with that history where the probes' grew with the page
 * (decision 035 measures where they cross). request_id is NOT NULL, so `NOT IN` means exactly `NOT EXISTS`.
 */
const notAmongAcceptancesOf = (mediatorId: Bound<string>) =>
  sql`r.id NOT IN (SELECT a.request_id FROM mediator_acceptances a WHERE a.mediator_id = ${mediatorId})`;

/**
 * Which requests a mediator sees in "Available" (RULES.md 5), as one SQL condition on one row `r`: live, fewer than 3
 * acceptances, not accepted by them, and either open to all (openToAllAt passed with nobody having accepted before it)
 * or matching them (jurisdiction + specialization), Pro/Unlimited at once, Free after the head start.
 */
export function availableToMediator(mediatorId: Bound<string>, now: Bound<Date>): SQL {
  return sql`(${open} AND ${notAcceptedBy(mediatorId)} AND ${reachesMediator(mediatorId, now)})`;
}

/**
 * The request has reached this mediator (open to all, or matching them after their head start), whatever its state
 * and number of acceptances: what decides 404 (never theirs to see) from 409 (too late) on accept.
 */
export function reachesMediator(mediatorId: Bound<string>, now: Bound<Date>): SQL {
  const at = isoOf(now);
  return sql`(r.status <> 'draft' AND (${openToAll(at)} OR ${matchesMediator(mediatorId, at)}))`;
}

/** Open to everyone: the window passed and nobody had accepted before it closed. */
function openToAll(at: Bound<string>): SQL {
  return sql`(r.open_to_all_at <= ${at}::timestamptz AND NOT r.accepted_before_open_to_all)`;
}

/** Jurisdiction equal and case type among the specializations (trimmed, case-insensitive); Free tier after the head start. */
function matchesMediator(mediatorId: Bound<string>, at: Bound<string>): SQL {
  return sql`EXISTS (
    SELECT 1 FROM mediator_profiles mp
    WHERE mp.user_id = ${mediatorId}
      AND lower(btrim(mp.jurisdiction)) = lower(btrim(r.jurisdiction))
      AND EXISTS (SELECT 1 FROM unnest(mp.specializations) s WHERE lower(btrim(s)) = lower(btrim(r.case_type)))
      AND (mp.subscription_tier <> 'free' OR (r.open_to_free_at IS NOT NULL AND r.open_to_free_at <= ${at}::timestamptz))
  )`;
}

/**
 * A page's LIMIT written into the statement, not bound: a prepared statement with `LIMIT $n` is planned again at every
 * execution, because its generic plan, costed for an unknown limit, never looks as cheap as the custom one (the
 * Available page cost PostgreSQL twice the CPU of the same statement with its limit written in; decision 034).
 * Callers prepare one statement per page size.
 */
export function pageLimit(take: number): SQL {
  if (!Number.isSafeInteger(take) || take < 1) throw new Error(`a page size must be a positive integer, not ${take}`);
  return sql.raw(`LIMIT ${take}`);
}

/** Where a page starts: strictly after the cursor's row in (created_at DESC, id DESC). */
export type PageStart = { createdAt: Bound<Date>; id: Bound<string> } | null;

/**
 * Rows strictly after the cursor's row. The cursor carries created_at at millisecond precision (a JS Date) while the
 * column keeps microseconds, so the row's own created_at is read back by its id (the cursor's time is the fallback
 * should that row be gone): comparing with a truncated time would skip rows in the same millisecond.
 */
export function after(cursor: PageStart): SQL {
  if (!cursor) return sql`TRUE`;
  return sql`(r.created_at, r.id) < (
    coalesce((SELECT c.created_at FROM mediation_requests c WHERE c.id = ${cursor.id}::uuid), ${isoOf(cursor.createdAt)}::timestamptz),
    ${cursor.id}::uuid)`;
}

/**
 * The ids (and created_at) of the first `take` requests of a mediator's Available list after `cursor`, newest first,
 * read off indexes instead of testing every live request (docs/decisions/022). The list is the union of
 * - the open-to-all walk: mediation_requests_available_open_idx in (created_at, id) order, the window's end checked
 *   inside the index, stopping after `take` rows not accepted by this mediator;
 * - one walk per specialization: mediation_requests_available_match_idx on (jurisdiction key, case type key,
 *   created_at, id), Free tier after the head start, `take` rows each;
 * merged, de-duplicated and cut to `take`. Each walk returns its own first `take` rows, so the merge holds the first
 * `take` rows of the union. The result is exactly `availableToMediator` (visibility.sql.property.test.ts checks it).
 */
export function availablePage(mediatorId: Bound<string>, now: Bound<Date>, take: number, cursor: PageStart): SQL {
  const at = isoOf(now);
  const limit = pageLimit(take);
  return sql`SELECT w.id, w.created_at FROM (
    (SELECT r.id, r.created_at FROM mediation_requests r
      WHERE ${open} AND NOT r.accepted_before_open_to_all AND r.open_to_all_at IS NOT NULL AND r.open_to_all_at <= ${at}::timestamptz
        AND ${after(cursor)} AND ${notAmongAcceptancesOf(mediatorId)}
      ORDER BY r.created_at DESC, r.id DESC ${limit})
    UNION
    (SELECT m.id, m.created_at
      FROM mediator_profiles mp
      CROSS JOIN LATERAL (SELECT DISTINCT lower(btrim(s)) AS case_type_key FROM unnest(mp.specializations) s) k
      CROSS JOIN LATERAL (
        SELECT r.id, r.created_at FROM mediation_requests r
        WHERE ${open} AND lower(btrim(r.jurisdiction)) = lower(btrim(mp.jurisdiction)) AND lower(btrim(r.case_type)) = k.case_type_key
          AND (mp.subscription_tier <> 'free' OR (r.open_to_free_at IS NOT NULL AND r.open_to_free_at <= ${at}::timestamptz))
          AND ${after(cursor)} AND ${notAmongAcceptancesOf(mediatorId)}
        ORDER BY r.created_at DESC, r.id DESC ${limit}
      ) m
      WHERE mp.user_id = ${mediatorId})
  ) w
  ORDER BY w.created_at DESC, w.id DESC ${limit}`;
}

import { sql } from 'drizzle-orm';
import type { ActivityCalendar, UtcDayActivity } from '../../../common/domain/activity-calendar';
import type { DbOrTx } from '../../db/client';

/**
 * The range as the database sees it: the first instant of each day, then the instant after the last day. Rows are
 * taken from [first, last) and put in day n (1-based) by width_bucket over the boundaries, so a row exactly at a local
 * midnight belongs to the day that begins there.
 */
export interface InstantRange {
  boundaries: Date[];
}

/** Per-day sums; money in integer cents. */
export interface DayFigures {
  day: number;
  totalMediatorSignups: number;
  totalLawyerSignups: number;
  totalMediationsSubmitted: number;
  totalMediationsMatched: number;
  chargedCents: number;
  refundedCents: number;
  feeKeptCents: number;
  paidToMediatorsCents: number;
  subscriptionChargedCents: number;
  subscriptionRefundedCents: number;
  /** Of the deposits and balances charged this day, what is still held now (docs/decisions/036; kept by migration 0022). */
  heldCents: number;
}

function bounds(range: InstantRange) {
  const first = range.boundaries[0].toISOString();
  const last = range.boundaries[range.boundaries.length - 1].toISOString();
  // One array parameter: `{t0,t1,…}` read as timestamptz[] (PostgreSQL and PGlite alike).
  const array = `{${range.boundaries.map((b) => b.toISOString()).join(',')}}`;
  return {
    inRange: (column: ReturnType<typeof sql.raw>) => sql`${column} >= ${first}::timestamptz AND ${column} < ${last}::timestamptz`,
    day: (column: ReturnType<typeof sql.raw>) => sql`width_bucket(${column}, ${array}::timestamptz[])`,
  };
}

const cents = (expression: ReturnType<typeof sql>) => sql`(coalesce(${expression}, 0) * 100)::bigint::text`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Counts and money of the range per day, in one statement: each source contributes rows of the same columns for the
 * days it has something on, then they are added up per day. Each source reads only its rows of the range, through an
 * index on its time column.
 */
export async function figuresByDay(db: DbOrTx, range: InstantRange): Promise<DayFigures[]> {
  const { inRange, day } = bounds(range);
  const c = (name: string) => sql.raw(name);
  const result = await db.execute(sql`
    WITH parts AS (
      SELECT ${day(c('u.created_at'))} AS day,
             count(*) FILTER (WHERE u.role = 'mediator') AS mediator_signups,
             count(*) FILTER (WHERE u.role = 'lawyer') AS lawyer_signups,
             0 AS submitted, 0 AS matched, 0::numeric AS charged, 0::numeric AS refunded, 0::numeric AS fee_kept,
             0::numeric AS paid, 0::numeric AS sub_charged, 0::numeric AS sub_refunded, 0::numeric AS held
        FROM users u WHERE ${inRange(c('u.created_at'))} GROUP BY 1
      UNION ALL
      SELECT ${day(c('r.submitted_at'))}, 0, 0, count(*), 0, 0, 0, 0, 0, 0, 0, 0
        FROM mediation_requests r WHERE ${inRange(c('r.submitted_at'))} GROUP BY 1
      UNION ALL
      -- Matched on the day the mediator was selected, whenever the request was submitted (a reassignment keeps it).
      SELECT ${day(c('r.matched_at'))}, 0, 0, 0, count(*), 0, 0, 0, 0, 0, 0, 0
        FROM mediation_requests r WHERE ${inRange(c('r.matched_at'))} GROUP BY 1
      UNION ALL
      SELECT ${day(c('l.created_at'))}, 0, 0, 0, 0,
             sum(l.amount) FILTER (WHERE l.kind IN ('deposit_charge', 'balance_charge')),
             sum(l.amount) FILTER (WHERE l.kind = 'refund'),
             sum(l.platform_fee) FILTER (WHERE l.kind IN ('payout_transfer', 'cancellation_fee')),
             sum(l.amount) FILTER (WHERE l.kind IN ('payout_transfer', 'cancellation_fee')),
             0, 0, 0
        FROM ledger_entries l WHERE ${inRange(c('l.created_at'))} GROUP BY 1
      UNION ALL
      SELECT ${day(c('s.created_at'))}, 0, 0, 0, 0, 0, 0, 0, 0,
             sum(s.amount) FILTER (WHERE s.kind IN ('upgrade', 'renewal')),
             sum(s.amount) FILTER (WHERE s.kind = 'refund'),
             0
        FROM subscription_charges s WHERE s.status = 'succeeded' AND ${inRange(c('s.created_at'))} GROUP BY 1
      UNION ALL
      -- Of each deposit or balance charged in the range, what the escrow still holds now (docs/decisions/036), as the
      -- ledger's triggers keep it per charge (ledger_held, migration 0022, docs/decisions/031 of 2026-11-29): a
      -- charge holding nothing has no row. Read through the table's time index, like the other parts.
      SELECT ${day(c('h.created_at'))}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, sum(h.held)
        FROM ledger_held h WHERE ${inRange(c('h.created_at'))} GROUP BY 1
    )
    SELECT day::int AS day,
           sum(mediator_signups)::int AS "totalMediatorSignups",
           sum(lawyer_signups)::int AS "totalLawyerSignups",
           sum(submitted)::int AS "totalMediationsSubmitted",
           sum(matched)::int AS "totalMediationsMatched",
           ${cents(sql`sum(charged)`)} AS "chargedCents",
           ${cents(sql`sum(refunded)`)} AS "refundedCents",
           ${cents(sql`sum(fee_kept)`)} AS "feeKeptCents",
           ${cents(sql`sum(paid)`)} AS "paidToMediatorsCents",
           ${cents(sql`sum(sub_charged)`)} AS "subscriptionChargedCents",
           ${cents(sql`sum(sub_refunded)`)} AS "subscriptionRefundedCents",
           ${cents(sql`sum(held)`)} AS "heldCents"
      FROM parts GROUP BY day ORDER BY day`);
  return rowsOf<Record<keyof DayFigures, string | number>>(result).map((row) => {
    const figures = Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
    return figures as unknown as DayFigures;
  });
}

/**
 * What the activity rollup (`user_activity_days`, docs/decisions/031) holds for each UTC day of the calendar, users
 * other than admins: one read of the day range's rows through the table's key, each row judged on its own (its first
 * and last quarter against the day's midnight, and its copy of the user's previous row), so nothing is deduplicated
 * here; `activeUsersFromCalendar` adds the days up. About one row per user and UTC day: ≈ 157,000 for 30 days of the
 * bench's data.
 */
export async function activityByUtcDay(db: DbOrTx, calendar: ActivityCalendar): Promise<UtcDayActivity[]> {
  const array = (values: readonly (string | number | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`;
  const previousMidnight = [null, ...calendar.midnightQuarter.slice(0, -1)];
  const first = calendar.utcDays[0];
  const last = calendar.utcDays[calendar.utcDays.length - 1];
  const startDay = calendar.dayAtStart[0];
  const startMidnight = calendar.midnightQuarter[0];
  const days = calendar.days;
  const result = await db.execute(sql`
    WITH cal AS (
      SELECT * FROM unnest(${array(calendar.utcDays)}::date[], ${array(calendar.dayAtStart)}::int[],
                           ${array(calendar.midnightQuarter)}::int[], ${array(previousMidnight)}::int[])
        WITH ORDINALITY AS c(day, local_day, midnight, previous_midnight, index)
    ),
    judged AS (
      SELECT c.index,
             c.midnight IS NULL OR a.first_quarter < c.midnight AS before,
             c.midnight IS NOT NULL AND a.last_quarter >= c.midnight AS after,
             a.prev_day = a.day - 1 AND a.prev_last_quarter >= c.previous_midnight AS previous_after,
             c.local_day BETWEEN 1 AND ${days}::int AS before_in_range,
             c.local_day + 1 BETWEEN 1 AND ${days}::int AS after_in_range,
             a.prev_day > ${first}::date
               OR (a.prev_day = ${first}::date AND (${startDay}::int >= 1 OR a.prev_last_quarter >= ${startMidnight}::int)) AS previous_in_range
        FROM user_activity_days a JOIN cal c ON c.day = a.day
       WHERE a.day BETWEEN ${first}::date AND ${last}::date
         AND a.user_id NOT IN (SELECT id FROM users WHERE role = 'admin')
    )
    SELECT index::int - 1 AS index,
           count(*) FILTER (WHERE before)::int AS before,
           count(*) FILTER (WHERE after)::int AS after,
           count(*) FILTER (WHERE before AND previous_after)::int AS "alsoBefore",
           count(*) FILTER (WHERE ((before AND before_in_range) OR (after AND after_in_range)) AND previous_in_range IS NOT TRUE)::int AS "firstInRange"
      FROM judged GROUP BY index ORDER BY index`);
  return rowsOf<UtcDayActivity>(result).map((row) => ({
    index: Number(row.index),
    before: Number(row.before),
    after: Number(row.after),
    alsoBefore: Number(row.alsoBefore),
    firstInRange: Number(row.firstInRange),
  }));
}

/**
 * Distinct active users other than admins, per day and over the whole range (the `day` null row), read from the
 * source tables: only for a range the rollup cannot answer (no `activityCalendar`: a zone off the quarter-hour grid or
 * with two midnights in one UTC day, which no zone in use has). In one statement:
 * whoever began a session (not an admin's impersonation), created or submitted a request, accepted one, sent a
 * message or wrote a review. Sessions are only on record until they end, so a past range counts what remains. Each
 * source is read through an index on (time, user), without visiting the table.
 *
 * The work is deduplicating the activity rows (on the bench's data, about 580,000 in 30 days, 408,000 of them
 * messages) into (user, day) pairs: one hash aggregation, kept in memory (`work_mem` for this transaction: the
 * default 4 MB spilled it to disk), then a day's count is the number of its pairs and the range's the number of
 * distinct users among them (grouping sets sorted all the pairs instead). Pass a transaction: `SET LOCAL` needs one.
 */
export async function activeUsersFromSources(db: DbOrTx, range: InstantRange): Promise<{ day: number | null; users: number }[]> {
  const { inRange, day } = bounds(range);
  const c = (name: string) => sql.raw(name);
  await db.execute(sql`SET LOCAL work_mem = '64MB'`);
  const result = await db.execute(sql`
    WITH acts AS (
      SELECT (s.sess->>'userId')::uuid AS user_id, (s.sess->>'createdAt')::timestamptz AS at
        FROM session s WHERE s.sess->>'impersonatorId' IS NULL AND ${inRange(c("(s.sess->>'createdAt')::timestamptz"))}
      UNION ALL SELECT r.lawyer_id, r.created_at FROM mediation_requests r WHERE ${inRange(c('r.created_at'))}
      UNION ALL SELECT r.lawyer_id, r.submitted_at FROM mediation_requests r WHERE ${inRange(c('r.submitted_at'))}
      UNION ALL SELECT a.mediator_id, a.accepted_at FROM mediator_acceptances a WHERE ${inRange(c('a.accepted_at'))}
      UNION ALL SELECT m.sender_id, m.created_at FROM messages m WHERE ${inRange(c('m.created_at'))}
      UNION ALL SELECT v.reviewer_id, v.created_at FROM reviews v WHERE ${inRange(c('v.created_at'))}
    ),
    pairs AS MATERIALIZED (
      SELECT acts.user_id, ${day(c('acts.at'))} AS day FROM acts WHERE acts.user_id IS NOT NULL GROUP BY 1, 2
    ),
    kept AS MATERIALIZED (
      SELECT pairs.user_id, pairs.day FROM pairs WHERE pairs.user_id NOT IN (SELECT id FROM users WHERE role = 'admin')
    )
    SELECT kept.day, count(*)::int AS users FROM kept GROUP BY kept.day
    UNION ALL
    SELECT NULL, count(*)::int FROM (SELECT DISTINCT kept.user_id FROM kept) everyone`);
  return rowsOf<{ day: number | string | null; users: number | string }>(result).map((row) => ({
    day: row.day === null ? null : Number(row.day),
    users: Number(row.users),
  }));
}

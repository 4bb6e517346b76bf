import { desc, sql, type SQL } from 'drizzle-orm';
import { TAB_COUNT_LIMIT } from '../../../common/tab-counts';
import type { DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared-once';
import { withCompiledRows } from '../../db/compiled-rows';
import { mediationRequests } from '../../db/schema';
import type { Cursor, RequestRow } from './requests.repo';
import { after, availablePage, availableToMediator, pageLimit, type Bound, type PageStart } from './visibility';

// A mediator's side of the requests (spec 4 + RULES.md 5): the pages and counts of their three tabs, and whether a
// request is (or ever was) in their Available list. Every page is a named statement walking indexes (decisions 022,
// 032, 034).

export type MediatorView = 'available' | 'accepted' | 'completed';

/**
 * The ids of a page of one of the mediator's tabs (spec 4 + RULES.md 5), newest first, `take` rows after `cursor`.
 * Available walks the Available indexes (visibility.ts); My Accepted starts from the mediator's acceptances and
 * Completed from the requests they were selected for, both bounded by the mediator's own history.
 */
function mediatorPage(view: MediatorView, mediatorId: Bound<string>, now: Bound<Date>, take: number, cursor: PageStart): SQL {
  if (view === 'available') return availablePage(mediatorId, now, take, cursor);
  const condition =
    view === 'accepted'
      ? sql`r.status IN ('pending_mediators', 'awaiting_selection', 'matched', 'in_progress')
          AND r.id IN (SELECT a.request_id FROM mediator_acceptances a WHERE a.mediator_id = ${mediatorId} AND a.status IN ('pending', 'selected'))`
      : sql`r.status = 'completed' AND r.selected_mediator_id = ${mediatorId}`;
  return sql`SELECT r.id, r.created_at FROM mediation_requests r WHERE ${condition} AND ${after(cursor)}
    ORDER BY r.created_at DESC, r.id DESC ${pageLimit(take)}`;
}

/** A page of a mediator's tab (limit + 1 rows, for the next cursor), whole rows in one query. */
export async function listMediatorRequests(
  db: DbOrTx,
  mediatorId: string,
  view: MediatorView,
  now: Date,
  limit: number,
  cursor: Cursor,
): Promise<RequestRow[]> {
  const values = { mediatorId, now: now.toISOString() };
  const take = limit + 1;
  const rows = await (cursor
    ? preparedPage(db, `${view}:after:${take}`).execute({ ...values, cursorAt: cursor.createdAt.toISOString(), cursorId: cursor.id })
    : preparedPage(db, `${view}:${take}`).execute(values));
  if (view === 'available') for (const row of rows) notAcceptedBy.set(row, mediatorId);
  return rows;
}

/**
 * Rows read from a mediator's Available list, with that mediator: the statement that read them excluded every request
 * they had accepted (RULES.md 5), so presenting them to that mediator needs no query for their acceptances.
 */
const notAcceptedBy = new WeakMap<RequestRow, string>();

/** Whether this row came from `mediatorId`'s Available list, so that mediator has no acceptance of it (as read). */
export function readAsNotAcceptedBy(row: RequestRow, mediatorId: string): boolean {
  return notAcceptedBy.get(row) === mediatorId;
}

/**
 * A tab's page of `take` rows as a named statement, its other values placeholders: built once per database and page
 * size (the client asks one size), planned once per connection.
 */
const preparedPage = preparedOnce((db, key: `${MediatorView}:${number}` | `${MediatorView}:after:${number}`) => {
  const parts = key.split(':');
  return pageQuery(db, parts[0] as MediatorView, Number(parts.at(-1)), parts[1] === 'after');
});

function pageQuery(db: DbOrTx, view: MediatorView, take: number, withCursor: boolean) {
  const cursor = withCursor ? { createdAt: sql.placeholder('cursorAt'), id: sql.placeholder('cursorId') } : null;
  const page = mediatorPage(view, sql.placeholder('mediatorId'), sql.placeholder('now'), take, cursor);
  return withCompiledRows(
    db
      .select()
      .from(mediationRequests)
      .where(sql`${mediationRequests.id} IN (SELECT p.id FROM (${page}) p)`)
      .orderBy(desc(mediationRequests.createdAt), desc(mediationRequests.id))
      .prepare(`mediator_page_${view}${withCursor ? '_after' : ''}_${take}`),
  );
}

/**
 * The mediator's tab counts, each counted up to TAB_COUNT_LIMIT (docs/decisions/022): an exact Available count would
 * read every request open to all, which grows with the market; "99+" reads at most a page of 100 off each index.
 */
export async function countMediatorViews(db: DbOrTx, mediatorId: string, now: Date) {
  const [row] = await preparedCounts(db).execute({ mediatorId, now: now.toISOString() });
  return { available: Number(row?.available ?? 0), accepted: Number(row?.accepted ?? 0), completed: Number(row?.completed ?? 0) };
}

function countsQuery(db: DbOrTx) {
  const count = (view: MediatorView) =>
    sql<number>`(SELECT count(*) FROM (${mediatorPage(view, sql.placeholder('mediatorId'), sql.placeholder('now'), TAB_COUNT_LIMIT, null)}) v)::int`;
  // A select without a table: drizzle's builder needs one, so the one-row `(VALUES (1))` stands in.
  return db
    .select({ available: count('available'), accepted: count('accepted'), completed: count('completed') })
    .from(sql`(VALUES (1)) AS one`)
    .prepare('mediator_tab_counts');
}

const preparedCounts = preparedOnce(countsQuery);

export async function isAvailableTo(db: DbOrTx, requestId: string, mediatorId: string, now: Date): Promise<boolean> {
  const result = (await db.execute(
    sql`SELECT 1 AS ok FROM mediation_requests r WHERE r.id = ${requestId} AND ${availableToMediator(mediatorId, now)}`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

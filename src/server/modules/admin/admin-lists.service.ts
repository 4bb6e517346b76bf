import { isUuid } from '../../../common/ids';
import type { PaymentStatus, RequestStatus } from '../../../common/enums';
import type { AppContext } from '../../context';
import type { PageQuery } from '../../pagination';
import type { AdminMediation, AdminPayment, MediatorRating } from '../../../common/schemas/admin-lists';
import { ledgersFor } from '../payments/payments.api';
import { presentAdminMediation, presentAdminPayment, presentMediatorRating } from './admin-lists.presenter';
import { listAdminMediations, listAdminPayments, listMediatorRatings, type RatingCursor, type TimeCursor } from './admin-lists.repo';

type Page<T> = { items: T[]; next: string | null };

/** Cuts limit + 1 rows to the page and makes the next page's cursor from its last row. */
function pageOf<R, T>(rows: R[], limit: number, present: (row: R) => T, cursorOf: (row: R) => string): Page<T> {
  const page = rows.slice(0, limit);
  return { items: page.map(present), next: rows.length > limit ? cursorOf(page[page.length - 1]) : null };
}

// The mediations and payments cursors: "<request created_at, microseconds, UTC>|<request id>", base64url.
const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const encodeTimeCursor = (cursor: TimeCursor) => Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');

/** A junk cursor means the first page, as with the other lists. */
export function decodeTimeCursor(cursor: string | undefined): TimeCursor | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  return EXACT_TIME.test(at ?? '') && isUuid(id) ? { at, id } : null;
}

export async function adminMediationsPage(ctx: AppContext, query: PageQuery & { status?: RequestStatus; search?: string }): Promise<Page<AdminMediation>> {
  const search = query.search?.trim() || undefined;
  const rows = await listAdminMediations(ctx.db, { status: query.status, search }, query.limit, decodeTimeCursor(query.cursor));
  return pageOf(rows, query.limit, presentAdminMediation, (row) => encodeTimeCursor({ at: row.cursorAt, id: row.request.id }));
}

/** Every payment with its ledger: two queries a page, whatever its size. */
export async function adminPaymentsPage(ctx: AppContext, query: PageQuery & { status?: PaymentStatus }): Promise<Page<AdminPayment>> {
  const rows = await listAdminPayments(ctx.db, query.status, query.limit, decodeTimeCursor(query.cursor));
  const page = rows.slice(0, query.limit);
  const ledgers = await ledgersFor(
    ctx.db,
    page.map((row) => row.payment.id),
  );
  return pageOf(
    rows,
    query.limit,
    (row) => presentAdminPayment(row, ledgers.get(row.payment.id) ?? []),
    (row) => encodeTimeCursor({ at: row.cursorAt, id: row.payment.requestId }),
  );
}

// The ratings list is ordered by rating and count, not by time: its cursor is "<rating>|<count>|<id>", base64url.
export function encodeRatingCursor(row: RatingCursor): string {
  return Buffer.from(`${row.rating}|${row.reviewCount}|${row.id}`).toString('base64url');
}

/** A junk cursor means the first page, as with the other lists. */
export function decodeRatingCursor(cursor: string | undefined): RatingCursor | null {
  if (!cursor) return null;
  const [rating, count, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!/^\d\.\d{2}$/.test(rating ?? '') || !/^\d{1,9}$/.test(count ?? '') || !isUuid(id)) return null;
  return { rating, reviewCount: Number(count), id };
}

/** One page of mediators by rating; `next` is the cursor of the following page, if any. */
export async function mediatorRatingsPage(ctx: AppContext, query: PageQuery): Promise<Page<MediatorRating>> {
  const rows = await listMediatorRatings(ctx.db, query.limit, decodeRatingCursor(query.cursor));
  return pageOf(rows, query.limit, presentMediatorRating, (row) => {
    const { averageRating, reviewCount, mediatorId } = presentMediatorRating(row);
    return encodeRatingCursor({ rating: averageRating, reviewCount, id: mediatorId });
  });
}

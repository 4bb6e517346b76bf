import { isUuid } from '../../../common/ids';
import type { PaymentStatus, RequestStatus } from '../../../common/enums';
import type { AppContext } from '../../context';
import { decodeCursor, type PageQuery } from '../../pagination';
import { ledgersFor } from '../payments/payments.repo';
import { presentAdminMediation, presentAdminPayment, presentMediatorRating } from './admin-lists.presenter';
import { listAdminMediations, listAdminPayments, listMediatorRatings, type RatingCursor } from './admin-lists.repo';

/** A page of limit + 1 items (the extra one says there is more) and the rows' keys for the next cursor. */
export async function adminMediationsPage(ctx: AppContext, query: PageQuery & { status?: RequestStatus; search?: string }) {
  const search = query.search?.trim() || undefined;
  const rows = await listAdminMediations(ctx.db, { status: query.status, search }, query.limit, decodeCursor(query.cursor));
  return rows.map((row) => ({ id: row.request.id, createdAt: row.request.createdAt, view: presentAdminMediation(row) }));
}

/** Every payment with its ledger: two queries a page, whatever its size. */
export async function adminPaymentsPage(ctx: AppContext, query: PageQuery & { status?: PaymentStatus }) {
  const rows = await listAdminPayments(ctx.db, query.status, query.limit, decodeCursor(query.cursor));
  const ledgers = await ledgersFor(
    ctx.db,
    rows.map((row) => row.payment.id),
  );
  return rows.map((row) => ({ id: row.payment.id, createdAt: row.payment.createdAt, view: presentAdminPayment(row, ledgers.get(row.payment.id) ?? []) }));
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
export async function mediatorRatingsPage(ctx: AppContext, query: PageQuery) {
  const rows = await listMediatorRatings(ctx.db, query.limit, decodeRatingCursor(query.cursor));
  const page = rows.slice(0, query.limit).map(presentMediatorRating);
  const last = page.at(-1);
  return { items: page, next: rows.length > query.limit && last ? encodeRatingCursor(last) : null };
}

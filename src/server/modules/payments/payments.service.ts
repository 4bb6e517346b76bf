import { isUuid } from '../../../common/ids';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { PageQuery } from '../../pagination';
import { decodeCursor } from '../../pagination';
import type { SessionUser } from '../../plugins/session';
import { findPaymentInScope, listPaymentsPage, type PaymentScope } from './payment-history.repo';
import { presentPayment, type PaymentViewer } from './payments.presenter';
import { ledgersFor } from './payments.repo';

/** Lawyers see the payments of their requests (either side's: decision 049), mediators those they are the mediator of, admins all (RULES.md 6). */
function scopeOf(user: SessionUser): { scope: PaymentScope; viewer: PaymentViewer } {
  if (user.role === 'admin') return { scope: { role: 'admin' }, viewer: 'admin' };
  if (user.role === 'mediator') return { scope: { role: 'mediator', userId: user.id }, viewer: 'mediator' };
  return { scope: { role: 'lawyer', userId: user.id }, viewer: { lawyerId: user.id } };
}

/**
 * One page of the caller's payments, newest first, with their ledgers: two queries whatever the page size. Returns
 * limit + 1 rows' worth of views (the route's sendPage trims it and sets X-Next-Cursor).
 */
export async function listPayments(ctx: AppContext, user: SessionUser, page: PageQuery) {
  const { scope, viewer } = scopeOf(user);
  const rows = await listPaymentsPage(ctx.db, scope, page.limit, decodeCursor(page.cursor));
  const ledgers = await ledgersFor(
    ctx.db,
    rows.map((r) => r.payment.id),
  );
  return rows.map((row) => ({ id: row.payment.id, createdAt: row.payment.createdAt, view: presentPayment(row, ledgers.get(row.payment.id) ?? [], viewer) }));
}

/** One payment with its ledger (the receipt); 404 when it is not there or not the caller's. */
export async function getPayment(ctx: AppContext, user: SessionUser, id: string) {
  const { scope, viewer } = scopeOf(user);
  const row = isUuid(id) ? await findPaymentInScope(ctx.db, scope, id) : undefined;
  if (!row) throw notFound('Payment not found');
  const ledgers = await ledgersFor(ctx.db, [row.payment.id]);
  return presentPayment(row, ledgers.get(row.payment.id) ?? [], viewer);
}

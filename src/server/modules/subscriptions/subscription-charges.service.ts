import { formatCents, parseCents } from '../../../common/money';
import type { SubscriptionChargeDto, SubscriptionChargeStatus } from '../../../common/schemas/subscription-charges';
import { isUuid } from '../../../common/ids';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { decodeCursor, type PageQuery } from '../../pagination';
import type { SessionUser } from '../../plugins/session';
import { findMediatorCharge, findRefundsOf, listMediatorCharges, type SubscriptionChargeRow } from './subscription-charges.repo';

const cents = (amount: string) => parseCents(amount) ?? 0;

/**
 * One line of the mediator's charges (decision 038): what the card was asked for, what of it came back (refund rows
 * naming the charge), and so its status. A refund the record cannot tie to a charge is a line of its own.
 */
export function presentSubscriptionCharge(row: SubscriptionChargeRow, refunds: SubscriptionChargeRow[]): SubscriptionChargeDto {
  const common = {
    id: row.id,
    kind: row.kind as SubscriptionChargeDto['kind'],
    tier: row.tier,
    amount: formatCents(cents(row.amount)),
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    failureMessage: row.failureMessage,
    createdAt: row.createdAt.toISOString(),
  };
  if (row.kind === 'refund') return { ...common, refundedAmount: common.amount, refundedAt: common.createdAt, status: 'refunded' };
  if (row.status !== 'succeeded') return { ...common, refundedAmount: '0.00', refundedAt: null, status: 'declined' };
  const mine = refunds.filter((r) => row.providerRef !== null && r.refundOf === row.providerRef);
  const refunded = mine.reduce((sum, r) => sum + cents(r.amount), 0);
  const status: SubscriptionChargeStatus = refunded === 0 ? 'paid' : refunded >= cents(row.amount) ? 'refunded' : 'partly_refunded';
  const refundedAt = mine.length ? new Date(Math.max(...mine.map((r) => r.createdAt.getTime()))).toISOString() : null;
  return { ...common, refundedAmount: formatCents(refunded), refundedAt, status };
}

const refsOf = (rows: SubscriptionChargeRow[]) => rows.flatMap((r) => (r.kind !== 'refund' && r.providerRef ? [r.providerRef] : []));

/** GET /api/subscription/charges: the mediator's charges, newest first, a page at a time (`limit` + 1 rows). */
export async function listSubscriptionCharges(ctx: AppContext, user: SessionUser, query: PageQuery) {
  const rows = await listMediatorCharges(ctx.db, user.id, query.limit, decodeCursor(query.cursor));
  const refunds = await findRefundsOf(ctx.db, user.id, refsOf(rows));
  return rows.map((row) => ({ createdAt: row.createdAt, id: row.id, view: presentSubscriptionCharge(row, refunds) }));
}

/** GET /api/subscription/charges/{id}: one of the mediator's charges, for its receipt; another's or none is 404. */
export async function getSubscriptionCharge(ctx: AppContext, user: SessionUser, id: string): Promise<SubscriptionChargeDto> {
  const row = isUuid(id) ? await findMediatorCharge(ctx.db, user.id, id) : undefined;
  if (!row) throw notFound('Charge not found');
  return presentSubscriptionCharge(row, await findRefundsOf(ctx.db, user.id, refsOf([row])));
}

import type { AppContext } from '../../context';
import type { SessionUser } from '../../plugins/session';
import { presentPayment } from './payments.presenter';
import { ledgersFor, listPaymentsFor } from './payments.repo';

/** The caller's payments (admins: all) with their ledgers, in two queries whatever the count. */
export async function listPayments(ctx: AppContext, user: SessionUser) {
  const rows = await listPaymentsFor(ctx.db, user.role === 'admin' ? null : user.id);
  const ledgers = await ledgersFor(
    ctx.db,
    rows.map((r) => r.payment.id),
  );
  return rows.map((row) => presentPayment(row, ledgers.get(row.payment.id) ?? []));
}

import { formatCents, parseCents, type Cents } from '../../../common/money';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { appendLedger, updatePayment, type PaymentRow } from './payments.repo';

/** Refunds part of a charge through the provider and records it (key `refund:{paymentId}:{n}`, RULES.md 2.6). */
export async function refundCharge(ctx: AppContext, tx: DbOrTx, payment: PaymentRow, input: { chargeId: string; amount: Cents; n: number; reason: string }): Promise<PaymentRow> {
  if (input.amount <= 0) return payment;
  const key = `refund:${payment.id}:${input.n}`;
  const { refundId } = await ctx.payments.refund({ chargeId: input.chargeId, amount: input.amount, idempotencyKey: key });
  await appendLedger(tx, { paymentId: payment.id, kind: 'refund', amount: input.amount, providerRef: refundId, idempotencyKey: key, note: input.reason, at: ctx.clock.now() });
  return updatePayment(tx, payment.id, {
    refundAmount: formatCents(parseCents(payment.refundAmount)! + input.amount),
    refundReason: input.reason,
    updatedAt: ctx.clock.now(),
  });
}

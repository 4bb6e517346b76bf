import { expect } from 'vitest';
import { parseCents } from '../../src/common/money';
import { findPaymentForRequest, ledgerFor, ledgerTotals } from '../../src/server/modules/payments/payments.repo';
import type { TestApp } from './test-app';

/** A request's payment, its ledger totals, and what the ledger says is still held (charged − refunded − paid − fee). */
export async function ledgerOf(t: TestApp, requestId: string) {
  const payment = await findPaymentForRequest(t.ctx.db, requestId);
  if (!payment) return null;
  const totals = ledgerTotals(await ledgerFor(t.ctx.db, payment.id));
  return { payment, totals, stillHeld: totals.charged - totals.refunded - totals.paidToMediator - totals.feeKept };
}

/**
 * The ledger invariant of RULES.md 2, after a flow has settled: for the request's payment, charged = refunded + fee
 * kept + paid to the mediator + still held, where "still held" is what the payment's status says it holds, and the
 * payment's refundAmount is the ledger's refunds.
 */
export async function expectLedgerWhole(t: TestApp, requestId: string) {
  const ledger = await ledgerOf(t, requestId);
  if (!ledger) return null;
  const { payment, totals, stillHeld } = ledger;
  const held =
    payment.status !== 'held'
      ? 0
      : payment.mediatorId
        ? parseCents(payment.platformFee)! + parseCents(payment.mediatorPayout)!
        : parseCents(payment.depositAmount)!;
  expect({ requestId, stillHeld, refunded: totals.refunded }).toEqual({ requestId, stillHeld: held, refunded: parseCents(payment.refundAmount) });
  return { payment, totals };
}

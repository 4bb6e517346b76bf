import { formatCents, twoDecimals } from '../../../common/money';
import { ledgerTotals, type LedgerRow, type PaymentListRow } from './payments.repo';

/** The API's payment view (RULES.md 2): the escrow row, its totals and its ledger. */
export function presentPayment({ payment, caseName, caseNumber }: PaymentListRow, ledger: LedgerRow[]) {
  const totals = ledgerTotals(ledger);
  return {
    id: payment.id,
    requestId: payment.requestId,
    caseName,
    caseNumber,
    lawyerId: payment.lawyerId,
    mediatorId: payment.mediatorId,
    depositAmount: twoDecimals(payment.depositAmount)!,
    amount: twoDecimals(payment.depositAmount)!,
    platformFee: twoDecimals(payment.platformFee)!,
    mediatorPayout: twoDecimals(payment.mediatorPayout)!,
    status: payment.status,
    refundAmount: twoDecimals(payment.refundAmount)!,
    refundReason: payment.refundReason,
    totalCharged: formatCents(totals.charged),
    totalRefunded: formatCents(totals.refunded),
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
    ledger: ledger.map((e) => ({
      id: e.id,
      kind: e.kind,
      amount: twoDecimals(e.amount)!,
      platformFee: twoDecimals(e.platformFee)!,
      note: e.note,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

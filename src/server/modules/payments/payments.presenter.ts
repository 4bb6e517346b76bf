import type { PaymentView } from '../../../common/schemas/payment-history';
import { formatCents, parseCents, twoDecimals } from '../../../common/money';
import type { PaymentListRow } from './payment-history.repo';
import { settle, settlementDto, sumLedger } from '../../../common/domain/settlement';
import { ledgerTotals, type LedgerRow } from './payments.repo';

/**
 * Who reads the payment: a mediator sees only the money moved to them (RULES.md 6); a lawyer the movements of their own
 * money (on a one-sided case, all of it; on a two-sided case, their side's charges and what came of them: decision
 * 049); admins everything.
 */
export type PaymentViewer = 'mediator' | 'admin' | { lawyerId: string };

const paidToMediator = (e: LedgerRow) => e.kind === 'payout_transfer' || e.kind === 'cancellation_fee';

/**
 * The ledger lines whose figures a viewer reads: a mediator and admins the whole payment's (issue 21: a mediator's
 * ledger shows only their lines, its sums are the whole's); a lawyer their own money's on a two-sided case where others
 * paid too (decision 049: what they paid, what went back to their card, what of it went to the mediator and the
 * platform), which on a one-sided case is the whole payment.
 */
function figuresOf(ledger: LedgerRow[], viewer: PaymentViewer): { lines: LedgerRow[]; ownOnly: boolean } {
  if (viewer === 'mediator' || viewer === 'admin') return { lines: ledger, ownOnly: false };
  const own = ledger.filter((e) => e.payerId === viewer.lawyerId);
  return { lines: own, ownOnly: own.length < ledger.length };
}

/** The API's payment view (RULES.md 2): the escrow row, its totals and its ledger. */
export function presentPayment({ payment, caseName, caseNumber, requestStatus }: PaymentListRow, ledger: LedgerRow[], viewer: PaymentViewer): PaymentView {
  const figures = figuresOf(ledger, viewer);
  const totals = ledgerTotals(figures.lines);
  const settlement = settle({
    sums: sumLedger(figures.lines),
    paymentStatus: payment.status,
    plannedPlatformFee: parseCents(payment.platformFee)!,
    plannedMediatorPayout: parseCents(payment.mediatorPayout)!,
    requestCancelled: requestStatus === 'cancelled',
  });
  const toMediator = ledger.filter(paidToMediator);
  const shown = viewer === 'mediator' ? toMediator : viewer === 'admin' ? ledger : figures.lines;
  const lastPaid = toMediator.at(-1);
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
    // The escrow's running refund total is the case's; a lawyer reading their own figures reads their own refunds.
    refundAmount: figures.ownOnly ? formatCents(totals.refunded) : twoDecimals(payment.refundAmount)!,
    refundReason: payment.refundReason,
    totalCharged: formatCents(totals.charged),
    totalRefunded: formatCents(totals.refunded),
    // The budget's planned fee and payout are the case's: not a plan for one side's part of the money (the fee comes
    // from the first charges first, decision 016), so a lawyer's own figures show what is held instead.
    settlement: settlementDto(figures.ownOnly ? { ...settlement, planned: null } : settlement),
    paidToYou: viewer === 'mediator' ? formatCents(toMediator.reduce((sum, e) => sum + parseCents(e.amount)!, 0)) : null,
    paidAt: viewer === 'mediator' && lastPaid ? lastPaid.createdAt.toISOString() : null,
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
    ledger: shown.map((e) => ({
      id: e.id,
      kind: e.kind,
      amount: twoDecimals(e.amount)!,
      platformFee: twoDecimals(e.platformFee)!,
      note: e.note,
      createdAt: e.createdAt.toISOString(),
      payerId: e.payerId,
      shareSide: e.shareSide,
    })),
  };
}

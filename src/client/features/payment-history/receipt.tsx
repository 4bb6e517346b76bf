import type { ReactNode } from 'react';
import { formatCents, parseCents } from '../../../common/money';
import type { PaymentView } from '../../../common/schemas/payment-history';
import { ReceiptDocument, ReceiptTable, type ReceiptLine } from '../../components/receipt/receipt-document';
import { SettlementFigures } from '../../components/settlement-figures';
import { displayMoney, formatDate } from '../../lib/format';
import { ledgerLineLabel, PAYMENT_STATUS_LABELS, payoutLabel } from './payment-status';

const cents = (amount: string | null) => parseCents(amount ?? '0') ?? 0;

type LedgerLine = PaymentView['ledger'][number];

const SIDE_WORDS = { first: 'the requesting side', second: 'the opposing side' } as const;

/**
 * On a two-sided case, whose share a charge paid and who paid it (issue 24: "the receipt says whose share was paid by
 * whom"): the inviting lawyer is the requesting side, anyone else the opposing side.
 */
function shareDetail(line: LedgerLine, inviterId: string): string | null {
  if (!line.shareSide || (line.kind !== 'deposit_charge' && line.kind !== 'balance_charge')) return null;
  const payerSide = line.payerId === inviterId ? 'first' : 'second';
  const of = line.kind === 'deposit_charge' ? 'deposit' : 'balance';
  const whose = line.shareSide === payerSide ? 'its own share' : `${SIDE_WORDS[line.shareSide]}'s share`;
  return `Paid by ${SIDE_WORDS[payerSide]} for ${whose} of the ${of}`;
}

/** A line's second row: the commission kept (mediators), where a transfer came from, or the line's note (a reason). */
function lineDetail(line: LedgerLine, toYou: boolean, inviterId: string, sidesPaid: boolean): string | null {
  const label = ledgerLineLabel(line.kind, toYou);
  const share = shareDetail(line, inviterId);
  if (share) return share;
  const transfer = line.kind === 'payout_transfer' || line.kind === 'cancellation_fee';
  let detail: string | null = null;
  if (toYou) {
    // A two-sided case's payout comes in parts, one per charge: each says which side's money it is.
    const fee = cents(line.platformFee) > 0 ? `After the platform fee of ${displayMoney(line.platformFee)}` : null;
    const from = sidesPaid ? `From ${SIDE_WORDS[line.payerId === inviterId ? 'first' : 'second']}'s payment` : null;
    detail = [from, fee && from ? fee.toLowerCase() : fee].filter(Boolean).join(', ') || null;
  } else if (transfer)
    detail =
      cents(line.platformFee) > 0 ? `Paid from the amount held, after the platform fee of ${displayMoney(line.platformFee)}` : 'Paid from the amount held';
  // Notes such as "Payout" only repeat the label; reasons ("Dispute resolved by our team") say something.
  else if (line.note && !label.toLowerCase().includes(line.note.toLowerCase())) detail = line.note;
  return detail;
}

/** The totals: what was paid to the mediator reading their statement, or charged, refunded and net for the lawyer. */
function totalsOf(payment: PaymentView, toYou: boolean): [string, string][] {
  if (toYou) return [['Total paid to you', displayMoney(payment.paidToYou ?? '0')]];
  const net = formatCents(cents(payment.totalCharged) - cents(payment.totalRefunded));
  return [
    ['Total charged', displayMoney(payment.totalCharged)],
    ['Total refunded', displayMoney(payment.totalRefunded)],
    ['Net paid', displayMoney(net)],
  ];
}

/**
 * A payment's receipt, printable: the platform, the payment id, the case, the dates, each ledger line and the totals.
 * Lawyers (and admins) see the charges and refunds; a mediator's statement lists what was paid to them (the server
 * sends a mediator only those lines, with `paidToYou` set).
 */
export function PaymentReceipt({ payment, issuedAt }: { payment: PaymentView; issuedAt: Date }) {
  const toYou = payment.paidToYou !== null;
  const title = toYou ? 'Payout statement' : 'Payment receipt';
  const status = toYou ? payoutLabel(payment).label : PAYMENT_STATUS_LABELS[payment.status];
  const details: [string, ReactNode][] = [
    ['Payment ID', <span className="break-all font-mono text-xs sm:text-sm">{payment.id}</span>],
    ['Case', `${payment.caseName} (${payment.caseNumber})`],
    ['Payment opened', <time dateTime={payment.createdAt}>{formatDate(payment.createdAt)}</time>],
    ['Status', status],
    ['Issued', <time dateTime={issuedAt.toISOString()}>{formatDate(issuedAt)}</time>],
  ];
  // Both sides paid (issue 24): a mediator's statement names whose money each part of the payout is.
  const sidesPaid = payment.ledger.some((line) => line.payerId !== payment.lawyerId);
  const lines: ReceiptLine[] = payment.ledger.map((line) => ({
    key: line.id,
    date: line.createdAt,
    label: ledgerLineLabel(line.kind, toYou),
    detail: lineDetail(line, toYou, payment.lawyerId, sidesPaid),
    amount: line.kind === 'refund' ? `−${displayMoney(line.amount)}` : displayMoney(line.amount),
  }));
  return (
    <ReceiptDocument title={title} details={details} topic={toYou ? 'statement' : 'receipt'}>
      <ReceiptTable
        caption={toYou ? 'Amounts paid to you' : 'Charges and refunds'}
        lines={lines}
        empty={toYou ? 'Nothing has been paid to you from this mediation yet.' : 'No money has moved on this payment yet.'}
        totals={totalsOf(payment, toYou)}
      />
      <section aria-labelledby="receipt-breakdown" className="grid gap-2">
        <h2 id="receipt-breakdown" className="text-sm font-semibold">
          Where the money went
        </h2>
        <SettlementFigures settlement={payment.settlement} reader={toYou ? 'mediator' : 'lawyer'} />
      </section>
    </ReceiptDocument>
  );
}

import type { ReactNode } from 'react';
import { APP_NAME } from '../../../common/constants';
import { formatCents, parseCents } from '../../../common/money';
import type { PaymentView } from '../../../common/schemas/payment-history';
import { SettlementFigures } from '../../components/settlement-figures';
import { displayMoney, formatDate } from '../../lib/format';
import { ledgerLineLabel, PAYMENT_STATUS_LABELS, payoutLabel } from './payment-status';
import './receipt-print.css';

const cents = (amount: string | null) => parseCents(amount ?? '0') ?? 0;

type LedgerLine = PaymentView['ledger'][number];

/** A line's second row: the commission kept (mediators), where a transfer came from, or the line's note (a reason). */
function LineDetail({ line, toYou }: { line: LedgerLine; toYou: boolean }) {
  const label = ledgerLineLabel(line.kind, toYou);
  const transfer = line.kind === 'payout_transfer' || line.kind === 'cancellation_fee';
  let detail: string | null = null;
  if (toYou) detail = cents(line.platformFee) > 0 ? `After the platform fee of ${displayMoney(line.platformFee)}` : null;
  else if (transfer)
    detail =
      cents(line.platformFee) > 0 ? `Paid from the amount held, after the platform fee of ${displayMoney(line.platformFee)}` : 'Paid from the amount held';
  // Notes such as "Payout" only repeat the label; reasons ("Dispute resolved by our team") say something.
  else if (line.note && !label.toLowerCase().includes(line.note.toLowerCase())) detail = line.note;
  return detail ? <span className="block text-muted-foreground">{detail}</span> : null;
}

function Totals({ payment, toYou }: { payment: PaymentView; toYou: boolean }) {
  if (toYou) {
    return (
      <tr className="border-t-2 font-semibold">
        <th scope="row" colSpan={2} className="py-2 text-left">
          Total paid to you
        </th>
        <td className="py-2 text-right tabular-nums">{displayMoney(payment.paidToYou ?? '0')}</td>
      </tr>
    );
  }
  const net = formatCents(cents(payment.totalCharged) - cents(payment.totalRefunded));
  const rows: [string, string][] = [
    ['Total charged', displayMoney(payment.totalCharged)],
    ['Total refunded', displayMoney(payment.totalRefunded)],
    ['Net paid', displayMoney(net)],
  ];
  return (
    <>
      {rows.map(([label, value], i) => (
        <tr key={label} className={i === 0 ? 'border-t-2' : i === rows.length - 1 ? 'font-semibold' : undefined}>
          <th scope="row" colSpan={2} className="py-1.5 text-left font-medium">
            {label}
          </th>
          <td className="py-1.5 text-right tabular-nums">{value}</td>
        </tr>
      ))}
    </>
  );
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
  return (
    <article data-receipt aria-labelledby="receipt-title" className="grid gap-6 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b pb-4">
        <p className="font-serif text-2xl font-semibold">{APP_NAME}</p>
        <h1 id="receipt-title" className="text-lg font-semibold">
          {title}
        </h1>
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {details.map(([label, value]) => (
          <div key={label} className="grid min-w-0 gap-0.5">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <table className="w-full text-sm">
        <caption className="sr-only">{toYou ? 'Amounts paid to you' : 'Charges and refunds'}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              Date
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Description
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {payment.ledger.length ? (
            payment.ledger.map((line) => (
              <tr key={line.id} className="border-b align-top">
                <td className="py-2 pr-3 whitespace-nowrap">
                  <time dateTime={line.createdAt}>{formatDate(line.createdAt)}</time>
                </td>
                <td className="py-2 pr-3">
                  <span className="block">{ledgerLineLabel(line.kind, toYou)}</span>
                  <LineDetail line={line} toYou={toYou} />
                </td>
                <td className="py-2 text-right tabular-nums whitespace-nowrap">
                  {line.kind === 'refund' ? `−${displayMoney(line.amount)}` : displayMoney(line.amount)}
                </td>
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={3} className="py-4 text-muted-foreground">
                {toYou ? 'Nothing has been paid to you from this mediation yet.' : 'No money has moved on this payment yet.'}
              </td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <Totals payment={payment} toYou={toYou} />
        </tfoot>
      </table>
      <section aria-labelledby="receipt-breakdown" className="grid gap-2">
        <h2 id="receipt-breakdown" className="text-sm font-semibold">
          Where the money went
        </h2>
        <SettlementFigures settlement={payment.settlement} reader={toYou ? 'mediator' : 'lawyer'} />
      </section>
      <p className="text-xs text-muted-foreground">
        Amounts in US dollars. Questions about this {toYou ? 'statement' : 'receipt'}? Contact us through the Contact page.
      </p>
    </article>
  );
}

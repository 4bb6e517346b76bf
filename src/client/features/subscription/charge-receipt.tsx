import type { ReactNode } from 'react';
import { APP_NAME } from '../../../common/constants';
import { TIER_LABELS } from '../../../common/domain/tiers';
import { formatCents, parseCents } from '../../../common/money';
import type { SubscriptionChargeDto } from '../../../common/schemas/subscription-charges';
import { displayMoney, formatDate } from '../../lib/format';
import { CHARGE_STATUS, chargeDescription, chargePeriod, hasRefund } from './charge-labels';
import './receipt-print.css';

const cents = (amount: string) => parseCents(amount) ?? 0;

interface Line {
  key: string;
  date: string;
  label: string;
  detail: string | null;
  amount: string;
}

/** The receipt's lines: the charge (or what was declined), then the refund of it, if any. */
function linesOf(charge: SubscriptionChargeDto): Line[] {
  const period = chargePeriod(charge);
  if (charge.kind === 'refund') {
    return [
      { key: 'refund', date: charge.createdAt, label: chargeDescription(charge), detail: 'Refunded to your card', amount: `−${displayMoney(charge.amount)}` },
    ];
  }
  if (charge.status === 'declined') {
    const detail = `Declined${charge.failureMessage ? `: ${charge.failureMessage.replace(/[\s.]+$/, '')}` : ''}. Nothing was charged.`;
    return [{ key: 'charge', date: charge.createdAt, label: chargeDescription(charge), detail, amount: displayMoney('0') }];
  }
  const lines: Line[] = [
    { key: 'charge', date: charge.createdAt, label: chargeDescription(charge), detail: period ? `For ${period}` : null, amount: displayMoney(charge.amount) },
  ];
  if (hasRefund(charge)) {
    lines.push({
      key: 'refund',
      date: charge.refundedAt ?? charge.createdAt,
      label: 'Refund',
      detail: 'Refunded to your card',
      amount: `−${displayMoney(charge.refundedAmount)}`,
    });
  }
  return lines;
}

/** Charged, refunded and what the mediator paid in the end: they add up to the cent. */
function totalsOf(charge: SubscriptionChargeDto): [string, string][] {
  if (charge.kind === 'refund') return [['Total refunded', displayMoney(charge.amount)]];
  const charged = charge.status === 'declined' ? 0 : cents(charge.amount);
  const refunded = cents(charge.refundedAmount);
  return [
    ['Total charged', displayMoney(formatCents(charged))],
    ['Total refunded', displayMoney(formatCents(refunded))],
    ['Net paid', displayMoney(formatCents(charged - refunded))],
  ];
}

/**
 * One subscription charge's receipt, printable (decision 038), in the payments' receipts' layout: the platform, the
 * receipt number, who was billed, the plan and its period, the dates, each line and the totals.
 */
export function SubscriptionReceipt({
  charge,
  billedTo,
  issuedAt,
}: {
  charge: SubscriptionChargeDto;
  billedTo: { name: string; email: string };
  issuedAt: Date;
}) {
  const period = chargePeriod(charge);
  const details: [string, ReactNode][] = [
    ['Receipt number', <span className="break-all font-mono text-xs sm:text-sm">{charge.id}</span>],
    [
      'Billed to',
      <>
        <span className="block">{billedTo.name}</span>
        <span className="block break-all text-muted-foreground">{billedTo.email}</span>
      </>,
    ],
    ['Plan', `${TIER_LABELS[charge.tier]} (monthly)`],
    ['Period', period ?? 'None'],
    ['Date', <time dateTime={charge.createdAt}>{formatDate(charge.createdAt)}</time>],
    ['Status', CHARGE_STATUS[charge.status].label],
    ['Issued', <time dateTime={issuedAt.toISOString()}>{formatDate(issuedAt)}</time>],
  ];
  const totals = totalsOf(charge);
  return (
    <article data-receipt aria-labelledby="receipt-title" className="grid gap-6 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b pb-4">
        <p className="font-serif text-2xl font-semibold">{APP_NAME}</p>
        <h1 id="receipt-title" className="text-lg font-semibold">
          Subscription receipt
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
        <caption className="sr-only">Charge and refunds</caption>
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
          {linesOf(charge).map((line) => (
            <tr key={line.key} className="border-b align-top">
              <td className="py-2 pr-3 whitespace-nowrap">
                <time dateTime={line.date}>{formatDate(line.date)}</time>
              </td>
              <td className="py-2 pr-3">
                <span className="block">{line.label}</span>
                {line.detail ? <span className="block text-muted-foreground">{line.detail}</span> : null}
              </td>
              <td className="py-2 text-right tabular-nums whitespace-nowrap">{line.amount}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totals.map(([label, value], i) => (
            <tr key={label} className={i === 0 ? 'border-t-2' : undefined}>
              <th scope="row" colSpan={2} className={`py-1.5 text-left ${i === totals.length - 1 ? 'font-semibold' : 'font-medium'}`}>
                {label}
              </th>
              <td className={`py-1.5 text-right tabular-nums ${i === totals.length - 1 ? 'font-semibold' : ''}`}>{value}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      <p className="text-xs text-muted-foreground">Amounts in US dollars. Questions about this receipt? Contact us through the Contact page.</p>
    </article>
  );
}

import type { ReactNode } from 'react';
import { TIER_LABELS } from '../../../common/domain/tiers';
import { formatCents, parseCents } from '../../../common/money';
import type { SubscriptionChargeDto } from '../../../common/schemas/subscription-charges';
import { ReceiptDocument, ReceiptTable, type ReceiptLine } from '../../components/receipt/receipt-document';
import { displayMoney, formatDate } from '../../lib/format';
import { CHARGE_STATUS, chargeDescription, chargePeriod, hasRefund } from './charge-labels';

const cents = (amount: string) => parseCents(amount) ?? 0;

/** The receipt's lines: the charge (or what was declined), then the refund of it, if any. */
function linesOf(charge: SubscriptionChargeDto): ReceiptLine[] {
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
  const lines: ReceiptLine[] = [
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
  return (
    <ReceiptDocument title="Subscription receipt" details={details} topic="receipt">
      <ReceiptTable caption="Charge and refunds" lines={linesOf(charge)} empty="Nothing was charged." totals={totalsOf(charge)} />
    </ReceiptDocument>
  );
}

import type { AdminPayment } from '../../../common/schemas/admin-lists';
import { settlementLines, settlementSentence } from '../../components/settlement-figures';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { displayMoney, formatDate } from '../../lib/format';
import { PaymentStatusBadge } from './payment-status-badge';

/** One payment in the admins' list: the case, the parties, the money at each stage and the status. */
export function PaymentCard({ payment, onOpenLedger }: { payment: AdminPayment; onOpenLedger: (payment: AdminPayment) => void }) {
  const headingId = `payment-${payment.id}`;
  const { settlement } = payment;
  const figures = [
    // The spec calls the deposit the payment's "amount" (spec 7 Payment); `amount` in the API is the full budget.
    { term: 'Amount (deposit)', value: displayMoney(payment.depositAmount), figure: 'deposit' },
    // What happened to the money (issue 21), then the plan only while it still stands.
    ...settlementLines(settlement, 'admin').map((line) => ({ term: line.term, value: displayMoney(line.amount), figure: line.figure })),
    ...(settlement.planned
      ? [
          { term: 'Platform fee (planned)', value: displayMoney(settlement.planned.platformFee), figure: 'plannedPlatformFee' },
          { term: 'Mediator payout (planned)', value: displayMoney(settlement.planned.mediatorPayout), figure: 'plannedMediatorPayout' },
        ]
      : []),
  ];
  return (
    <Card className="grid gap-3 p-4 sm:p-5" role="article" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold wrap-anywhere">
            {payment.caseName}
          </h2>
          <p className="text-sm text-muted-foreground">
            Case #{payment.caseNumber} · {formatDate(payment.createdAt)}
          </p>
        </div>
        <PaymentStatusBadge status={payment.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4 lg:grid-cols-7">
        <div className="min-w-0">
          <dt className="text-muted-foreground">Lawyer</dt>
          <dd className="truncate">{payment.lawyer.name}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted-foreground">Mediator</dt>
          <dd className="truncate">{payment.mediator?.name ?? 'Not selected'}</dd>
        </div>
        {figures.map((f) => (
          <div key={f.term}>
            <dt className="text-muted-foreground">{f.term}</dt>
            <dd className="tabular-nums" data-figure={f.figure}>
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
      {settlementSentence(settlement, 'admin') ? <p className="text-xs text-muted-foreground">{settlementSentence(settlement, 'admin')}</p> : null}
      {payment.refundReason ? <p className="text-sm wrap-anywhere text-muted-foreground">Refund: {payment.refundReason}</p> : null}
      <div>
        <Button variant="outline" size="sm" onClick={() => onOpenLedger(payment)} aria-label={`View ledger (${payment.ledger.length}) of ${payment.caseName}`}>
          View ledger ({payment.ledger.length})
        </Button>
      </div>
    </Card>
  );
}

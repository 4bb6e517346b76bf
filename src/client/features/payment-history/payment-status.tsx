import type { LedgerKind, PaymentStatus } from '../../../common/enums';
import type { PaymentView } from '../../../common/schemas/payment-history';
import type { BadgeTone } from '../../../common/domain/request-status';
import { parseCents } from '../../../common/money';
import { Badge } from '../../components/ui/badge';

// RULES.md 2.6 statuses in plain language, as the lawyer (and admins) read them.
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  held: 'Deposit held',
  released: 'Paid to mediator',
  refunded_full: 'Refunded',
  refunded_partial: 'Partly refunded',
  failed: 'Failed',
};

const PAYMENT_STATUS_TONES: Record<PaymentStatus, BadgeTone> = {
  pending: 'yellow',
  held: 'blue',
  released: 'green',
  refunded_full: 'muted',
  refunded_partial: 'purple',
  failed: 'destructive',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge tone={PAYMENT_STATUS_TONES[status]} data-status={status}>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The same payment as the mediator reads it: what it means for their payout. */
export function payoutLabel(payment: Pick<PaymentView, 'status' | 'paidToYou'>): { label: string; tone: BadgeTone } {
  const paid = (parseCents(payment.paidToYou ?? '0') ?? 0) > 0;
  if (payment.status === 'released') return { label: 'Paid', tone: 'green' };
  // Part of the money went back to the lawyer (a late cancellation's fee, a partial dispute refund), the rest to you.
  if (paid) return { label: 'Paid, part refunded', tone: 'green' };
  if (payment.status === 'held') return { label: 'Payout pending', tone: 'blue' };
  if (payment.status === 'refunded_full' || payment.status === 'refunded_partial') return { label: 'Refunded to the lawyer', tone: 'muted' };
  return { label: PAYMENT_STATUS_LABELS[payment.status], tone: PAYMENT_STATUS_TONES[payment.status] };
}

export function PayoutBadge({ payment }: { payment: Pick<PaymentView, 'status' | 'paidToYou'> }) {
  const { label, tone } = payoutLabel(payment);
  return (
    <Badge tone={tone} data-status={payment.status}>
      {label}
    </Badge>
  );
}

/** Each ledger line in words; `toYou` when the mediator reads their own statement. */
export function ledgerLineLabel(kind: LedgerKind, toYou: boolean): string {
  switch (kind) {
    case 'deposit_charge':
      return 'Deposit charged';
    case 'balance_charge':
      return 'Balance charged';
    case 'refund':
      return 'Refund';
    case 'payout_transfer':
      return toYou ? 'Payout to you' : 'Payout to the mediator';
    case 'cancellation_fee':
      return toYou ? 'Cancellation fee to you' : 'Cancellation fee to the mediator';
  }
}

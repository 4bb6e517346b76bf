import type { BadgeTone } from '../../../common/domain/request-status';
import type { LedgerKind, PaymentStatus } from '../../../common/enums';

// RULES.md 2.6 statuses as the admins read them.
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  held: 'Held in escrow',
  released: 'Paid to mediator',
  refunded_full: 'Refunded',
  refunded_partial: 'Partly refunded',
  failed: 'Failed',
};

export const PAYMENT_STATUS_TONES: Record<PaymentStatus, BadgeTone> = {
  pending: 'yellow',
  held: 'blue',
  released: 'green',
  refunded_full: 'muted',
  refunded_partial: 'purple',
  failed: 'destructive',
};

/** Ledger movements in plain words (RULES.md 2: each charge, refund and transfer is one line). */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  deposit_charge: 'Deposit charged to the lawyer',
  balance_charge: 'Balance charged to the lawyer',
  refund: 'Refund to the lawyer',
  payout_transfer: 'Payout to the mediator',
  cancellation_fee: 'Cancellation fee to the mediator',
};

import type { PaymentStatus } from '../enums';
import type { Cents } from '../money';
import { mediatorShareOf } from './fees';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CancellationInput {
  /** Deposit charged and still held (0 when the request is a draft or the deposit failed). */
  depositHeld: Cents;
  /** Balance charged at selection (0 before selection). */
  balanceHeld: Cents;
  mediatorSelected: boolean;
  /** The preferred mediation date, "YYYY-MM-DD", or null. */
  preferredDate: string | null;
  depositPaidAt: Date | null;
  commissionPercentage: string;
  now: Date;
}

export type DepositRefundKind = 'full' | 'partial' | 'none';

export interface CancellationOutcome {
  kind: DepositRefundKind;
  depositRefund: Cents;
  balanceRefund: Cents;
  /** The kept part of the deposit paid to the selected mediator (commission deducted), and the platform's cut. */
  cancellationFee: Cents;
  platformFee: Cents;
  paymentStatus: PaymentStatus | null;
  reason: string;
}

/** Calendar date (UTC) as a day number. */
function utcDay(date: Date): number {
  return Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) / DAY_MS);
}

function dayOf(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** Mon–Fri dates strictly after `today` and strictly before `target` (no holidays), RULES.md 2.4. */
export function businessDaysBetween(today: number, target: number): number {
  let count = 0;
  for (let day = today + 1; day < target; day++) {
    const weekday = new Date(day * DAY_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}

/** Half of the deposit, the odd cent going to the lawyer. */
const half = (amount: Cents) => Math.ceil(amount / 2);

/** Which part of the deposit a lawyer's cancellation refunds (RULES.md 2.4). */
export function depositRefundKind(input: Pick<CancellationInput, 'mediatorSelected' | 'preferredDate' | 'depositPaidAt' | 'now'>): {
  kind: DepositRefundKind;
  reason: string;
} {
  if (!input.mediatorSelected) return { kind: 'full', reason: 'Cancelled before a mediator was selected: everything is refunded.' };
  const today = utcDay(input.now);
  if (input.preferredDate) {
    const target = dayOf(input.preferredDate);
    if (target - today >= 7) return { kind: 'full', reason: 'Cancelled 7 or more days before the mediation date: full refund.' };
    if (businessDaysBetween(today, target) >= 3)
      return { kind: 'partial', reason: 'Cancelled 3 or more business days before the mediation date: 50% of the deposit is refunded.' };
    return { kind: 'none', reason: 'Late cancellation (fewer than 3 business days before the mediation date): the deposit is not refunded.' };
  }
  const paid = input.depositPaidAt ?? input.now;
  if (input.now.getTime() - paid.getTime() <= 7 * DAY_MS) return { kind: 'full', reason: 'Cancelled within 7 days of paying the deposit: full refund.' };
  return { kind: 'partial', reason: 'Cancelled more than 7 days after paying the deposit, with no mediation date set: 50% of the deposit is refunded.' };
}

/** The money of a cancellation, given which part of the deposit goes back. */
export function cancellationOutcome(input: CancellationInput, kindOverride?: DepositRefundKind): CancellationOutcome {
  const { kind, reason } = kindOverride
    ? { kind: kindOverride, reason: `Cancelled by an admin: ${kindOverride} refund of the deposit.` }
    : depositRefundKind(input);
  if (input.depositHeld === 0 && input.balanceHeld === 0) {
    return { kind: 'full', depositRefund: 0, balanceRefund: 0, cancellationFee: 0, platformFee: 0, paymentStatus: null, reason: 'Nothing was charged.' };
  }
  const depositRefund = kind === 'full' ? input.depositHeld : kind === 'partial' ? half(input.depositHeld) : 0;
  const kept = input.depositHeld - depositRefund;
  // Before selection nobody earned a fee: what is kept (admin "partial"/"none") stays with the platform.
  const share = input.mediatorSelected ? mediatorShareOf(kept, input.commissionPercentage) : { platformFee: kept, mediatorAmount: 0 };
  return {
    kind,
    depositRefund,
    balanceRefund: input.balanceHeld,
    cancellationFee: share.mediatorAmount,
    platformFee: share.platformFee,
    paymentStatus: kept === 0 ? 'refunded_full' : 'refunded_partial',
    reason,
  };
}

/**
 * The refund policy in words (RULES.md 2.4), the one wording every page quotes: the request form's payment box, the
 * FAQ, the help and terms pages and the cancel dialog. `depositRefundKind` above decides by the same rules.
 */
export const REFUND_POLICY = {
  /** One paragraph, for a payment box or an FAQ answer. */
  summary:
    "If you cancel before a mediator is selected, everything you paid is refunded. After selection, the deposit is refunded in full 7 or more days before the preferred mediation date, 50% with 3 or more business days' notice, and not at all later; without a preferred date, in full within 7 days of paying it, else 50%. Anything paid beyond the deposit is always refunded.",
  /** The same rules as a list. */
  lines: [
    'Before a mediator is selected: everything you paid is refunded.',
    'After selection, 7 or more days before the preferred mediation date: the deposit is refunded in full.',
    "With 3 or more business days' notice (Monday to Friday): 50% of the deposit is refunded.",
    'Later (late cancellation): the deposit is not refunded.',
    'Without a preferred date: the deposit is refunded in full within 7 days of paying it, else 50%.',
    'Anything paid beyond the deposit (the balance) is always refunded.',
  ],
} as const;

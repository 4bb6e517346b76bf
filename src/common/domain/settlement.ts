// What happened to a request's money, in the four figures every page shows (issue 21, docs/decisions/037): charged to
// the lawyer's card, refunded to it, kept by the platform, paid to the mediator, and what is still held in escrow.
// RULES.md 2's invariant is the definition of `held`: charged = refunded + platform fee kept + paid + still held.
import type { SettlementDto } from '../api-types';
import type { LedgerKind, PaymentStatus } from '../enums';
import { formatCents, parseCents, type Cents } from '../money';

/** A ledger line as far as the figures need it (RULES.md 2: every movement is one append-only line). */
export interface LedgerLine {
  kind: LedgerKind;
  amount: string;
  /** The commission kept out of a transfer (payouts and cancellation fees); 0 on charges and refunds. */
  platformFee: string;
}

/** The ledger's sums, in cents. */
export interface LedgerSums {
  charged: Cents;
  refunded: Cents;
  platformFeeKept: Cents;
  paidToMediator: Cents;
}

export const NO_MOVEMENT: LedgerSums = { charged: 0, refunded: 0, platformFeeKept: 0, paidToMediator: 0 };

const cents = (amount: string) => parseCents(amount) ?? 0;
const isTransfer = (kind: LedgerKind) => kind === 'payout_transfer' || kind === 'cancellation_fee';

export function sumLedger(lines: readonly LedgerLine[]): LedgerSums {
  const sums = { ...NO_MOVEMENT };
  for (const line of lines) {
    if (line.kind === 'deposit_charge' || line.kind === 'balance_charge') sums.charged += cents(line.amount);
    else if (line.kind === 'refund') sums.refunded += cents(line.amount);
    else if (isTransfer(line.kind)) {
      sums.paidToMediator += cents(line.amount);
      sums.platformFeeKept += cents(line.platformFee);
    }
  }
  return sums;
}

export interface SettlementFacts {
  sums: LedgerSums;
  paymentStatus: PaymentStatus;
  /** The split the request's budget plans (RULES.md 1): fee and payout, in cents. */
  plannedPlatformFee: Cents;
  plannedMediatorPayout: Cents;
  /** A cancelled request's plan is over, whatever its payment still shows. */
  requestCancelled: boolean;
}

export interface Settlement extends LedgerSums {
  /** Charged, and neither refunded, kept nor paid out yet: the money the platform still holds. */
  held: Cents;
  /**
   * The planned split, only while it is still the plan: nothing refunded, kept or paid yet, and the request neither
   * cancelled nor failed. Once money has gone anywhere, pages show what happened instead (null).
   */
  planned: { platformFee: Cents; mediatorPayout: Cents } | null;
}

/** The figures of one payment: what happened to its money, and the plan while it still stands. */
export function settle(facts: SettlementFacts): Settlement {
  const { sums } = facts;
  const held = sums.charged - sums.refunded - sums.platformFeeKept - sums.paidToMediator;
  const moved = sums.refunded > 0 || sums.platformFeeKept > 0 || sums.paidToMediator > 0;
  const planStands = !facts.requestCancelled && !moved && (facts.paymentStatus === 'pending' || facts.paymentStatus === 'held');
  return {
    ...sums,
    held,
    planned: planStands ? { platformFee: facts.plannedPlatformFee, mediatorPayout: facts.plannedMediatorPayout } : null,
  };
}

/** The API's form (RULES.md 7: two-decimal strings). */
export function settlementDto(settlement: Settlement): SettlementDto {
  const { planned } = settlement;
  return {
    charged: formatCents(settlement.charged),
    refunded: formatCents(settlement.refunded),
    platformFeeKept: formatCents(settlement.platformFeeKept),
    paidToMediator: formatCents(settlement.paidToMediator),
    held: formatCents(settlement.held),
    planned: planned ? { platformFee: formatCents(planned.platformFee), mediatorPayout: formatCents(planned.mediatorPayout) } : null,
  };
}

// Where a cancellation's money goes, charge by charge (RULES.md 2.4, decision 049): what goes back to each charge's
// payer and what each deposit charge keeps. Pure: the cancellation records these refunds, and its preview tells the
// canceller what goes back to their own card, with the same numbers.
import type { Cents } from '../money';
import { keptByCanceller, proportionalParts } from './fee-split';

/** A charge still holding money for the mediation: what it holds and who paid it. */
export interface CancellableCharge {
  kind: 'deposit_charge' | 'balance_charge';
  amount: Cents;
  payerId: string;
}

/** A deposit charge's part: refunded to its payer, and kept (the mediator's fee plus `keptFee`, the commission on it). */
interface DepositPart<C> {
  charge: C;
  refund: Cents;
  kept: Cents;
  keptFee: Cents;
}

interface CancellationRefunds<C> {
  deposits: DepositPart<C>[];
  /** Each balance charge's refund (the balance goes back whole under the policy). */
  balances: { charge: C; refund: Cents }[];
}

/**
 * Each charge's part of a cancellation's outcome. Charges holding nothing are left out. What is kept of the deposit
 * (all it holds less `depositRefund`) comes from the canceller's deposit charges first, in proportion to what each
 * holds, and only what they cannot cover from the others; without a canceller among the payers (an admin) from every
 * deposit charge in proportion. `platformFee` (the commission on what is kept) is shared over the kept parts in
 * proportion, and `balanceRefund` over the balance charges.
 */
export function cancellationRefunds<C extends CancellableCharge>(
  charges: readonly C[],
  outcome: { depositRefund: Cents; balanceRefund: Cents; platformFee: Cents },
  cancelledBy: string | null,
): CancellationRefunds<C> {
  const held = charges.filter((c) => c.amount > 0);
  const deposits = held.filter((c) => c.kind === 'deposit_charge');
  const balances = held.filter((c) => c.kind === 'balance_charge');
  const kept = keptByCanceller(
    deposits.map((c) => c.amount),
    deposits.map((c) => c.payerId === cancelledBy),
    deposits.reduce((sum, c) => sum + c.amount, 0) - outcome.depositRefund,
  );
  const keptFees = proportionalParts(kept, outcome.platformFee);
  const balanceRefunds = proportionalParts(
    balances.map((c) => c.amount),
    outcome.balanceRefund,
  );
  return {
    deposits: deposits.map((charge, i) => ({ charge, refund: charge.amount - kept[i], kept: kept[i], keptFee: keptFees[i] })),
    balances: balances.map((charge, i) => ({ charge, refund: balanceRefunds[i] })),
  };
}

/** Every refund of the cancellation, deposit charges first, with its charge (zero refunds included). */
export const refundsOf = <C>(parts: CancellationRefunds<C>): { charge: C; refund: Cents }[] => [...parts.deposits, ...parts.balances];

/** What the cancellation gives back to one payer (0 for someone who paid nothing, such as an admin). */
export function refundTo(parts: CancellationRefunds<CancellableCharge>, payerId: string): Cents {
  return refundsOf(parts)
    .filter((p) => p.charge.payerId === payerId)
    .reduce((sum, p) => sum + p.refund, 0);
}

import { displayCents, percentOf, type Cents } from '../money';
import { allocatePayout, type PayoutPart, type SourceCharge } from './payout';

export interface ChargeRefund {
  chargeId: string;
  amount: Cents;
}

export interface PartialResolution {
  /** Refunds to the lawyer, per charge: the balance first, then the deposit. */
  refunds: ChargeRefund[];
  /** Transfers to the mediator (and the fee kept) per charge: the fee is taken from the deposit first. */
  transfers: PayoutPart[];
  refundTotal: Cents;
  platformFee: Cents;
  mediatorPayout: Cents;
}

/**
 * A dispute resolved with a partial refund (RULES.md 2.5): `refund` goes back to the lawyer, the rest of what is held
 * goes to the mediator less the commission percentage (no minimum fee), rounded half-up to the cent.
 *
 * `charges` are what is held per source charge, deposit first then balance (docs/decisions/016): the refund is taken
 * from the last charge first (the balance), then the earlier ones; the platform fee from the first charge first (as
 * in the planned payout, allocatePayout). Every cent of every charge ends up refunded, transferred or kept as fee.
 * Throws unless 0 < refund < held.
 */
export function splitPartialRefund(charges: SourceCharge[], refund: Cents, commissionPercentage: Cents): PartialResolution {
  const held = charges.reduce((sum, c) => sum + c.amount, 0);
  if (!Number.isSafeInteger(refund) || refund <= 0 || refund >= held) throw new RangeError(`refund must be above 0 and below ${held} cents`);
  let left = refund;
  const refunds: ChargeRefund[] = [];
  const remaining = new Map(charges.map((c) => [c.chargeId, c.amount]));
  for (const charge of [...charges].reverse()) {
    const amount = Math.min(left, charge.amount);
    if (amount > 0) refunds.push({ chargeId: charge.chargeId, amount });
    remaining.set(charge.chargeId, charge.amount - amount);
    left -= amount;
  }
  const rest = held - refund;
  const platformFee = percentOf(rest, commissionPercentage);
  const transfers = allocatePayout(
    charges.map((c) => ({ chargeId: c.chargeId, amount: remaining.get(c.chargeId)! })).filter((c) => c.amount > 0),
    platformFee,
  );
  return { refunds, transfers, refundTotal: refund, platformFee, mediatorPayout: rest - platformFee };
}

/** Which refund amount is acceptable for a held amount, as the field error the admin sees; null when fine. */
export function partialRefundProblem(refund: Cents | null, held: Cents): string | null {
  if (refund === null) return 'Enter the amount to refund';
  if (refund <= 0 || refund >= held) return `The refund must be more than $0 and less than the ${displayCents(held)} held`;
  return null;
}

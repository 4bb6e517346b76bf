import type { Cents } from '../money';

export interface SourceCharge {
  /** The provider's charge id (a transfer names the charge it is paid from: RULES.md 2, one transfer per charge). */
  chargeId: string;
  amount: Cents;
}

export interface PayoutPart {
  chargeId: string;
  /** Paid to the mediator from this charge. */
  transfer: Cents;
  /** Kept by the platform from this charge. */
  platformFee: Cents;
}

/**
 * Splits the payout over the charges that paid for the mediation (RULES.md 2.3): the platform fee is taken from the
 * first charge (the deposit) and then the next, the rest of each charge goes to the mediator. Every cent of every
 * charge is either transferred or kept as fee, so with nothing refunded the ledger closes at zero held.
 * Throws when the charges do not cover the fee (a payment that should never have been selected).
 */
export function allocatePayout(charges: SourceCharge[], platformFee: Cents): PayoutPart[] {
  let feeLeft = platformFee;
  const parts = charges.map((charge) => {
    const fee = Math.min(feeLeft, charge.amount);
    feeLeft -= fee;
    return { chargeId: charge.chargeId, transfer: charge.amount - fee, platformFee: fee };
  });
  if (feeLeft > 0) throw new Error(`charges do not cover the platform fee (${feeLeft} cents short)`);
  return parts;
}

const HOUR_MS = 60 * 60 * 1000;

/** When a completed mediation's payout is due: completion + the request's own hold window (RULES.md 1 + 2.3). */
export function payoutDueAt(request: { completedAt: Date | null; terms: { payoutHoldHours: number } | null }): Date {
  const hold = request.terms?.payoutHoldHours ?? 0;
  return new Date((request.completedAt?.getTime() ?? 0) + hold * HOUR_MS);
}

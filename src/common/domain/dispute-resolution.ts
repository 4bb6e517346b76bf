import { displayCents, percentOf, type Cents } from '../money';
import { proportionalParts } from './fee-split';
import { allocatePayout, type PayoutPart, type SourceCharge } from './payout';

export interface ChargeRefund {
  chargeId: string;
  amount: Cents;
}

export interface PartialResolution {
  /** Refunds per charge, to whoever paid it: each payer's balance first, then its deposit. */
  refunds: ChargeRefund[];
  /** Transfers to the mediator (and the fee kept) per charge: the fee is taken from the deposit first. */
  transfers: PayoutPart[];
  refundTotal: Cents;
  platformFee: Cents;
  mediatorPayout: Cents;
}

/** A source charge and who paid it (decision 049); a charge without a payer is the one lawyer's. */
export type PayerCharge = SourceCharge & { payerId?: string };

/**
 * A dispute resolved with a partial refund (RULES.md 2.5): `refund` goes back to whoever paid, the rest of what is held
 * goes to the mediator less the commission percentage (no minimum fee), rounded half-up to the cent.
 *
 * `charges` are what is held per source charge, deposit first then balance (docs/decisions/016). With several payers
 * (a two-sided case, decision 052) the refund is shared between them in proportion to what each holds (largest
 * remainder, whole cents); each payer's part, like the one lawyer's, is taken from its last charge first (the balance),
 * then the earlier ones. The platform fee comes from the first charge first (as in the planned payout,
 * allocatePayout). Every cent of every charge ends up refunded, transferred or kept as fee. Throws unless
 * 0 < refund < held.
 */
export function splitPartialRefund(charges: PayerCharge[], refund: Cents, commissionPercentage: Cents): PartialResolution {
  const held = charges.reduce((sum, c) => sum + c.amount, 0);
  if (!Number.isSafeInteger(refund) || refund <= 0 || refund >= held) throw new RangeError(`refund must be above 0 and below ${held} cents`);
  const refunds: ChargeRefund[] = [];
  const remaining = new Map(charges.map((c) => [c.chargeId, c.amount]));
  for (const { charges: theirs, part } of refundPerPayer(charges, refund)) {
    let left = part;
    for (const charge of [...theirs].reverse()) {
      const amount = Math.min(left, charge.amount);
      if (amount > 0) refunds.push({ chargeId: charge.chargeId, amount });
      remaining.set(charge.chargeId, charge.amount - amount);
      left -= amount;
    }
  }
  const rest = held - refund;
  const platformFee = percentOf(rest, commissionPercentage);
  const transfers = allocatePayout(
    charges.map((c) => ({ chargeId: c.chargeId, amount: remaining.get(c.chargeId)! })).filter((c) => c.amount > 0),
    platformFee,
  );
  return { refunds, transfers, refundTotal: refund, platformFee, mediatorPayout: rest - platformFee };
}

/**
 * A refund shared between the payers in proportion to what each holds (one payer: all of it), in the order the payers
 * first appear among the charges: each payer with its charges, in order, and its part of the refund.
 */
export function refundPerPayer(charges: PayerCharge[], refund: Cents): { payerId: string | undefined; charges: PayerCharge[]; held: Cents; part: Cents }[] {
  const payers: { payerId: string | undefined; charges: PayerCharge[]; held: Cents }[] = [];
  for (const charge of charges) {
    let payer = payers.find((p) => p.payerId === charge.payerId);
    if (!payer) payers.push((payer = { payerId: charge.payerId, charges: [], held: 0 }));
    payer.charges.push(charge);
    payer.held += charge.amount;
  }
  const parts = proportionalParts(
    payers.map((p) => p.held),
    refund,
  );
  return payers.map((p, i) => ({ ...p, part: parts[i] }));
}

/** Which refund amount is acceptable for a held amount, as the field error the admin sees; null when fine. */
export function partialRefundProblem(refund: Cents | null, held: Cents): string | null {
  if (refund === null) return 'Enter the amount to refund';
  if (refund <= 0 || refund >= held) return `The refund must be more than $0 and less than the ${displayCents(held)} held`;
  return null;
}

import { MAX_CENTS, displayCents, parseCents, percentOf, type Cents } from '../money';

/** The settings that price a request; copied onto it at submit (RULES.md 1). */
export interface FeeTerms {
  commissionPercentage: string; // "10.00"
  minimumPlatformFee: string; // "50.00"
  defaultDeposit: string; // "250.00"
}

const cents = (amount: string): Cents => {
  const value = parseCents(amount);
  if (value === null) throw new RangeError(`Bad amount in terms: ${amount}`);
  return value;
};

/** Platform fee = max(minimum fee, commission % of budget) half-up to the cent; payout = budget − fee (RULES.md 1). */
export function splitBudget(budget: Cents, terms: FeeTerms): { platformFee: Cents; mediatorPayout: Cents } {
  const commission = percentOf(budget, cents(terms.commissionPercentage));
  const platformFee = Math.max(cents(terms.minimumPlatformFee), commission);
  return { platformFee, mediatorPayout: budget - platformFee };
}

/**
 * Why a budget cannot be accepted, or null. It must be at least the deposit and leave the mediator a payout above
 * zero (RULES.md 1); the message names the limit. A counteroffer (rate × hours) can also pass the 99,999,999.99 that
 * every amount must stay within (numeric(10,2)).
 */
export function budgetProblem(budget: Cents, terms: FeeTerms): string | null {
  const deposit = cents(terms.defaultDeposit);
  if (budget < deposit) return `Budget must be at least ${displayCents(deposit)} (the deposit)`;
  if (budget > MAX_CENTS) return `Budget must be at most ${displayCents(MAX_CENTS)}`;
  const { platformFee, mediatorPayout } = splitBudget(budget, terms);
  if (mediatorPayout <= 0) return `Budget must be more than the platform fee of ${displayCents(platformFee)}`;
  return null;
}

/** The part of a kept amount the mediator receives: the commission percentage only, no minimum fee (RULES.md 2.5). */
export function mediatorShareOf(kept: Cents, commissionPercentage: string): { platformFee: Cents; mediatorAmount: Cents } {
  const platformFee = percentOf(kept, cents(commissionPercentage));
  return { platformFee, mediatorAmount: kept - platformFee };
}

import { FLAT_FEE_OPTIONS, HOURS_OPTIONS } from '../constants';
import type { PricingModel } from '../enums';
import { parseCents, type Cents } from '../money';

/** Flat fees and their hour equivalents (spec 9: $700, $1,200, $2,000 for 2, 4, 8 hours). */
export const FLAT_FEE_HOURS: Record<(typeof FLAT_FEE_OPTIONS)[number], (typeof HOURS_OPTIONS)[number]> = { '700': 2, '1200': 4, '2000': 8 };

/** Hours a request's price is for: hoursNeeded (hourly) or the flat fee's equivalent (RULES.md 4). */
export function pricedHours(request: { pricingModel: PricingModel; hoursNeeded: number | null; flatFee: string | null }): number | null {
  if (request.pricingModel === 'hourly') return request.hoursNeeded;
  const fee = request.flatFee === null ? null : parseCents(request.flatFee);
  if (fee === null) return null;
  const key = String(fee / 100) as keyof typeof FLAT_FEE_HOURS;
  return FLAT_FEE_HOURS[key] ?? null;
}

/** The budget a counteroffer implies: proposed rate × priced hours (RULES.md 4). */
export function counterofferBudget(proposedRate: Cents, hours: number): Cents {
  return proposedRate * hours;
}

/** What the form pre-fills as budget from the pricing fields (RULES.md 1). */
export function suggestedBudget(input: {
  pricingModel: PricingModel;
  hourlyRate?: string | number | null;
  hoursNeeded?: string | number | null;
  flatFee?: string | null;
}): Cents | null {
  if (input.pricingModel === 'flat') return input.flatFee ? parseCents(input.flatFee) : null;
  const rate = input.hourlyRate === null || input.hourlyRate === undefined || input.hourlyRate === '' ? null : parseCents(input.hourlyRate);
  const hours = Number(input.hoursNeeded);
  if (rate === null || !Number.isInteger(hours) || hours <= 0) return null;
  return rate * hours;
}

/**
 * The final budget of a selection (RULES.md 4): a counteroffer's proposed rate × the priced hours, else the lawyer's
 * budget. Shared by the server's selection and the browser's confirmation, so both show the same amount.
 */
export function finalBudget(
  request: { budget: string; pricingModel: PricingModel; hoursNeeded: number | null; flatFee: string | null },
  proposedRate: string | null,
): Cents {
  const hours = pricedHours(request);
  const rate = proposedRate === null ? null : parseCents(proposedRate);
  if (rate !== null && hours) return counterofferBudget(rate, hours);
  return parseCents(request.budget) ?? 0;
}

/** What selecting charges to the card saved with the deposit (RULES.md 2.2): final budget − deposit paid, never below 0. */
export function balanceDue(finalBudgetCents: Cents, depositPaid: Cents): Cents {
  return Math.max(0, finalBudgetCents - depositPaid);
}

import { describe, expect, it } from 'vitest';
import { balanceDue, finalBudget } from './pricing';

// The amount 'Select Mediator' charges (RULES.md 2.2 + 4), computed by the same functions in the browser's
// confirmation and the server's selection.
const hourly = { budget: '1400.00', pricingModel: 'hourly' as const, hoursNeeded: 4, flatFee: null };
const flat = { budget: '1200.00', pricingModel: 'flat' as const, hoursNeeded: null, flatFee: '1200.00' };

describe('finalBudget and balanceDue', () => {
  it.each([
    ['hourly, the lawyer budget', hourly, null, 140_000],
    ['hourly counteroffer: rate × hours', hourly, '400.00', 160_000],
    ['hourly counteroffer with cents', hourly, '333.33', 133_332],
    ['flat fee: the lawyer budget', flat, null, 120_000],
    ['flat counteroffer: rate × the fee hours (4)', flat, '275.50', 110_200],
    ['a budget edited away from the pricing fields stays the budget', { ...hourly, budget: '1075.00' }, null, 107_500],
  ])('%s', (_, request, rate, cents) => {
    expect(finalBudget(request, rate)).toBe(cents);
  });

  it('charges the final budget less the deposit, never below zero', () => {
    expect(balanceDue(140_000, 25_000)).toBe(115_000);
    expect(balanceDue(160_000, 25_000)).toBe(135_000);
    expect(balanceDue(25_000, 25_000)).toBe(0);
    expect(balanceDue(20_000, 25_000)).toBe(0);
  });
});

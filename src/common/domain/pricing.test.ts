import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PricingModel } from '../enums';
import { formatCents } from '../money';
import { FLAT_FEE_HOURS, counterofferBudget, pricedHours, suggestedBudget } from './pricing';

// Spec 9: hourly 2/4/8 h; flat $700/$1,200/$2,000 are the 2/4/8-hour equivalents. RULES.md 4: counteroffer budget.
const RUNS = { numRuns: 500 };

describe('FLAT_FEE_HOURS', () => {
  it('maps exactly the three flat fees of spec 9 to 2, 4 and 8 hours', () => {
    expect(FLAT_FEE_HOURS).toEqual({ '700': 2, '1200': 4, '2000': 8 });
  });
});

describe('pricedHours', () => {
  it.each<[PricingModel, number | null, string | null, number | null]>([
    ['hourly', 2, null, 2],
    ['hourly', 4, null, 4],
    ['hourly', 8, null, 8],
    ['hourly', null, null, null],
    ['hourly', 4, '2000.00', 4], // a stray flat fee does not count for hourly pricing
    ['flat', null, '700.00', 2],
    ['flat', null, '1200.00', 4],
    ['flat', null, '2000.00', 8],
    ['flat', null, '700', 2],
    ['flat', null, '1,200.00', 4],
    ['flat', 8, '700.00', 2], // a stray hoursNeeded does not count for flat pricing
    ['flat', null, '1400.00', null],
    ['flat', null, '700.50', null],
    ['flat', null, '70.00', null],
    ['flat', null, 'abc', null],
    ['flat', null, null, null],
  ])('%s, hoursNeeded %j, flatFee %j → %j', (pricingModel, hoursNeeded, flatFee, expected) => {
    expect(pricedHours({ pricingModel, hoursNeeded, flatFee })).toBe(expected);
  });
});

describe('counterofferBudget', () => {
  it.each([
    [35_000, 2, 70_000],
    [35_000, 4, 140_000],
    [35_000, 8, 280_000],
    [40_050, 4, 160_200],
    [1, 8, 8],
    [12_345, 2, 24_690],
  ])('rate %i × %i h → %i', (rate, hours, expected) => {
    expect(counterofferBudget(rate, hours)).toBe(expected);
  });

  it('a counteroffer on a flat-fee request uses the flat fee hour equivalent', () => {
    expect(counterofferBudget(40_000, pricedHours({ pricingModel: 'flat', hoursNeeded: null, flatFee: '1200.00' })!)).toBe(160_000);
  });
});

describe('suggestedBudget (form pre-fill)', () => {
  type Input = Parameters<typeof suggestedBudget>[0];
  it.each<[Input, number | null]>([
    // spec 9 hourly options at the recommended $350
    [{ pricingModel: 'hourly', hourlyRate: '350', hoursNeeded: 2 }, 70_000],
    [{ pricingModel: 'hourly', hourlyRate: '350', hoursNeeded: 4 }, 140_000],
    [{ pricingModel: 'hourly', hourlyRate: 350, hoursNeeded: '8' }, 280_000],
    [{ pricingModel: 'hourly', hourlyRate: '$1,000.50', hoursNeeded: 2 }, 200_100],
    [{ pricingModel: 'hourly', hourlyRate: '', hoursNeeded: 2 }, null],
    [{ pricingModel: 'hourly', hourlyRate: null, hoursNeeded: 2 }, null],
    [{ pricingModel: 'hourly', hoursNeeded: 2 }, null],
    [{ pricingModel: 'hourly', hourlyRate: '350', hoursNeeded: null }, null],
    [{ pricingModel: 'hourly', hourlyRate: '350', hoursNeeded: '' }, null],
    [{ pricingModel: 'hourly', hourlyRate: '350', hoursNeeded: 0 }, null],
    [{ pricingModel: 'hourly', hourlyRate: '350', hoursNeeded: -2 }, null],
    [{ pricingModel: 'hourly', hourlyRate: '350', hoursNeeded: 2.5 }, null],
    [{ pricingModel: 'hourly', hourlyRate: '350.555', hoursNeeded: 2 }, null],
    [{ pricingModel: 'hourly', hourlyRate: 'abc', hoursNeeded: 2 }, null],
    [{ pricingModel: 'flat', flatFee: '700' }, 70_000],
    [{ pricingModel: 'flat', flatFee: '1200' }, 120_000],
    [{ pricingModel: 'flat', flatFee: '2000.00' }, 200_000],
    [{ pricingModel: 'flat', flatFee: '' }, null],
    [{ pricingModel: 'flat', flatFee: null }, null],
    [{ pricingModel: 'flat', hourlyRate: '350', hoursNeeded: 8 }, null], // flat ignores the hourly fields
  ])('%j → %j', (input, expected) => {
    expect(suggestedBudget(input)).toBe(expected);
  });
});

describe('pricing properties', () => {
  const rate = fc.integer({ min: 1, max: 1_000_000 });
  const hours = fc.constantFrom(2, 4, 8);

  it('the hourly suggestion is rate × hours, whatever form the rate is typed in', () => {
    fc.assert(
      fc.property(rate, hours, fc.boolean(), (r, h, asNumber) => {
        const hourlyRate = asNumber ? Number(formatCents(r)) : formatCents(r);
        expect(suggestedBudget({ pricingModel: 'hourly', hourlyRate, hoursNeeded: h })).toBe(r * h);
        expect(counterofferBudget(r, h)).toBe(r * h);
      }),
      RUNS,
    );
  });

  it('a flat fee and its hour equivalent give the same counteroffer budget as hourly pricing', () => {
    fc.assert(
      fc.property(rate, fc.constantFrom(...(Object.keys(FLAT_FEE_HOURS) as (keyof typeof FLAT_FEE_HOURS)[])), (r, fee) => {
        const h = pricedHours({ pricingModel: 'flat', hoursNeeded: null, flatFee: `${fee}.00` });
        expect(h).toBe(FLAT_FEE_HOURS[fee]);
        expect(counterofferBudget(r, h!)).toBe(counterofferBudget(r, pricedHours({ pricingModel: 'hourly', hoursNeeded: h, flatFee: null })!));
      }),
      RUNS,
    );
  });
});

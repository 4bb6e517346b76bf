import { beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import type { Account } from '../../../../tests/helpers/accounts';
import { MIN, useRequestRulesApp } from '../../../../tests/helpers/request-fixtures';
import { call, validRequest } from '../../../../tests/helpers/requests';
import type { TestApp } from '../../../../tests/helpers/test-app';

// Business rules of requests over HTTP (RULES.md 1, 2, 4, 5, 7 and spec 5), the request form: required fields, pricing,
// budget and dates. The set-up is shared with the other requests-rules.*.api.test.ts (tests/helpers/request-fixtures.ts).

describe.each(backends)('request rules on %s', (backend) => {
  const rules = useRequestRulesApp(backend);
  const { create } = rules;
  let t: TestApp;
  let lawyer: Account;
  beforeAll(() => {
    ({ t, lawyer } = rules);
  });

  it('create: every required field answers 400 with the spec text', async () => {
    const texts: Record<string, string> = {
      ...{
        caseNumber: 'Case number is required',
        caseName: 'Case name is required',
        caseType: 'Case type is required',
        jurisdiction: 'Jurisdiction is required',
      },
      ...{ budget: 'Budget is required', description: 'Please provide a detailed description', mediationType: 'Please select mediation type' },
    };
    for (const [field, text] of Object.entries(texts)) {
      for (const value of [undefined, '', '   ']) {
        const body: Record<string, unknown> = validRequest({ [field]: value });
        if (value === undefined) delete body[field];
        const res = await call(t, 'POST', '/api/requests', lawyer.cookie, body);
        expect({ field, value, status: res.statusCode, message: res.json().message, error: res.json().fieldErrors?.[field] }).toEqual({
          field,
          value,
          status: 400,
          message: text,
          error: text,
        });
      }
    }
    const amount = 'Enter an amount greater than 0 with at most two decimals (up to 99,999,999.99)';
    const more: [Record<string, unknown>, string, string][] = [
      [{ description: 'Too short' }, 'description', texts.description],
      [{ budget: 'lots' }, 'budget', amount],
    ];
    more.push(
      [{ mediationType: 'telephone' }, 'mediationType', texts.mediationType],
      [{ opposingLawyerEmail: 'nope' }, 'opposingLawyerEmail', 'Invalid email address'],
      [{ budget: '1400.001' }, 'budget', amount],
    );
    for (const [overrides, field, text] of more) {
      const res = await create(overrides);
      expect([res.statusCode, res.json().fieldErrors?.[field]]).toEqual([400, text]);
    }
  });

  it('pricing: hourly needs a rate and 2, 4 or 8 hours and clears the flat fee; flat needs 700, 1200 or 2000 and clears both', async () => {
    const errorOf = async (overrides: Record<string, unknown>, field: string) => {
      const res = await create(overrides);
      return res.statusCode === 400 ? res.json().fieldErrors?.[field] : `status ${res.statusCode}`;
    };
    expect(await errorOf({ hourlyRate: undefined }, 'hourlyRate')).toBe('Hourly rate is required when using hourly pricing');
    expect(await errorOf({ hourlyRate: '' }, 'hourlyRate')).toBe('Hourly rate is required when using hourly pricing');
    expect(await errorOf({ hoursNeeded: null }, 'hoursNeeded')).toBe('Hours needed is required when using hourly pricing');
    for (const hours of [1, 3, 6, 16, 'four']) expect(await errorOf({ hoursNeeded: hours }, 'hoursNeeded')).toBe('Hours needed must be 2, 4 or 8');
    expect(await errorOf({ hourlyRate: -5 }, 'hourlyRate')).toMatch(/greater than 0/);
    expect(await errorOf({ pricingModel: 'flat' }, 'flatFee')).toBe('Flat fee is required when using flat fee pricing');
    for (const fee of [1000, '750', 1200.5])
      expect(await errorOf({ pricingModel: 'flat', flatFee: fee }, 'flatFee')).toBe('Flat fee must be $700, $1,200 or $2,000');
    expect(await errorOf({ pricingModel: 'monthly' }, 'pricingModel')).toBe('Pricing model must be hourly or flat');

    const flat = await create({ pricingModel: 'flat', flatFee: '2000', budget: 2000 });
    expect(flat.json()).toMatchObject({
      pricingModel: 'flat',
      flatFee: '2000.00',
      hourlyRate: null,
      hoursNeeded: null,
      budget: '2000.00',
      platformFee: '200.00',
    });
    const hourly = await create({ flatFee: 700, hourlyRate: '350.5', hoursNeeded: '8' });
    expect(hourly.json()).toMatchObject({ pricingModel: 'hourly', flatFee: null, hourlyRate: '350.50', hoursNeeded: 8 });
  });

  it('budget at least the deposit; preferred date a real day, not in the past', async () => {
    const low = await create({ budget: '249.99' });
    expect([low.statusCode, low.json().message, low.json().fieldErrors.budget]).toEqual([
      400,
      expect.stringContaining('$250'),
      'Budget must be at least $250 (the deposit)',
    ]);
    expect((await create({ budget: 250 })).json()).toMatchObject({ budget: '250.00', platformFee: '50.00', mediatorPayout: '200.00' });
    const today = t.clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(t.clock.now().getTime() - 24 * 60 * MIN).toISOString().slice(0, 10);
    expect((await create({ preferredDate: yesterday })).json()).toMatchObject({ fieldErrors: { preferredDate: 'Preferred date cannot be in the past' } });
    for (const bad of ['2026-02-30', '2026-13-01', 'tomorrow']) {
      expect((await create({ preferredDate: bad })).json()).toMatchObject({
        fieldErrors: { preferredDate: 'Preferred date must be a valid date (YYYY-MM-DD)' },
      });
    }
    expect((await create({ trialDate: '2026-02-30' })).json().fieldErrors.trialDate).toMatch(/valid date/);
    expect((await create({ preferredDate: today })).statusCode).toBe(201);
  });
});

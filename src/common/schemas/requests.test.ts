import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AcceptSchema, CONFLICT_CONFIRMATION_REQUIRED, CancelSchema, CreateRequestSchema, FREE_TIER_COUNTEROFFER, REQUEST_TEXTS } from './requests';

// Spec 5 texts, verbatim.
const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

const valid = {
  caseNumber: 'CV-2026-0142',
  caseName: 'Smith v. Jones',
  caseType: 'Family Law',
  jurisdiction: 'California',
  description: 'Custody and support dispute.',
  mediationType: 'online',
  pricingModel: 'hourly',
  hourlyRate: '350',
  hoursNeeded: 4,
  budget: '1400',
};
const flat = { ...valid, pricingModel: 'flat', hourlyRate: undefined, hoursNeeded: undefined, flatFee: '1200' };

it('the spec texts are exact', () => {
  expect(REQUEST_TEXTS).toEqual({
    caseNumber: 'Case number is required',
    caseName: 'Case name is required',
    caseType: 'Case type is required',
    jurisdiction: 'Jurisdiction is required',
    budget: 'Budget is required',
    description: 'Please provide a detailed description',
    mediationType: 'Please select mediation type',
    hourlyRate: 'Hourly rate is required when using hourly pricing',
    hoursNeeded: 'Hours needed is required when using hourly pricing',
    flatFee: 'Flat fee is required when using flat fee pricing',
    email: 'Invalid email address',
  });
  expect(FREE_TIER_COUNTEROFFER).toBe('Free tier members cannot propose custom rates. Upgrade to Pro or Unlimited to unlock counteroffer capabilities.');
});

describe('CreateRequestSchema field errors', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ['caseNumber missing', { caseNumber: undefined }, 'caseNumber', 'Case number is required'],
    ['caseNumber blank', { caseNumber: '   ' }, 'caseNumber', 'Case number is required'],
    ['caseName missing', { caseName: undefined }, 'caseName', 'Case name is required'],
    ['caseName empty', { caseName: '' }, 'caseName', 'Case name is required'],
    ['caseType blank', { caseType: ' ' }, 'caseType', 'Case type is required'],
    ['jurisdiction missing', { jurisdiction: undefined }, 'jurisdiction', 'Jurisdiction is required'],
    ['budget missing', { budget: undefined }, 'budget', 'Budget is required'],
    ['budget empty', { budget: '' }, 'budget', 'Budget is required'],
    ['budget blank', { budget: '  ' }, 'budget', 'Budget is required'],
    ['budget zero', { budget: '0' }, 'budget', 'Enter an amount greater than 0 with at most two decimals (up to 99,999,999.99)'],
    ['budget negative', { budget: -5 }, 'budget', 'Enter an amount greater than 0 with at most two decimals (up to 99,999,999.99)'],
    ['budget three decimals', { budget: '1400.001' }, 'budget', 'Enter an amount greater than 0 with at most two decimals (up to 99,999,999.99)'],
    ['budget one cent over the max', { budget: '100000000.00' }, 'budget', 'Enter an amount greater than 0 with at most two decimals (up to 99,999,999.99)'],
    ['description missing', { description: undefined }, 'description', 'Please provide a detailed description'],
    ['description 9 characters', { description: '123456789' }, 'description', 'Please provide a detailed description'],
    ['description short once trimmed', { description: '   short    ' }, 'description', 'Please provide a detailed description'],
    ['mediationType missing', { mediationType: undefined }, 'mediationType', 'Please select mediation type'],
    ['mediationType unknown', { mediationType: 'phone' }, 'mediationType', 'Please select mediation type'],
    ['opposing email invalid', { opposingLawyerEmail: 'not-an-email' }, 'opposingLawyerEmail', 'Invalid email address'],
    ['hourlyRate missing', { hourlyRate: undefined }, 'hourlyRate', 'Hourly rate is required when using hourly pricing'],
    ['hourlyRate empty', { hourlyRate: '' }, 'hourlyRate', 'Hourly rate is required when using hourly pricing'],
    ['hourlyRate null', { hourlyRate: null }, 'hourlyRate', 'Hourly rate is required when using hourly pricing'],
    ['hourlyRate zero', { hourlyRate: 0 }, 'hourlyRate', 'Enter an hourly rate greater than 0 with at most two decimals'],
    ['hoursNeeded missing', { hoursNeeded: undefined }, 'hoursNeeded', 'Hours needed is required when using hourly pricing'],
    ['hoursNeeded empty', { hoursNeeded: '' }, 'hoursNeeded', 'Hours needed is required when using hourly pricing'],
    ['hoursNeeded 3', { hoursNeeded: 3 }, 'hoursNeeded', 'Hours needed must be 2, 4 or 8'],
    ['hoursNeeded 16', { hoursNeeded: '16' }, 'hoursNeeded', 'Hours needed must be 2, 4 or 8'],
    ['flatFee missing', { ...flat, flatFee: undefined }, 'flatFee', 'Flat fee is required when using flat fee pricing'],
    ['flatFee empty', { ...flat, flatFee: '' }, 'flatFee', 'Flat fee is required when using flat fee pricing'],
    ['flatFee 1400', { ...flat, flatFee: '1400' }, 'flatFee', 'Flat fee must be $700, $1,200 or $2,000'],
    ['flatFee 700.50', { ...flat, flatFee: '700.50' }, 'flatFee', 'Flat fee must be $700, $1,200 or $2,000'],
    ['six case files', { caseFilesUrls: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'caseFilesUrls', 'You can only upload up to 5 file(s).'],
    ['preferredDate not a date', { preferredDate: '03/12/2026' }, 'preferredDate', 'Preferred date must be a valid date (YYYY-MM-DD)'],
  ])('%s', (_name, overrides, path, message) => {
    expect(issuesOf(CreateRequestSchema, { ...valid, ...overrides })).toContainEqual({ path, message });
  });
});

describe('CreateRequestSchema accepted values', () => {
  it('parses the valid hourly request, filling optional fields with null', () => {
    const out = CreateRequestSchema.parse(valid);
    expect(out).toMatchObject({ budget: '1400.00', hourlyRate: '350.00', hoursNeeded: 4, flatFee: null, pricingModel: 'hourly' });
    expect(out).toMatchObject({
      courtInfo: null,
      trialDate: null,
      preferredDate: null,
      opposingLawyerEmail: null,
      estimatedDuration: null,
      mediationBriefUrl: null,
      caseFilesUrls: [],
    });
  });

  it.each<[Record<string, unknown>, Record<string, unknown>]>([
    [{ description: '1234567890' }, { description: '1234567890' }], // exactly 10 characters
    [{ caseNumber: '  CV-1  ' }, { caseNumber: 'CV-1' }],
    [{ budget: '1,250.00' }, { budget: '1250.00' }],
    [{ budget: '$1,250' }, { budget: '1250.00' }],
    [{ budget: 1250.5 }, { budget: '1250.50' }],
    [{ budget: '99999999.99' }, { budget: '99999999.99' }],
    [{ hoursNeeded: 2 }, { hoursNeeded: 2 }],
    [{ hoursNeeded: '8' }, { hoursNeeded: 8 }],
    [{ hourlyRate: 400.5 }, { hourlyRate: '400.50' }],
    [{ mediationType: 'in-person' }, { mediationType: 'in-person' }],
    [{ opposingLawyerEmail: '' }, { opposingLawyerEmail: null }],
    [{ opposingLawyerEmail: ' Opp@Example.com ' }, { opposingLawyerEmail: 'Opp@Example.com' }],
    [{ preferredDate: '2026-03-12' }, { preferredDate: '2026-03-12' }],
    [{ preferredDate: '' }, { preferredDate: null }],
    [{ estimatedDuration: '' }, { estimatedDuration: null }],
    [{ estimatedDuration: '3' }, { estimatedDuration: 3 }],
    [{ pricingModel: undefined }, { pricingModel: 'hourly' }], // hourly by default
    [{ ...flat, flatFee: '700' }, { flatFee: '700.00' }],
    [{ ...flat, flatFee: 1200 }, { flatFee: '1200.00' }],
    [{ ...flat, flatFee: '$2,000.00' }, { flatFee: '2000.00' }],
  ])('%j → %j', (overrides, expected) => {
    expect(CreateRequestSchema.parse({ ...valid, ...overrides })).toMatchObject(expected);
  });

  it('choosing hourly clears the flat fee', () => {
    expect(CreateRequestSchema.parse({ ...valid, flatFee: '700' })).toMatchObject({ hourlyRate: '350.00', hoursNeeded: 4, flatFee: null });
  });

  it('choosing flat clears the hourly rate and hours', () => {
    expect(CreateRequestSchema.parse({ ...flat, hourlyRate: '350', hoursNeeded: 8 })).toMatchObject({
      hourlyRate: null,
      hoursNeeded: null,
      flatFee: '1200.00',
    });
  });

  it('invalid fields of the other pricing model do not matter', () => {
    expect(CreateRequestSchema.safeParse({ ...valid, flatFee: '999' }).success).toBe(true);
    expect(CreateRequestSchema.safeParse({ ...flat, hourlyRate: '-1', hoursNeeded: 3 }).success).toBe(true);
  });

  it('hoursNeeded is only 2, 4 or 8; flatFee only 700, 1200 or 2000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), (n) => {
        expect(CreateRequestSchema.safeParse({ ...valid, hoursNeeded: n }).success).toBe([2, 4, 8].includes(n));
        expect(CreateRequestSchema.safeParse({ ...flat, flatFee: String(n) }).success).toBe([700, 1200, 2000].includes(n));
      }),
      { numRuns: 500 },
    );
  });
});

describe('AcceptSchema', () => {
  it.each<[Record<string, unknown>, Record<string, unknown>]>([
    [{ noConflictConfirmed: true }, { proposedRate: null, note: null, noConflictConfirmed: true }],
    [{ noConflictConfirmed: true, proposedRate: '' }, { proposedRate: null }], // blank means the original rate
    [{ noConflictConfirmed: true, proposedRate: null }, { proposedRate: null }],
    [{ noConflictConfirmed: true, proposedRate: '400' }, { proposedRate: '400.00' }],
    [{ noConflictConfirmed: true, proposedRate: 412.5 }, { proposedRate: '412.50' }],
    [{ noConflictConfirmed: true, proposedRate: '$1,000' }, { proposedRate: '1000.00' }],
    [{ noConflictConfirmed: true, note: '  I can do Tuesday.  ' }, { note: 'I can do Tuesday.' }],
    [{ noConflictConfirmed: true, note: '   ' }, { note: null }],
  ])('%j → %j', (input, expected) => {
    expect(AcceptSchema.parse(input)).toMatchObject(expected);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{}, 'noConflictConfirmed', CONFLICT_CONFIRMATION_REQUIRED],
    [{ noConflictConfirmed: false }, 'noConflictConfirmed', CONFLICT_CONFIRMATION_REQUIRED],
    [{ noConflictConfirmed: 'true' }, 'noConflictConfirmed', CONFLICT_CONFIRMATION_REQUIRED],
    [{ noConflictConfirmed: 1 }, 'noConflictConfirmed', CONFLICT_CONFIRMATION_REQUIRED],
    [{ noConflictConfirmed: true, proposedRate: '0' }, 'proposedRate', 'Enter a proposed rate greater than 0 with at most two decimals'],
    [{ noConflictConfirmed: true, proposedRate: '-50' }, 'proposedRate', 'Enter a proposed rate greater than 0 with at most two decimals'],
    [{ noConflictConfirmed: true, proposedRate: '400.001' }, 'proposedRate', 'Enter a proposed rate greater than 0 with at most two decimals'],
    [{ noConflictConfirmed: true, proposedRate: 'lots' }, 'proposedRate', 'Enter a proposed rate greater than 0 with at most two decimals'],
  ])('%j → %s: %s', (input, path, message) => {
    expect(issuesOf(AcceptSchema, input)).toContainEqual({ path, message });
  });
});

describe('CancelSchema', () => {
  it.each<[unknown, { reason: string | null }]>([
    [undefined, { reason: null }],
    [{}, { reason: null }],
    [{ reason: '   ' }, { reason: null }],
    [{ reason: ' Settled out of court ' }, { reason: 'Settled out of court' }],
  ])('%j → %j', (input, expected) => {
    expect(CancelSchema.parse(input)).toEqual(expected);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LawyerProfileSchema, MediatorProfileSchema, ProfileUpdateSchema, moneyField } from './profile';

// Spec 5 texts, verbatim.
const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};
const AMOUNT = 'Enter an amount greater than 0 with at most two decimals (up to 99,999,999.99)';

describe('LawyerProfileSchema', () => {
  it.each<[Record<string, unknown>, string, string]>([
    [{}, 'jurisdiction', 'Jurisdiction is required'],
    [{ jurisdiction: '' }, 'jurisdiction', 'Jurisdiction is required'],
    [{ jurisdiction: '   ' }, 'jurisdiction', 'Jurisdiction is required'],
    [{ jurisdiction: 'California', phoneNumber: 'call me' }, 'phoneNumber', 'Enter a valid phone number'],
  ])('%j → %s: %s', (input, path, message) => {
    expect(issuesOf(LawyerProfileSchema, input)).toContainEqual({ path, message });
  });

  it('only the jurisdiction is required; blank optional fields become null', () => {
    expect(LawyerProfileSchema.parse({ jurisdiction: ' California ', firmName: '  ', bio: '' })).toEqual({
      jurisdiction: 'California',
      firmName: null,
      barNumber: null,
      practiceArea: null,
      phoneNumber: null,
      bio: null,
    });
  });
});

const mediator = { hourlyRate: '350', jurisdiction: 'California' };

describe('MediatorProfileSchema', () => {
  it.each<[Record<string, unknown>, string, string]>([
    [{ hourlyRate: undefined }, 'hourlyRate', 'Hourly rate is required'],
    [{ hourlyRate: '' }, 'hourlyRate', 'Hourly rate is required'],
    [{ hourlyRate: ' ' }, 'hourlyRate', 'Hourly rate is required'],
    [{ hourlyRate: null }, 'hourlyRate', 'Hourly rate is required'],
    [{ hourlyRate: 0 }, 'hourlyRate', AMOUNT],
    [{ hourlyRate: '-350' }, 'hourlyRate', AMOUNT],
    [{ hourlyRate: '350.125' }, 'hourlyRate', AMOUNT],
    [{ jurisdiction: undefined }, 'jurisdiction', 'Jurisdiction is required'],
    [{ jurisdiction: '' }, 'jurisdiction', 'Jurisdiction is required'],
    [{ yearsExperience: -1 }, 'yearsExperience', 'Years of experience must be a whole number of at least 0'],
    [{ yearsExperience: 2.5 }, 'yearsExperience', 'Years of experience must be a whole number of at least 0'],
    [{ yearsExperience: 'ten' }, 'yearsExperience', 'Years of experience must be a whole number of at least 0'],
    [{ websiteUrl: 'example.com' }, 'websiteUrl', 'Enter a full web address (https://…)'],
    [{ certifications: 'CDR' }, 'certifications', 'Must be a list'],
  ])('%j → %s: %s', (overrides, path, message) => {
    expect(issuesOf(MediatorProfileSchema, { ...mediator, ...overrides })).toContainEqual({ path, message });
  });

  it.each<[Record<string, unknown>, Record<string, unknown>]>([
    [{}, { hourlyRate: '350.00', certifications: [], specializations: [], languagesSpoken: [], mediationTraining: [], yearsExperience: null }],
    [{ hourlyRate: 350.5 }, { hourlyRate: '350.50' }],
    [{ hourlyRate: '$1,250' }, { hourlyRate: '1250.00' }],
    [{ yearsExperience: 0 }, { yearsExperience: 0 }],
    [{ yearsExperience: '12' }, { yearsExperience: 12 }],
    [{ yearsExperience: '' }, { yearsExperience: null }],
    [{ websiteUrl: 'https://mediator.example' }, { websiteUrl: 'https://mediator.example' }],
    [{ certifications: [' CDR ', '', '   ', 'cdr', 'Certified Mediator'] }, { certifications: ['CDR', 'Certified Mediator'] }],
    [{ specializations: ['Family Law', ' family law ', 'Divorce', '\t'] }, { specializations: ['Family Law', 'Divorce'] }],
  ])('%j → %j', (overrides, expected) => {
    expect(MediatorProfileSchema.parse({ ...mediator, ...overrides })).toMatchObject(expected);
  });

  it('tag lists come out trimmed, without blanks or case-insensitive duplicates, in first-seen order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('', ' ', 'Divorce', ' divorce', 'DIVORCE ', 'Family Law', 'family law', '\tCDR\n', 'Mediation'), { maxLength: 12 }),
        (tags) => {
          const out = MediatorProfileSchema.parse({ ...mediator, specializations: tags }).specializations;
          const keys = out.map((t) => t.toLowerCase());
          expect(new Set(keys).size).toBe(out.length);
          for (const tag of out) expect(tag).toBe(tag.trim());
          expect(out.every((t) => t.length > 0)).toBe(true);
          const expectedKeys = [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
          expect(keys).toEqual(expectedKeys);
          // cleaning twice changes nothing
          expect(MediatorProfileSchema.parse({ ...mediator, specializations: out }).specializations).toEqual(out);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('ProfileUpdateSchema (PATCH: absent stays absent)', () => {
  it('a partial mediatorProfile of only { bio } has no certifications/specializations keys, so it cannot wipe them', () => {
    const out = ProfileUpdateSchema.parse({ mediatorProfile: { bio: 'New bio' } });
    expect(out.mediatorProfile).toEqual({ bio: 'New bio' });
    expect(out.mediatorProfile).not.toHaveProperty('certifications');
    expect(out.mediatorProfile).not.toHaveProperty('specializations');
    for (const key of ['languagesSpoken', 'mediationTraining', 'yearsExperience', 'phoneNumber', 'websiteUrl', 'hourlyRate', 'jurisdiction']) {
      expect(out.mediatorProfile).not.toHaveProperty(key);
    }
  });

  it('a partial lawyerProfile of only { bio } has only that key', () => {
    expect(ProfileUpdateSchema.parse({ lawyerProfile: { bio: 'Hi' } })).toEqual({ lawyerProfile: { bio: 'Hi' } });
  });

  it.each<[Record<string, unknown>, Record<string, unknown>]>([
    [{}, {}],
    [{ firstName: ' Ada ' }, { firstName: 'Ada' }],
    [{ profileImageUrl: null }, { profileImageUrl: null }],
    [{ mediatorProfile: { specializations: [' Divorce', 'divorce', ''] } }, { mediatorProfile: { specializations: ['Divorce'] } }],
    [{ mediatorProfile: { certifications: [] } }, { mediatorProfile: { certifications: [] } }], // an explicit empty list clears
    [{ mediatorProfile: { hourlyRate: '400' } }, { mediatorProfile: { hourlyRate: '400.00' } }],
  ])('%j → %j', (input, expected) => {
    expect(ProfileUpdateSchema.parse(input)).toEqual(expected);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: '  ' }, 'lastName', 'Last name is required'],
    [{ lawyerProfile: { jurisdiction: '' } }, 'lawyerProfile.jurisdiction', 'Jurisdiction is required'],
    [{ mediatorProfile: { jurisdiction: ' ' } }, 'mediatorProfile.jurisdiction', 'Jurisdiction is required'],
    [{ mediatorProfile: { hourlyRate: '' } }, 'mediatorProfile.hourlyRate', 'Hourly rate is required'],
  ])('%j → %s: %s', (input, path, message) => {
    expect(issuesOf(ProfileUpdateSchema, input)).toContainEqual({ path, message });
  });
});

describe('moneyField', () => {
  const field = moneyField('Amount is required');
  it.each<[unknown, string | null]>([
    ['350', '350.00'],
    [0.01, '0.01'],
    ['99,999,999.99', '99999999.99'],
    ['100000000', null],
    ['1,25', null], // never read as 125
    ['0.00', null],
  ])('%j → %j', (input, expected) => {
    const result = field.safeParse(input);
    expect(result.success ? result.data : null).toBe(expected);
  });
});

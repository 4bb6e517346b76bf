import { z } from 'zod';
import { parseCents, formatCents } from '../money';
import { firstNameField, lastNameField } from './auth';
import { optionalText, requiredText, tagEntries, tagList } from './fields';

export const JURISDICTION_REQUIRED = 'Jurisdiction is required';
export const HOURLY_RATE_REQUIRED = 'Hourly rate is required';

/** A money input (number or string, ≤ 2 decimals, > 0, ≤ 99,999,999.99) normalised to "350.00" (RULES.md 1). */
export const moneyField = (requiredMessage: string) =>
  z
    .union([z.string(), z.number()], requiredMessage)
    .refine((v) => String(v).trim() !== '', requiredMessage)
    .transform((v, ctx) => {
      const cents = parseCents(v);
      if (cents === null || cents <= 0) {
        ctx.addIssue({
          code: 'custom',
          message: 'Enter an amount greater than 0 with at most two decimals (up to 99,999,999.99)',
        });
        return z.NEVER;
      }
      return formatCents(cents);
    });

const yearsExperience = z
  .union([z.number(), z.string()], 'Years of experience must be a number')
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || String(v).trim() === '') return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 80) {
      ctx.addIssue({ code: 'custom', message: 'Years of experience must be a whole number of at least 0' });
      return z.NEVER;
    }
    return n;
  });

const phone = optionalText(40).refine((v) => v === null || /^[0-9+()\-.\s]{5,40}$/.test(v), 'Enter a valid phone number');

export const LawyerProfileSchema = z.object({
  firmName: optionalText(200),
  barNumber: optionalText(60),
  practiceArea: optionalText(200),
  jurisdiction: requiredText(JURISDICTION_REQUIRED, 120),
  phoneNumber: phone,
  bio: optionalText(2000),
});
export type LawyerProfileInput = z.input<typeof LawyerProfileSchema>;
export type LawyerProfile = z.output<typeof LawyerProfileSchema>;

export const MediatorProfileSchema = z.object({
  certifications: tagList(),
  specializations: tagList(),
  yearsExperience,
  hourlyRate: moneyField(HOURLY_RATE_REQUIRED),
  jurisdiction: requiredText(JURISDICTION_REQUIRED, 120),
  phoneNumber: phone,
  bio: optionalText(2000),
  websiteUrl: optionalText(300).refine((v) => v === null || /^https?:\/\/\S+$/i.test(v), 'Enter a full web address (https://…)'),
  languagesSpoken: tagList(),
  mediationTraining: tagList(),
});
export type MediatorProfileInput = z.input<typeof MediatorProfileSchema>;
export type MediatorProfile = z.output<typeof MediatorProfileSchema>;

/** PATCH /api/profile: any subset of the onboarding fields, the names, and the photo (RULES.md 7). */
export const ProfileUpdateSchema = z.object({
  firstName: firstNameField().optional(),
  lastName: lastNameField().optional(),
  /** An object path the caller uploaded with purpose "photo", or null to remove the photo. */
  profileImageUrl: z.string('Invalid photo').max(300).nullable().optional(),
  lawyerProfile: LawyerProfileSchema.partial().optional(),
  // No defaults here: a tag list the caller did not send must not become [] and wipe the stored one.
  mediatorProfile: MediatorProfileSchema.extend({
    certifications: tagEntries(),
    specializations: tagEntries(),
    languagesSpoken: tagEntries(),
    mediationTraining: tagEntries(),
  })
    .partial()
    .optional(),
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

import { z } from 'zod';
import { DESCRIPTION_MIN_LENGTH, FILE_LIMITS, FLAT_FEE_OPTIONS, HOURS_OPTIONS } from '../constants';
import { MEDIATION_TYPES, PRICING_MODELS } from '../enums';
import { formatCents, parseCents } from '../money';
import { NewCasePartySchema } from './cases';
import { optionalText, requiredText } from './fields';
import { moneyField } from './profile';

// Texts verbatim from spec section 5.
export const REQUEST_TEXTS = {
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
} as const;

/** What inviting opposing counsel from the form needs. */
export const INVITE_NEEDS = {
  name: "Opposing counsel's name is needed to invite them",
  email: "Opposing counsel's email is needed to invite them",
} as const;

/** "YYYY-MM-DD" naming a real calendar day (no 2026-02-30). */
function isRealDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const isoDate = (label: string) =>
  z
    .string(`${label} must be a date`)
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isRealDate(v), `${label} must be a valid date (YYYY-MM-DD)`);

const blankToNull = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v);

const objectPath = z.string('Invalid file').trim().min(1, 'Invalid file').max(300, 'Invalid file');

/** POST /api/requests (and the form): every rule of spec 5, with the pricing-model rules. */
export const CreateRequestSchema = z
  .object({
    caseNumber: requiredText(REQUEST_TEXTS.caseNumber, 100),
    caseName: requiredText(REQUEST_TEXTS.caseName, 200),
    caseType: requiredText(REQUEST_TEXTS.caseType, 120),
    jurisdiction: requiredText(REQUEST_TEXTS.jurisdiction, 120),
    courtInfo: optionalText(300),
    trialDate: isoDate('Trial date'),
    description: z
      .string(REQUEST_TEXTS.description)
      .trim()
      .min(DESCRIPTION_MIN_LENGTH, REQUEST_TEXTS.description)
      .max(10_000, 'Description must be at most 10,000 characters'),
    opposingLawyerName: optionalText(200),
    opposingLawyerBarNumber: optionalText(60),
    opposingLawyerFirmName: optionalText(200),
    opposingLawyerEmail: optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, REQUEST_TEXTS.email),
    opposingLawyerPhone: optionalText(40),
    mediationType: z.enum(MEDIATION_TYPES, REQUEST_TEXTS.mediationType),
    preferredDate: isoDate('Preferred date'),
    estimatedDuration: z
      .preprocess((v) => {
        const b = blankToNull(v);
        return typeof b === 'string' ? Number(b) : b;
      }, z.number('Estimated duration must be a number').int('Estimated duration must be whole hours').min(1, 'Estimated duration must be at least 1 hour').max(200, 'Estimated duration is too long').nullable())
      .optional(),
    pricingModel: z.enum(PRICING_MODELS, 'Pricing model must be hourly or flat').default('hourly'),
    hourlyRate: z.preprocess(blankToNull, z.union([z.string(), z.number()]).nullable()).optional(),
    hoursNeeded: z.preprocess(blankToNull, z.union([z.string(), z.number()]).nullable()).optional(),
    flatFee: z.preprocess(blankToNull, z.union([z.string(), z.number()]).nullable()).optional(),
    budget: moneyField(REQUEST_TEXTS.budget),
    mediationBriefUrl: z.preprocess(blankToNull, objectPath.nullable()).optional(),
    caseFilesUrls: z
      .array(objectPath, 'Case files must be a list')
      .max(FILE_LIMITS.caseFilesMaxFiles, `You can only upload up to ${FILE_LIMITS.caseFilesMaxFiles} file(s).`)
      .default([]),
    /** The parties and firms of the case, per side (issue 23, decision 047); absent means none listed. */
    parties: z.array(NewCasePartySchema, 'Parties must be a list').max(40, 'At most 20 parties and firms per side').optional(),
    /** Invite opposing counsel (name and e-mail above) to join the case once created (issue 23, decision 043). */
    inviteOpposingCounsel: z.boolean('Must be true or false').optional(),
  })
  .transform((input, ctx) => {
    if (input.inviteOpposingCounsel) {
      if (!input.opposingLawyerName) ctx.addIssue({ code: 'custom', path: ['opposingLawyerName'], message: INVITE_NEEDS.name });
      if (!input.opposingLawyerEmail) ctx.addIssue({ code: 'custom', path: ['opposingLawyerEmail'], message: INVITE_NEEDS.email });
    }
    for (const side of ['first', 'second'] as const) {
      if ((input.parties ?? []).filter((p) => p.side === side).length > 20)
        ctx.addIssue({ code: 'custom', path: ['parties'], message: 'At most 20 parties and firms per side' });
    }
    // Choosing hourly clears the flat fee; choosing flat clears rate and hours (spec 4).
    let hourlyRate: string | null = null;
    let hoursNeeded: number | null = null;
    let flatFee: string | null = null;
    if (input.pricingModel === 'hourly') {
      const rate = input.hourlyRate === null || input.hourlyRate === undefined ? null : parseCents(input.hourlyRate);
      if (input.hourlyRate === null || input.hourlyRate === undefined)
        ctx.addIssue({ code: 'custom', path: ['hourlyRate'], message: REQUEST_TEXTS.hourlyRate });
      else if (rate === null || rate <= 0)
        ctx.addIssue({ code: 'custom', path: ['hourlyRate'], message: 'Enter an hourly rate greater than 0 with at most two decimals' });
      else hourlyRate = formatCents(rate);
      const hours = input.hoursNeeded === null || input.hoursNeeded === undefined ? null : Number(input.hoursNeeded);
      if (hours === null) ctx.addIssue({ code: 'custom', path: ['hoursNeeded'], message: REQUEST_TEXTS.hoursNeeded });
      else if (!(HOURS_OPTIONS as readonly number[]).includes(hours))
        ctx.addIssue({ code: 'custom', path: ['hoursNeeded'], message: 'Hours needed must be 2, 4 or 8' });
      else hoursNeeded = hours;
    } else {
      const fee = input.flatFee === null || input.flatFee === undefined ? null : parseCents(input.flatFee);
      if (input.flatFee === null || input.flatFee === undefined) ctx.addIssue({ code: 'custom', path: ['flatFee'], message: REQUEST_TEXTS.flatFee });
      else if (fee === null || fee % 100 !== 0 || !(FLAT_FEE_OPTIONS as readonly string[]).includes(String(fee / 100))) {
        ctx.addIssue({ code: 'custom', path: ['flatFee'], message: 'Flat fee must be $700, $1,200 or $2,000' });
      } else flatFee = formatCents(fee);
    }
    return {
      ...input,
      estimatedDuration: input.estimatedDuration ?? null,
      hourlyRate,
      hoursNeeded,
      flatFee,
      mediationBriefUrl: input.mediationBriefUrl ?? null,
    };
  });
export type CreateRequestInput = z.input<typeof CreateRequestSchema>;
export type CreateRequest = z.output<typeof CreateRequestSchema>;

export const FREE_TIER_COUNTEROFFER = 'Free tier members cannot propose custom rates. Upgrade to Pro or Unlimited to unlock counteroffer capabilities.';
export const CONFLICT_CONFIRMATION_REQUIRED = 'Please confirm that you have no conflict of interest with the parties';

/** POST /api/requests/{id}/accept (RULES.md 5 + 7). A blank rate means the original rate. */
export const AcceptSchema = z.object({
  proposedRate: z
    .preprocess(blankToNull, z.union([z.string(), z.number()], 'Proposed rate must be an amount').nullable())
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined) return null;
      const cents = parseCents(v);
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: 'custom', message: 'Enter a proposed rate greater than 0 with at most two decimals' });
        return z.NEVER;
      }
      return formatCents(cents);
    }),
  note: optionalText(2000),
  noConflictConfirmed: z.literal(true, CONFLICT_CONFIRMATION_REQUIRED),
  /** What the mediator discloses about a possible conflict: required when the check finds one (decision 047). */
  disclosure: optionalText(4000),
});
export type AcceptInput = z.input<typeof AcceptSchema>;

export const CancelSchema = z
  .object({ reason: optionalText(1000) })
  .nullish()
  .transform((v) => v ?? { reason: null });

export const RequestListQuerySchema = z.object({
  view: z.enum(['available', 'accepted', 'completed', 'all'], 'view must be available, accepted or completed').optional(),
  limit: z.coerce.number('limit must be a number').int().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(50),
  cursor: z.string().max(200).optional(),
});

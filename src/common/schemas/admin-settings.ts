// PATCH /api/admin/settings (spec 7 + RULES.md 1): any subset of the platform settings. Numbers arrive as numbers or
// strings (the admin form's numeric inputs, step 0.01).
import { z } from 'zod';
import { parseCents, formatCents } from '../money';

const amount = (label: string, options: { allowZero: boolean }) =>
  z.union([z.string(), z.number()], `${label} must be a number`).transform((v, ctx) => {
    const cents = parseCents(v);
    if (cents === null || cents < 0 || (!options.allowZero && cents === 0)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be ${options.allowZero ? '0 or more' : 'greater than 0'} with at most two decimals` });
      return z.NEVER;
    }
    return formatCents(cents);
  });

const wholeNumber = (label: string, max: number) =>
  z.coerce
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`)
    .max(max, `${label} must be at most ${max}`);

export const AdminSettingsInputSchema = z
  .strictObject(
    {
      commissionPercentage: amount('Commission', { allowZero: true }).refine((v) => parseCents(v)! <= 10_000, 'Commission must be at most 100%'),
      minimumPlatformFee: amount('Minimum fee', { allowZero: true }),
      defaultDeposit: amount('Deposit', { allowZero: false }),
      matchWindowMinutes: wholeNumber('Match window', 7 * 24 * 60),
      priorityHeadStartMinutes: wholeNumber('Priority head start', 7 * 24 * 60),
      payoutHoldHours: wholeNumber('Payout hold', 30 * 24),
      termsOfService: z.string('Terms must be text').max(100_000, 'Terms must be at most 100000 characters').nullable(),
      privacyPolicy: z.string('Privacy policy must be text').max(100_000, 'Privacy policy must be at most 100000 characters').nullable(),
    },
    'Unknown setting',
  )
  .partial();
export type AdminSettingsInput = z.output<typeof AdminSettingsInputSchema>;

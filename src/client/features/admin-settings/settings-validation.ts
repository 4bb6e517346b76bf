import { z } from 'zod';
import { AdminSettingsInputSchema } from '../../../common/schemas/admin-settings';

// The settings form's zod schema, in a module of its own so zod loads after the page (settings-form.tsx's
// lazyZodResolver; docs/decisions/058). settings-schema.ts holds what the page needs at once.

const server = AdminSettingsInputSchema.shape;

/** The server's rule applied to a form field's text, its messages kept. */
const checkedBy =
  <O>(rule: z.ZodType<O>) =>
  (value: string, ctx: z.RefinementCtx) => {
    const result = rule.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  };

/** A numeric input: blank is "required" (the server would read a blank number as 0), else the server's own rule. */
const required = <O>(label: string, rule: z.ZodType<O>) => z.string().trim().min(1, `${label} is required`).transform(checkedBy(rule));
const text = <O>(rule: z.ZodType<O>) => z.string().transform(checkedBy(rule));

/**
 * The settings form, checked in the browser by the server's schema (common/schemas/admin-settings.ts): amounts of at
 * most two decimals, whole minutes and hours within their limits, texts up to 100,000 characters.
 */
export const settingsFormSchema = z.object({
  commissionPercentage: required('Commission', server.commissionPercentage.unwrap()),
  minimumPlatformFee: required('Minimum fee', server.minimumPlatformFee.unwrap()),
  defaultDeposit: required('Deposit', server.defaultDeposit.unwrap()),
  matchWindowMinutes: required('Match window', server.matchWindowMinutes.unwrap()),
  priorityHeadStartMinutes: required('Priority head start', server.priorityHeadStartMinutes.unwrap()),
  payoutHoldHours: required('Payout hold', server.payoutHoldHours.unwrap()),
  shareDueDays: required('Share deadline', server.shareDueDays.unwrap()),
  termsOfService: text(server.termsOfService.unwrap().unwrap()),
  privacyPolicy: text(server.privacyPolicy.unwrap().unwrap()),
});

// GET /api/admin/analytics (spec 2 /admin's eight stat cards + spec 7; RULES.md 7: money as two-decimal strings).
// What each figure counts is defined in docs/decisions/021-admin-analytics.md; the names are spec 3's (decision 036),
// which also defines heldInEscrow.
import { z } from 'zod';

const Amount = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('Two-decimal amount, e.g. "150.00" (negative when refunds exceed charges)');
const Count = z.number().int().nonnegative();

/** Dates are calendar dates read in `timeZone`, both inclusive; empty values mean the defaults. */
export const AnalyticsQuerySchema = z.object({
  startDate: z.string().max(40).optional().describe('First day, YYYY-MM-DD (default: 30 days before endDate)'),
  endDate: z.string().max(40).optional().describe('Last day, YYYY-MM-DD, inclusive (default: today)'),
  timeZone: z.string().max(64).optional().describe('IANA zone the dates are read in, e.g. America/Los_Angeles (default UTC)'),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

export const AnalyticsFiguresSchema = z.object({
  totalMediatorSignups: Count.describe('Accounts created in the range that are mediators'),
  totalLawyerSignups: Count.describe('Accounts created in the range that are lawyers'),
  totalMediationsSubmitted: Count.describe('Requests that went live (deposit paid) in the range'),
  totalMediationsMatched: Count.describe('Requests whose mediator was selected in the range'),
  totalRevenue: Amount.describe('Charged to cards (deposits, balances, subscriptions) less refunds, in the range'),
  totalForPlatform: Amount.describe('Commission kept from payouts and cancellation fees, plus subscriptions less their refunds'),
  totalForMediators: Amount.describe('Transferred to mediators (payouts and cancellation fees)'),
  activeUsers: Count.describe('Distinct users (admins aside) who signed in or acted in the range'),
  heldInEscrow: Amount.describe(
    'Of the deposits and balances charged in the range, what the escrow still holds now (neither refunded, paid to the mediator nor kept as the fee; money out of a payment is counted against its earliest charges first)',
  ),
});
export type AnalyticsFigures = z.infer<typeof AnalyticsFiguresSchema>;

export const AnalyticsSchema = AnalyticsFiguresSchema.extend({
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  timeZone: z.string(),
  /** One entry per day of the range, oldest first; activeUsers per day are that day's distinct users. */
  series: z.array(AnalyticsFiguresSchema.extend({ date: z.iso.date() })),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

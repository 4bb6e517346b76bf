// The admin dashboard's lists (spec 2 /admin tabs Mediations, Payments, Ratings; spec 7 GET /api/admin/mediations,
// /payments, /mediator-ratings) and the reassignment (PATCH /api/admin/mediations/{requestId}/reassign, RULES.md 4 + 7).
// Paginated with limit + cursor; the next cursor comes in X-Next-Cursor.
import { z } from 'zod';
import { PAYMENT_STATUSES, REQUEST_STATUSES } from '../enums';
import { PaymentViewSchema } from './payment-history';
import { LedgerEntrySchema } from './responses';

const Id = z.guid();
const Timestamp = z.iso.datetime();
const Amount = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('Two-decimal amount, e.g. "150.00"');

export const ADMIN_LIST_TEXTS = {
  requestStatus: `status must be one of ${REQUEST_STATUSES.join(', ')}`,
  paymentStatus: `status must be one of ${PAYMENT_STATUSES.join(', ')}`,
  search: 'Search must be at most 200 characters',
  searchNul: 'Search must not contain NUL characters',
} as const;

export const REASSIGN_TEXTS = {
  mediatorId: 'Choose a mediator',
  notAMediator: 'Choose an existing mediator',
  suspended: 'This mediator is suspended',
  incomplete: 'This mediator has not completed their profile',
  same: 'This mediator is already assigned to this mediation',
  wrongState: 'Only a matched or in-progress mediation can be reassigned',
} as const;

const Person = z.object({ id: Id, name: z.string(), email: z.string() });

/** GET /api/admin/mediations: one request as the Mediations tab lists it (spec 3's admin-list names, and more). */
export const AdminMediationSchema = z.object({
  id: Id,
  caseName: z.string(),
  caseNumber: z.string(),
  caseType: z.string(),
  jurisdiction: z.string(),
  status: z.enum(REQUEST_STATUSES),
  budget: Amount,
  preferredDate: z.iso.date().nullable(),
  lawyer: Person,
  selectedMediatorId: Id.nullable().describe('The selected mediator (user id; spec 3 "the admin list reads … selectedMediatorId"), null before selection'),
  selectedMediator: Person.nullable(),
  opposingLawyer: Person.nullable().describe("The second side's counsel (issue 23), null while nobody joined"),
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable().describe('The escrow status; null before the request was submitted'),
  createdAt: Timestamp,
  submittedAt: Timestamp.nullable(),
  completedAt: Timestamp.nullable(),
  cancelledAt: Timestamp.nullable(),
  updatedAt: Timestamp,
});
export type AdminMediation = z.infer<typeof AdminMediationSchema>;

/** PATCH /api/admin/mediations/{requestId}/reassign: the mediator (a user id) who takes the mediation over. */
export const ReassignInputSchema = z.object({
  mediatorId: z.string(REASSIGN_TEXTS.mediatorId).trim().min(1, REASSIGN_TEXTS.mediatorId).max(64, REASSIGN_TEXTS.notAMediator),
});
export type ReassignInput = z.infer<typeof ReassignInputSchema>;

/** GET /api/admin/payments: every payment with its whole ledger (with the provider's references), and who the parties are. */
export const AdminPaymentSchema = PaymentViewSchema.extend({
  lawyer: Person,
  mediator: Person.nullable(),
  ledger: z.array(LedgerEntrySchema.extend({ providerRef: z.string().describe("The payment provider's id of the charge, refund or transfer") })),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

/**
 * GET /api/admin/mediator-ratings: one mediator's standing, spec 3's "mediator rating summary" under its names
 * (mediatorId, mediatorName, reviewCount, averageRating; decision 036), with the e-mail and completed mediations the
 * Ratings tab also shows.
 */
export const MediatorRatingSchema = z.object({
  mediatorId: Id.describe('The mediator (user id)'),
  mediatorName: z.string().describe('First and last name'),
  email: z.string(),
  reviewCount: z.number().int().nonnegative(),
  averageRating: Amount.describe('Average of their reviews, two decimals ("4.50"; "0.00" with none)'),
  totalMediationsCompleted: z.number().int().nonnegative(),
});
export type MediatorRating = z.infer<typeof MediatorRatingSchema>;

// Response shapes (DESIGN 4: every route declares its response schema). The server's serializer validates each answer
// against these and strips keys they do not list, so they mirror the presenters exactly; api-types.ts infers the
// client's types from them.
import { z } from 'zod';
import { CaseSidesSchema, ConflictMatchSchema, SelectionProposalSchema } from './cases';
import { DocumentAccessSchema } from './case-documents';
import {
  ACCEPTANCE_STATUSES,
  CASE_SIDES,
  DOCUMENT_VISIBILITIES,
  MEDIATION_OUTCOMES,
  LEDGER_KINDS,
  NOTIFICATION_TYPES,
  PAYMENT_STATUSES,
  REQUEST_STATUSES,
  SUBSCRIPTION_TIERS,
  USER_ROLES,
  USER_STATUSES,
} from '../enums';
import { ERROR_CODES } from '../error-codes';
import { CounterpartSchema, ReviewDtoSchema } from './after-match';
import { RequestDisputeSchema } from './disputes';
import { PaymentsPublicConfigSchema } from './payments-config';
import { RequestRefundSchema } from './cancellation';
import { TAB_COUNT_LIMIT } from '../tab-counts';

/** A mediator's tab count: counted up to TAB_COUNT_LIMIT, which then means "that many or more" (docs/decisions/022). */
const TabCount = z.number().int().min(0).max(TAB_COUNT_LIMIT);

/** Money and ratings on the wire: two-decimal strings, "150.00", "4.50" (RULES.md 7). */
export const AmountSchema = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('Two-decimal amount, e.g. "150.00"');
const Id = z.guid();
const Timestamp = z.iso.datetime();
/** A calendar date column ("2026-03-02"). */
const DateOnly = z.iso.date();

// ---- errors ----

/** `{ message, code, fieldErrors? }` (RULES.md 7); `code` is what the client acts on (common/error-codes.ts). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});

/** A 402 from selecting a mediator: the saved card declined; pay `amount` with another card through `clientSecret`. */
export const PaymentDeclinedBodySchema = ErrorBodySchema.extend({
  clientSecret: z.string(),
  amount: AmountSchema,
});

// ---- accounts ----

export const LawyerProfileDtoSchema = z.object({
  id: Id,
  userId: Id,
  firmName: z.string().nullable(),
  barNumber: z.string().nullable(),
  practiceArea: z.string().nullable(),
  jurisdiction: z.string(),
  phoneNumber: z.string().nullable(),
  bio: z.string().nullable(),
  rating: AmountSchema.nullable(),
  reviewCount: z.number().int(),
  createdAt: Timestamp,
});

export const MediatorProfileDtoSchema = z.object({
  id: Id,
  userId: Id,
  certifications: z.array(z.string()),
  specializations: z.array(z.string()),
  yearsExperience: z.number().int().nullable(),
  hourlyRate: AmountSchema.nullable(),
  bio: z.string().nullable(),
  jurisdiction: z.string(),
  phoneNumber: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  photoUrl: z.string().nullable(),
  mediationTraining: z.array(z.string()),
  languagesSpoken: z.array(z.string()),
  rating: AmountSchema.nullable(),
  reviewCount: z.number().int(),
  totalMediationsCompleted: z.number().int(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  subscriptionStartDate: Timestamp.nullable(),
  /** Mediations this calendar month (UTC) as the monthly cap counts them (RULES.md 5); derived, never stored. */
  monthlyMediationCount: z.number().int(),
  createdAt: Timestamp,
});

/** GET /api/user: the user (never the password hash or tokens) with both profiles nested, null when absent. */
export const UserDtoSchema = z.object({
  id: Id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(USER_ROLES).nullable(),
  profileCompleted: z.boolean(),
  status: z.enum(USER_STATUSES),
  emailVerified: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  lawyerProfile: LawyerProfileDtoSchema.nullable(),
  mediatorProfile: MediatorProfileDtoSchema.nullable(),
  /** Set while an admin is viewing the product as this user. */
  impersonatedBy: z.object({ id: Id, email: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** The IANA zone dates are shown in (issue 25); null until the browser's is saved. */
  timeZone: z.string().nullable(),
});

// ---- notifications and dashboard ----

export const NotificationDtoSchema = z.object({
  id: Id,
  userId: Id,
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  linkUrl: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: Timestamp,
});

export const ActivityItemSchema = z.object({
  id: Id,
  title: z.string(),
  message: z.string(),
  linkUrl: z.string().nullable(),
  createdAt: Timestamp,
});

export const DashboardDtoSchema = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('mediator'),
    thisMonthEarnings: AmountSchema.nullable(),
    monthlyMediations: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
    subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
    rating: AmountSchema.nullable(),
    reviewCount: z.number().int(),
    availableRequests: TabCount,
    unreadMessages: z.number().int(),
    recentActivity: z.array(ActivityItemSchema),
  }),
  z.object({
    role: z.literal('lawyer'),
    activeRequests: z.number().int(),
    matchedMediators: z.number().int(),
    completed: z.number().int(),
    unreadMessages: z.number().int(),
    recentActivity: z.array(ActivityItemSchema),
  }),
]);

export const PublicSettingsDtoSchema = z.object({
  commissionPercentage: AmountSchema.nullable(),
  minimumPlatformFee: AmountSchema.nullable(),
  defaultDeposit: AmountSchema.nullable(),
  matchWindowMinutes: z.number().int(),
  priorityHeadStartMinutes: z.number().int(),
  payoutHoldHours: z.number().int(),
  termsOfService: z.string().nullable(),
  privacyPolicy: z.string().nullable(),
  payments: PaymentsPublicConfigSchema,
});

// ---- requests ----

export const RequestDocumentDtoSchema = z.object({
  kind: z.enum(['brief', 'case_file']),
  objectPath: z.string(),
  url: z.string(),
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  /** Issue 23 (decision 044): the upload, who may open it, whose side added it, whether it is the viewer's own. */
  uploadId: z.guid(),
  visibility: z.enum(DOCUMENT_VISIBILITIES),
  side: z.enum(CASE_SIDES),
  mine: z.boolean(),
  /** Who opened it (newest first): for its uploader only, null for everyone else. */
  accesses: z.array(DocumentAccessSchema).nullable(),
  /** Decision 061: when it was removed under the retention policy (its download answers 410); null while it is kept. */
  removedAt: z.string().nullable(),
});

/**
 * What happened to a payment's money (issue 21, docs/decisions/037), the same figures on every page that shows them:
 * charged = refunded + platformFeeKept + paidToMediator + held, to the cent. `planned` is the planned split of the
 * budget only while it is still the plan (nothing refunded, kept or paid, nothing cancelled); null once money has
 * gone anywhere, so no page shows a fee or payout that did not happen.
 */
export const SettlementSchema = z.object({
  charged: AmountSchema.describe("Charged to the lawyer's card (deposit and balance)"),
  refunded: AmountSchema.describe("Refunded to the lawyer's card"),
  platformFeeKept: AmountSchema.describe('Commission the platform kept out of what it paid the mediator'),
  paidToMediator: AmountSchema.describe('Transferred to the mediator (payouts and cancellation fees)'),
  held: AmountSchema.describe('Charged and not yet refunded, kept or paid: still held in escrow'),
  planned: z
    .object({ platformFee: AmountSchema, mediatorPayout: AmountSchema })
    .nullable()
    .describe("The budget's planned fee and payout, while they are still the plan"),
});

/** A mediation request as the API returns it (RULES.md 7: the entity's field names, money as strings). */
export const RequestDtoSchema = z.object({
  id: Id,
  lawyerId: Id,
  /** The second side's counsel, who joined from an invitation (issue 23); null on a one-sided request. */
  opposingLawyerId: Id.nullable(),
  caseNumber: z.string(),
  caseName: z.string(),
  caseType: z.string(),
  jurisdiction: z.string(),
  courtInfo: z.string().nullable(),
  trialDate: DateOnly.nullable(),
  description: z.string(),
  opposingLawyerName: z.string().nullable(),
  opposingLawyerBarNumber: z.string().nullable(),
  opposingLawyerFirmName: z.string().nullable(),
  opposingLawyerEmail: z.string().nullable(),
  opposingLawyerPhone: z.string().nullable(),
  mediationType: z.enum(['in-person', 'online']),
  pricingModel: z.enum(['hourly', 'flat']),
  preferredDate: DateOnly.nullable(),
  estimatedDuration: z.number().int().nullable(),
  hourlyRate: AmountSchema.nullable(),
  hoursNeeded: z.number().int().nullable(),
  flatFee: AmountSchema.nullable(),
  budget: AmountSchema,
  mediationBriefUrl: z.string().nullable(),
  caseFilesUrls: z.array(z.string()),
  documentsUrl: z.array(z.string()),
  documents: z.array(RequestDocumentDtoSchema),
  /** The viewer is counsel held by an unsigned agreement to mediate (decision 055): `documents` holds their own only. */
  agreementHeld: z.boolean(),
  status: z.enum(REQUEST_STATUSES),
  selectedMediatorId: Id.nullable(),
  depositAmount: AmountSchema.nullable(),
  platformFee: AmountSchema,
  /** Budget − platform fee (what the mediator is paid). */
  mediatorPayout: AmountSchema,
  openToAllAt: Timestamp.nullable(),
  completionResults: z.string().nullable(),
  deliverables: z.string().nullable(),
  mediatorProposal: z.string().nullable(),
  /** The outcome recorded at completion (issue 26): for the outcome certificate; never the terms. */
  outcome: z.enum(MEDIATION_OUTCOMES).nullable(),
  outcomeDate: z.string().nullable(),
  completedAt: Timestamp.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  acceptanceCount: z.number().int(),
  /** Aliases the detail screen reads (spec 3). */
  caseDescription: z.string(),
  disputeType: z.string(),
  desiredDate: DateOnly.nullable(),
  /** For a mediator viewer: their own acceptance, if any. */
  myAcceptance: z
    .object({ status: z.enum(ACCEPTANCE_STATUSES), proposedRate: AmountSchema.nullable(), note: z.string().nullable(), acceptedAt: Timestamp })
    .nullable(),
  /** Whether the viewer may see documents and opposing counsel's contact details. */
  fullAccess: z.boolean(),
  /** The other participant, for the lawyer and the selected mediator from matched on (RULES.md 6). */
  counterpart: CounterpartSchema.nullable(),
  /** The escrow's status (RULES.md 2.6), for participants and admins; null for other mediators or before submit. */
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  /** When a completed mediation's payout is due (completion + hold window), for participants and admins. */
  payoutReleaseAt: Timestamp.nullable(),
  /** The latest problem reported on this request (RULES.md 2.3), for participants and admins; null otherwise. */
  dispute: RequestDisputeSchema.nullable(),
  /** What was refunded to the lawyer and when (from the ledger), for participants and admins; null when nothing. */
  refund: RequestRefundSchema,
  /** What happened to the money so far, for participants and admins once a payment exists; null otherwise. */
  settlement: SettlementSchema.nullable(),
  /** The case's sides (issue 23) on the detail (GET /api/requests/{id}), for the lawyers, the selected mediator and
   * admins; null for other mediators and in lists. */
  sides: CaseSidesSchema.nullable(),
  /** A two-sided case's latest proposal of a mediator (decision 045); null when none (always, one-sided). */
  selectionProposal: SelectionProposalSchema.nullable(),
});

/** GET /api/requests/counts: a mediator's tabs, or a lawyer's requests by status (statuses with none are absent). */
export const RequestCountsSchema = z.union([
  z.object({ available: TabCount, accepted: TabCount, completed: TabCount }),
  z.partialRecord(z.enum(REQUEST_STATUSES), z.number().int()),
]);

/** POST /api/requests/{id}/submit: the deposit intent to confirm with the card. */
export const DepositIntentSchema = z.object({ clientSecret: z.string(), amount: AmountSchema, paymentId: Id });

/** An acceptance without its mediator (POST accept). */
export const AcceptanceSchema = z.object({
  id: Id,
  requestId: Id,
  mediatorId: Id,
  status: z.enum(ACCEPTANCE_STATUSES),
  proposedRate: AmountSchema.nullable(),
  note: z.string().nullable(),
  acceptedAt: Timestamp,
});

export const AcceptanceMediatorDtoSchema = z.object({
  id: Id,
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  rating: AmountSchema,
  reviewCount: z.number().int(),
  specialization: z.string().nullable(),
  specializations: z.array(z.string()),
  bio: z.string().nullable(),
  yearsOfExperience: z.number().int().nullable(),
  hourlyRate: AmountSchema.nullable(),
  verified: z.boolean(),
});

/**
 * An acceptance in the selection list, with the mediator card RULES.md 7 lists, and (issue 23, decision 047) what the
 * conflict check found when they accepted and the disclosure they wrote (null when none).
 */
export const AcceptanceDtoSchema = AcceptanceSchema.extend({
  mediator: AcceptanceMediatorDtoSchema,
  disclosure: z.string().nullable(),
  conflictMatches: z.array(ConflictMatchSchema),
});

export const CancellationPreviewDtoSchema = z.object({
  kind: z.enum(['full', 'partial', 'none']),
  depositRefund: AmountSchema,
  balanceRefund: AmountSchema,
  /** What goes back to all the payers' cards together (the deposit refund plus the balance refund). */
  totalRefund: AmountSchema,
  yourRefund: AmountSchema.describe(
    "Of totalRefund, what goes back to the caller's own card: all of it on a one-sided case; on a two-sided case what the caller paid, less what the canceller bears (decision 049); 0.00 for an admin",
  ),
  cancellationFee: AmountSchema,
  /** The deposit held (what `kind` refunds all, half or none of) and the platform's commission on the kept part. */
  deposit: AmountSchema,
  platformFee: AmountSchema,
  reason: z.string(),
});

/** POST /api/requests/{id}/cancel: the cancelled request and what was refunded. */
export const CancellationResultSchema = z.object({
  request: RequestDtoSchema,
  refundAmount: AmountSchema,
  yourRefund: AmountSchema.describe("Of refundAmount, what goes back to the caller's own card (as the preview's yourRefund)"),
  kind: z.enum(['full', 'partial', 'none']),
});

// ---- mediators ----

/** GET /api/mediators/{id}: what a lawyer choosing sees. */
export const PublicMediatorSchema = z.object({
  id: Id.describe('The mediator (user id, RULES.md 7)'),
  userId: Id.describe('The same user id, under the name spec 3 gives it on the profile'),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  rating: AmountSchema,
  reviewCount: z.number().int(),
  specializations: z.array(z.string()),
  certifications: z.array(z.string()),
  yearsExperience: z.number().int().nullable(),
  yearsOfExperience: z.number().int().nullable(),
  hourlyRate: AmountSchema,
  bio: z.string().nullable(),
  jurisdiction: z.string(),
  languagesSpoken: z.array(z.string()),
  mediationTraining: z.array(z.string()),
  websiteUrl: z.string().nullable(),
  photoUrl: z.string().nullable(),
  /** The mediator's own and admins only; null for anyone else (decision 036). */
  phoneNumber: z.string().nullable(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  /** The mediator's own and admins only; null for anyone else. */
  subscriptionStartDate: Timestamp.nullable(),
  /** This month's mediations as the cap counts them (RULES.md 5): the mediator's own and admins only. */
  monthlyMediationCount: z.number().int().nullable(),
  totalMediationsCompleted: z.number().int(),
  verified: z.boolean(),
  createdAt: Timestamp,
  /** The latest reviews about them (RULES.md 7: what a lawyer choosing sees). */
  reviews: z.array(ReviewDtoSchema),
});

/** GET /api/mediators/{id}/acceptances: each acceptance with a summary of its request. */
export const MediatorAcceptanceSchema = AcceptanceSchema.extend({
  request: z.object({
    id: Id,
    caseName: z.string(),
    caseNumber: z.string(),
    caseType: z.string(),
    jurisdiction: z.string(),
    status: z.enum(REQUEST_STATUSES),
    preferredDate: DateOnly.nullable(),
  }),
});

// ---- payments ----

export const LedgerEntrySchema = z.object({
  id: Id,
  kind: z.enum(LEDGER_KINDS),
  amount: AmountSchema,
  platformFee: AmountSchema,
  note: z.string().nullable(),
  createdAt: Timestamp,
  payerId: Id.describe('Whose money moved: the payer of a charge, or of the charge a refund or transfer comes from'),
  shareSide: z.enum(CASE_SIDES).nullable().describe('On a two-sided case, the side whose share a charge funds'),
});

/** GET /api/payments: the escrow row, its totals and its ledger (RULES.md 2). */
export const PaymentDtoSchema = z.object({
  id: Id,
  requestId: Id,
  caseName: z.string(),
  caseNumber: z.string(),
  lawyerId: Id,
  mediatorId: Id.nullable(),
  depositAmount: AmountSchema,
  amount: AmountSchema,
  platformFee: AmountSchema,
  mediatorPayout: AmountSchema,
  status: z.enum(PAYMENT_STATUSES),
  refundAmount: AmountSchema,
  refundReason: z.string().nullable(),
  totalCharged: AmountSchema.describe("Charged to the payer's card; a lawyer on a two-sided case reads their own charges (decision 049)"),
  totalRefunded: AmountSchema.describe('Refunded; a lawyer on a two-sided case reads what went back to their own card'),
  settlement: SettlementSchema.describe("Where the money went; a lawyer on a two-sided case reads their own money's (`planned` null then)"),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  ledger: z.array(LedgerEntrySchema),
});

export const PaymentConfirmedSchema = z.object({ status: z.literal('succeeded') });

// ---- small answers ----

export const MessageSchema = z.object({ message: z.string() });
export const CountSchema = z.object({ count: z.number().int() });
/** PATCH /api/notifications/read-all: how many were marked, and the unread count now (0). */
export const ReadAllSchema = z.object({ updated: z.number().int(), count: z.number().int() });
export const ContactSentSchema = z.object({ id: Id, message: z.string() });
export const UploadTargetSchema = z.object({
  uploadURL: z.string().describe('Where the browser PUTs the file (a presigned S3 URL or the local upload target)'),
  objectPath: z.string().describe('The path to attach to a request or profile'),
});
export const HealthSchema = z.object({ status: z.literal('ok') });
export const ReadySchema = z.object({ status: z.literal('ready'), database: z.enum(['embedded', 'server']) });
export const NotReadySchema = z.object({ status: z.literal('unavailable'), message: z.string() });

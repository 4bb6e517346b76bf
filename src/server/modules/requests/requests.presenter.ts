import { twoDecimals } from '../../../common/money';
import type { AcceptanceDto, RequestDto } from '../../../common/api-types';
import { splitBudget, type FeeTerms } from '../../../common/domain/fees';
import { formatCents, parseCents } from '../../../common/money';
import { presentCaseDocuments, type CaseDocumentRows } from '../cases/case-documents';
import type { AcceptanceRow, RequestRow } from './requests.repo';
import type { counterpartsOf, pendingAcceptancesWithMediators } from './requests.repo';
import type { PaymentStatus } from '../../../common/enums';
import type { Counterpart } from '../../../common/schemas/after-match';
import { payoutDueAt } from '../../../common/domain/payout';
import type { RequestDispute } from '../../../common/schemas/disputes';
import { settle, settlementDto } from '../../../common/domain/settlement';
import { sumsInCents, type LedgerSumsRow } from './ledger-sums.repo';
import type { CaseSides, SelectionProposalDto } from '../../../common/schemas/cases';

export interface RequestPaymentFacts {
  status: PaymentStatus;
  refundReason: string | null;
  ledger: LedgerSumsRow;
}

export interface Viewer {
  id: string;
  role: 'lawyer' | 'mediator' | 'admin';
}

/**
 * Owner, selected mediator and admins see everything; other mediators see no contacts or documents (RULES.md 6). The
 * second side's counsel (issue 23) sees the case as a participant too, except what is the first side's alone (its
 * payment, and its documents by their visibility).
 */
export function hasFullAccess(request: RequestRow, viewer: Viewer): boolean {
  return (
    viewer.role === 'admin' ||
    request.lawyerId === viewer.id ||
    (request.opposingLawyerId !== null && request.opposingLawyerId === viewer.id) ||
    (request.selectedMediatorId !== null && request.selectedMediatorId === viewer.id)
  );
}

/**
 * Whether the viewer may see the request's payment, its amounts (`refund`, `settlement`): the first side, the selected
 * mediator and admins. The second side's counsel sees its own money on Payments, not the case's (docs/two-sided-case.md).
 */
function seesPayment(request: RequestRow, viewer: Viewer): boolean {
  return hasFullAccess(request, viewer) && viewer.id !== request.opposingLawyerId;
}

/** The fee terms of a request: its own once submitted, the current settings before. */
export function termsOf(request: RequestRow, current: FeeTerms): FeeTerms {
  return request.terms ?? current;
}

export function presentRequest(
  request: RequestRow,
  viewer: Viewer,
  extra: {
    currentTerms: FeeTerms;
    acceptanceCount: number;
    myAcceptance?: AcceptanceRow | null;
    /** The case documents' rows (issue 23: both sides' documents, the viewer's access logs). */
    documents: CaseDocumentRows;
    /** The request's payment (status, refund reason, ledger sums), for viewers with full access; absent otherwise. */
    payment?: RequestPaymentFacts | null;
    counterpartsById?: Map<string, CounterpartRow>;
    dispute?: RequestDispute | null;
    /** The case's sides, for full-access viewers (issue 23). */
    sides?: CaseSides | null;
    selectionProposal?: SelectionProposalDto | null;
  },
): RequestDto {
  const full = hasFullAccess(request, viewer);
  // Each document by its visibility (decision 044); the spec's fields are cut to what the viewer may open.
  const docs = full ? presentCaseDocuments(request, viewer, extra.documents) : null;
  const payment = seesPayment(request, viewer) ? extra.payment : null;
  // The payment's status, without amounts, for every full-access viewer: the second side's counsel paid toward the
  // payout too, and may report a problem while it is held (decision 049), or read that a cancelled case refunded.
  const paymentStatus = full ? (extra.payment?.status ?? null) : null;
  const payoutReleaseAt = full && request.completedAt ? payoutDueAt(request) : null;
  const budgetCents = parseCents(request.budget) ?? 0;
  const split = splitBudget(budgetCents, termsOf(request, extra.currentTerms));
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: request.id,
    lawyerId: request.lawyerId,
    opposingLawyerId: request.opposingLawyerId,
    caseNumber: request.caseNumber,
    caseName: request.caseName,
    caseType: request.caseType,
    jurisdiction: request.jurisdiction,
    courtInfo: request.courtInfo,
    trialDate: request.trialDate,
    description: request.description,
    opposingLawyerName: request.opposingLawyerName,
    opposingLawyerBarNumber: full ? request.opposingLawyerBarNumber : null,
    opposingLawyerFirmName: request.opposingLawyerFirmName,
    opposingLawyerEmail: full ? request.opposingLawyerEmail : null,
    opposingLawyerPhone: full ? request.opposingLawyerPhone : null,
    mediationType: request.mediationType,
    pricingModel: request.pricingModel,
    preferredDate: request.preferredDate,
    estimatedDuration: request.estimatedDuration,
    hourlyRate: twoDecimals(request.hourlyRate),
    hoursNeeded: request.hoursNeeded,
    flatFee: twoDecimals(request.flatFee),
    budget: twoDecimals(request.budget)!,
    mediationBriefUrl: docs ? docs.mediationBriefUrl : null,
    caseFilesUrls: docs ? docs.caseFilesUrls : [],
    documentsUrl: full ? request.documentsUrl : [],
    documents: docs ? docs.documents : [],
    agreementHeld: extra.documents.held.has(request.id),
    status: request.status,
    selectedMediatorId: request.selectedMediatorId,
    depositAmount: twoDecimals(request.depositAmount ?? termsOf(request, extra.currentTerms).defaultDeposit),
    platformFee: formatCents(split.platformFee),
    mediatorPayout: formatCents(split.mediatorPayout),
    openToAllAt: iso(request.openToAllAt),
    completionResults: request.completionResults,
    deliverables: request.deliverables,
    mediatorProposal: request.mediatorProposal,
    outcome: request.outcome,
    outcomeDate: request.outcomeDate,
    completedAt: iso(request.completedAt),
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    acceptanceCount: extra.acceptanceCount,
    caseDescription: request.description,
    disputeType: request.caseType,
    desiredDate: request.preferredDate,
    myAcceptance: extra.myAcceptance
      ? {
          status: extra.myAcceptance.status,
          proposedRate: twoDecimals(extra.myAcceptance.proposedRate),
          note: extra.myAcceptance.note,
          acceptedAt: extra.myAcceptance.acceptedAt.toISOString(),
        }
      : null,
    fullAccess: full,
    counterpart: counterpartFor(request, viewer, extra.counterpartsById),
    paymentStatus,
    payoutReleaseAt: iso(payoutReleaseAt),
    dispute: full ? (extra.dispute ?? null) : null,
    refund:
      payment?.ledger.refundedAt && (parseCents(payment.ledger.refunded) ?? 0) > 0
        ? {
            amount: twoDecimals(payment.ledger.refunded)!,
            refundedAt: new Date(payment.ledger.refundedAt).toISOString(),
            reason: payment.refundReason,
          }
        : null,
    settlement: payment
      ? settlementDto(
          settle({
            sums: sumsInCents(payment.ledger),
            paymentStatus: payment.status,
            plannedPlatformFee: split.platformFee,
            plannedMediatorPayout: split.mediatorPayout,
            requestCancelled: request.status === 'cancelled',
          }),
        )
      : null,
    sides: full ? (extra.sides ?? null) : null,
    selectionProposal: full ? (extra.selectionProposal ?? null) : null,
  };
}

export type CounterpartRow = Awaited<ReturnType<typeof counterpartsOf>>[number];

/**
 * Whose contact a viewer sees: the lawyer sees the selected mediator, the selected mediator the lawyer (RULES.md 6);
 * the second side's counsel sees the selected mediator too (the mediator sees both counsel in `sides`).
 */
export function counterpartIdFor(request: RequestRow, viewer: Viewer): string | null {
  if (!request.selectedMediatorId) return null;
  if (viewer.id === request.lawyerId || viewer.id === request.opposingLawyerId) return request.selectedMediatorId;
  if (viewer.id === request.selectedMediatorId) return request.lawyerId;
  return null;
}

function counterpartFor(request: RequestRow, viewer: Viewer, rows: Map<string, CounterpartRow> | undefined): Counterpart | null {
  const id = counterpartIdFor(request, viewer);
  const row = id ? rows?.get(id) : undefined;
  if (!row) return null;
  const isLawyer = row.id === request.lawyerId;
  return {
    id: row.id,
    role: isLawyer ? 'lawyer' : 'mediator',
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: (isLawyer ? row.lawyerPhone : row.mediatorPhone) ?? null,
    firmName: isLawyer ? (row.firmName ?? null) : null,
  };
}

type AcceptanceJoin = Awaited<ReturnType<typeof pendingAcceptancesWithMediators>>[number];

export function presentAcceptance({ acceptance, user, profile }: AcceptanceJoin): AcceptanceDto {
  return {
    id: acceptance.id,
    requestId: acceptance.requestId,
    mediatorId: acceptance.mediatorId,
    status: acceptance.status,
    proposedRate: twoDecimals(acceptance.proposedRate),
    note: acceptance.note,
    acceptedAt: acceptance.acceptedAt.toISOString(),
    mediator: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
      rating: twoDecimals(profile.rating)!,
      reviewCount: profile.reviewCount,
      specialization: profile.specializations[0] ?? null,
      specializations: profile.specializations,
      bio: profile.bio,
      yearsOfExperience: profile.yearsExperience,
      hourlyRate: twoDecimals(profile.hourlyRate),
      verified: user.status === 'approved',
    },
    disclosure: acceptance.disclosure,
    conflictMatches: acceptance.conflictMatches ?? [],
  };
}

import { DEFAULT_SETTINGS } from '../../../common/constants';
import { formatCents, parseCents, twoDecimals } from '../../../common/money';
import { payoutDueAt } from '../../../common/domain/payout';
import type { AdminDisputeDto, RequestDispute } from '../../../common/schemas/disputes';
import type { AdminDisputeRow, DisputeRow } from './disputes.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The dispute on a request, for its participants and admins (RequestDto.dispute). */
export function presentRequestDispute(d: DisputeRow & { mediatorPaid?: string | null }): RequestDispute {
  return {
    id: d.id,
    status: d.status,
    reason: d.reason,
    outcome: d.outcome,
    refundAmount: twoDecimals(d.refundAmount),
    mediatorPaid: d.status === 'resolved' ? twoDecimals(d.mediatorPaid ?? null) : null,
    createdAt: d.createdAt.toISOString(),
    resolvedAt: iso(d.resolvedAt),
  };
}

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** A dispute as admins see it: the case, the lawyer and mediator, and what the escrow still holds. */
export function presentAdminDispute({ dispute, mediatorPaid, request, payment, lawyer, mediator }: AdminDisputeRow): Omit<AdminDisputeDto, 'payers'> {
  const fee = parseCents(payment?.platformFee ?? '0') ?? 0;
  const payout = parseCents(payment?.mediatorPayout ?? '0') ?? 0;
  const held = payment?.status === 'held' ? fee + payout : 0;
  const depositHeld = Math.min(parseCents(payment?.depositAmount ?? '0') ?? 0, held);
  return {
    ...presentRequestDispute({ ...dispute, mediatorPaid }),
    requestId: request.id,
    caseName: request.caseName,
    caseNumber: request.caseNumber,
    raisedById: dispute.raisedById,
    lawyer: { id: lawyer.id, name: nameOf(lawyer), email: lawyer.email },
    mediator: mediator ? { id: mediator.id, name: nameOf(mediator), email: mediator.email } : null,
    resolutionNote: dispute.resolutionNote,
    resolvedById: dispute.resolvedById,
    budget: twoDecimals(request.budget)!,
    amountHeld: formatCents(held),
    depositHeld: formatCents(depositHeld),
    balanceHeld: formatCents(held - depositHeld),
    commissionPercentage: formatCents(parseCents(request.terms?.commissionPercentage ?? DEFAULT_SETTINGS.commissionPercentage) ?? 0),
    platformFee: formatCents(fee),
    mediatorPayout: formatCents(payout),
    paymentStatus: payment?.status ?? null,
    payoutReleaseAt: iso(request.completedAt ? payoutDueAt(request) : null),
  };
}

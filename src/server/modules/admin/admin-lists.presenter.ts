import { twoDecimals } from '../../../common/money';
import type { AdminMediation, AdminPayment, MediatorRating } from '../../../common/schemas/admin-lists';
import { presentPayment } from '../payments/payments.presenter';
import type { LedgerRow } from '../payments/payments.api';
import type { AdminMediationRow, AdminPaymentRow, MediatorRatingRow } from './admin-lists.repo';

type PersonRow = { id: string; firstName: string; lastName: string; email: string };

const personOf = (p: PersonRow) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`, email: p.email });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentAdminMediation({ request, lawyer, mediator, opposing, paymentStatus }: AdminMediationRow): AdminMediation {
  return {
    id: request.id,
    caseName: request.caseName,
    caseNumber: request.caseNumber,
    caseType: request.caseType,
    jurisdiction: request.jurisdiction,
    status: request.status,
    budget: twoDecimals(request.budget)!,
    preferredDate: request.preferredDate,
    lawyer: personOf(lawyer),
    selectedMediatorId: request.selectedMediatorId,
    // A left join gives the columns as nulls when nobody is selected.
    selectedMediator: mediator?.id ? personOf(mediator as PersonRow) : null,
    opposingLawyer: opposing?.id ? personOf(opposing as PersonRow) : null,
    paymentStatus,
    createdAt: request.createdAt.toISOString(),
    submittedAt: iso(request.submittedAt),
    completedAt: iso(request.completedAt),
    cancelledAt: iso(request.cancelledAt),
    updatedAt: request.updatedAt.toISOString(),
  };
}

/** The payments presenter's admin view (the whole ledger, its totals) plus the parties' names. */
export function presentAdminPayment(row: AdminPaymentRow, ledger: LedgerRow[]): AdminPayment {
  const payment = presentPayment(row, ledger, 'admin');
  const refs = new Map(ledger.map((e) => [e.id, e.providerRef]));
  return {
    ...payment,
    ledger: payment.ledger.map((e) => ({ ...e, providerRef: refs.get(e.id) ?? '' })),
    lawyer: personOf(row.lawyer),
    mediator: row.mediator?.id ? personOf(row.mediator as PersonRow) : null,
  };
}

export function presentMediatorRating(row: MediatorRatingRow): MediatorRating {
  return {
    mediatorId: row.id,
    mediatorName: `${row.firstName} ${row.lastName}`,
    email: row.email,
    reviewCount: row.reviewCount,
    averageRating: twoDecimals(row.rating)!,
    totalMediationsCompleted: row.totalMediationsCompleted,
  };
}

// The selection taking effect (RULES.md 2.2 + 4): the request matched with its final budget and split, the escrow's
// payee set, the other acceptances rejected, everyone told. Shared by the one-sided selection (selection.service.ts)
// and the two-sided one, which takes effect once every share is funded (shared-selection.service.ts, decision 050).
import { splitBudget } from '../../../common/domain/fees';
import { finalBudget } from '../../../common/domain/pricing';
import { formatCents, type Cents } from '../../../common/money';
import type { SavedCardCharge } from '../../adapters/payments';
import type { Tx } from '../../db/client';
import { lockInOrder } from '../../db/lock-order';
import { conflict, notFound } from '../../errors';
import { notify } from '../notifications/notifications.service';
import { lockStep, recordCharge, settleStep, updateEscrow, type PaymentRow, type StepRow } from '../payments/payments.api';
import { openAgreementIfRequired } from '../signing/agreement.service';
import { REQUEST_NOT_FOUND } from './requests.service';
import { announceRequestChange } from './request-events';
import * as requestsRepo from './requests.repo';

type RequestRow = requestsRepo.RequestRow;
type AcceptanceRow = requestsRepo.AcceptanceRow;

/** The final budget: the proposed rate × the priced hours for a counteroffer, else the lawyer's budget (RULES.md 4). */
export function finalBudgetOf(request: RequestRow, acceptance: AcceptanceRow): Cents {
  return finalBudget(request, acceptance.proposedRate);
}

/** Makes the selection take effect once the whole budget is held, with its notifications (RULES.md 2.2 + 4). */
export async function applySelection(
  tx: Tx,
  now: Date,
  request: RequestRow,
  acceptance: AcceptanceRow,
  payment: PaymentRow,
  balance: { chargeId: string; amount: Cents; key: string } | null,
): Promise<RequestRow> {
  const budget = finalBudgetOf(request, acceptance);
  const split = splitBudget(budget, request.terms!);
  await requestsRepo.markAcceptanceSelected(tx, acceptance.id);
  const rejected = await requestsRepo.rejectPendingAcceptances(tx, request.id, acceptance.id);
  const updated = await requestsRepo.updateRequest(tx, request.id, {
    status: 'matched',
    selectedMediatorId: acceptance.mediatorId,
    // The match time the admin analytics count by ("Mediations Matched"), set with the selection itself.
    matchedAt: now,
    budget: formatCents(budget),
    hourlyRate: acceptance.proposedRate ?? request.hourlyRate,
    platformFee: formatCents(split.platformFee),
    updatedAt: now,
  });
  if (balance) {
    await recordCharge(tx, {
      paymentId: payment.id,
      kind: 'balance_charge',
      amount: balance.amount,
      chargeId: balance.chargeId,
      idempotencyKey: balance.key,
      // A one-sided selection's balance, the lawyer's (a two-sided one records each side's charge as it arrives,
      // decision 050; a card payment that completes after the other side joined funds the first side).
      payerId: request.lawyerId,
      shareSide: request.opposingLawyerId ? 'first' : null,
      at: now,
    });
  }
  await updateEscrow(tx, payment.id, {
    mediatorId: acceptance.mediatorId,
    platformFee: formatCents(split.platformFee),
    mediatorPayout: formatCents(split.mediatorPayout),
    pendingSelectionMediatorId: null,
    balanceIntentId: null,
    updatedAt: now,
  });
  await notify(tx, [
    {
      userId: acceptance.mediatorId,
      type: 'mediator_selected',
      title: 'You were selected',
      message: `The lawyer selected you for ${updated.caseName} (Case #${updated.caseNumber}). You can now message them and coordinate the mediation.`,
      linkUrl: `/requests/${updated.id}`,
    },
    ...rejected.map((userId) => ({
      userId,
      type: 'acceptance_rejected' as const,
      title: 'Another mediator was selected',
      message: `The lawyer selected another mediator for ${updated.caseName}. Your acceptance no longer counts against your monthly limit.`,
      linkUrl: null,
    })),
  ]);
  // The selected mediator's agreement to mediate, if they require one (issue 26, decision 055).
  await openAgreementIfRequired(tx, now, updated);
  await announceRequestChange(tx, updated);
  return updated;
}

/**
 * A selection's saved-card charge step settled with the provider's answer, under the request's and payment's locks
 * (the lock order), once: 409 when it was settled already (the request path and the reconciler both answer it).
 */
export async function settleSelectionCharge(tx: Tx, step: StepRow, charge: SavedCardCharge, now: Date): Promise<{ request: RequestRow; payment: PaymentRow }> {
  const { request, payment } = await lockInOrder(tx, { requestId: step.params.requestId, payment: true });
  const locked = await lockStep(tx, step.id);
  if (!request || !payment || !locked) throw notFound(REQUEST_NOT_FOUND);
  if (locked.status !== 'pending') throw conflict('This selection was already settled');
  await settleStep(tx, step.id, charge.ok ? 'succeeded' : 'failed', charge.ok ? { ref: charge.chargeId } : { message: charge.message }, now);
  return { request, payment };
}

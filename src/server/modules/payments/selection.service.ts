import { and, eq, ne } from 'drizzle-orm';
import { splitBudget } from '../../../common/domain/fees';
import { counterofferBudget, pricedHours } from '../../../common/domain/pricing';
import { checkTransition } from '../../../common/domain/request-status';
import { formatCents, parseCents, type Cents } from '../../../common/money';
import type { PaymentIntent } from '../../adapters/payments';
import type { AppContext } from '../../context';
import { inTransaction, type Tx } from '../../db/client';
import { mediatorAcceptances } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { notify } from '../notifications/notifications.service';
import * as requestsRepo from '../requests/requests.repo';
import { findVisibleRequest, REQUEST_NOT_FOUND } from '../requests/requests.service';
import { appendLedger, countLedger, lockPaymentForRequest, updatePayment, type PaymentRow } from './payments.repo';
import { refundCharge } from './refunds';

type RequestRow = requestsRepo.RequestRow;
type AcceptanceRow = requestsRepo.AcceptanceRow;

/** The final budget: the proposed rate × the priced hours for a counteroffer, else the lawyer's budget (RULES.md 4). */
function finalBudgetOf(request: RequestRow, acceptance: AcceptanceRow): Cents {
  const hours = pricedHours(request);
  if (acceptance.proposedRate && hours) return counterofferBudget(parseCents(acceptance.proposedRate)!, hours);
  return parseCents(request.budget)!;
}

interface Selected {
  request: RequestRow;
  mediatorId: string;
  rejected: string[];
}

/** Makes the selection take effect, once the whole budget is held (RULES.md 2.2 + 4). */
async function applySelection(ctx: AppContext, tx: Tx, request: RequestRow, acceptance: AcceptanceRow, payment: PaymentRow, balance: { chargeId: string; amount: Cents } | null): Promise<Selected> {
  const now = ctx.clock.now();
  const budget = finalBudgetOf(request, acceptance);
  const split = splitBudget(budget, request.terms!);
  await tx.update(mediatorAcceptances).set({ status: 'selected' }).where(eq(mediatorAcceptances.id, acceptance.id));
  const rejected = await tx
    .update(mediatorAcceptances)
    .set({ status: 'rejected' })
    .where(and(eq(mediatorAcceptances.requestId, request.id), eq(mediatorAcceptances.status, 'pending'), ne(mediatorAcceptances.id, acceptance.id)))
    .returning({ mediatorId: mediatorAcceptances.mediatorId });
  const updated = await requestsRepo.updateRequest(tx, request.id, {
    status: 'matched',
    selectedMediatorId: acceptance.mediatorId,
    budget: formatCents(budget),
    hourlyRate: acceptance.proposedRate ?? request.hourlyRate,
    platformFee: formatCents(split.platformFee),
    updatedAt: now,
  });
  if (balance) {
    await appendLedger(tx, { paymentId: payment.id, kind: 'balance_charge', amount: balance.amount, providerRef: balance.chargeId, idempotencyKey: `balance:${request.id}:${payment.balanceAttempt}`, at: now });
  }
  await updatePayment(tx, payment.id, {
    mediatorId: acceptance.mediatorId,
    platformFee: formatCents(split.platformFee),
    mediatorPayout: formatCents(split.mediatorPayout),
    pendingSelectionMediatorId: null,
    balanceIntentId: null,
    updatedAt: now,
  });
  return { request: updated, mediatorId: acceptance.mediatorId, rejected: rejected.map((r) => r.mediatorId) };
}

async function announceSelection(ctx: AppContext, selected: Selected): Promise<void> {
  const { request } = selected;
  await notify(ctx, [
    {
      userId: selected.mediatorId,
      type: 'mediator_selected',
      title: 'You were selected',
      message: `The lawyer selected you for ${request.caseName} (Case #${request.caseNumber}). You can now message them and coordinate the mediation.`,
      linkUrl: `/requests/${request.id}`,
    },
    ...selected.rejected.map((userId) => ({
      userId,
      type: 'acceptance_rejected' as const,
      title: 'Another mediator was selected',
      message: `The lawyer selected another mediator for ${request.caseName}. Your acceptance no longer counts against your monthly limit.`,
      linkUrl: null,
    })),
  ]);
  ctx.events.emit('request', request.id);
}

export type SelectOutcome = { kind: 'selected'; request: RequestRow } | { kind: 'declined'; message: string; clientSecret: string; amount: string };

/**
 * Select (RULES.md 2.2 + 4): charge the balance to the saved card, then select. If the charge fails, nothing is
 * selected and the lawyer gets a client secret to pay the balance with another card (402).
 */
export async function selectMediator(ctx: AppContext, user: SessionUser, requestId: string, mediatorId: string): Promise<SelectOutcome> {
  // 404 when the caller cannot see it, 403 when they can but it is not theirs (RULES.md 6).
  if (user.role !== 'admin') await findVisibleRequest(ctx, user, requestId);
  const outcome = await inTransaction(ctx.db, async (tx): Promise<SelectOutcome | Selected> => {
    const request = await requestsRepo.lockRequest(tx, requestId);
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    if (request.lawyerId !== user.id) throw forbidden('Only the lawyer who posted this request can select its mediator');
    if (checkTransition('select', request.status, 'owner') !== 'ok') {
      throw conflict(request.status === 'matched' ? 'A mediator has already been selected for this request' : 'This request is not awaiting selection');
    }
    const acceptance = /^[0-9a-f-]{36}$/i.test(mediatorId) ? await requestsRepo.findAcceptance(tx, request.id, mediatorId) : undefined;
    if (!acceptance) throw notFound('This mediator has not accepted this request');
    if (acceptance.status !== 'pending') throw conflict('This acceptance can no longer be selected');
    const payment = await lockPaymentForRequest(tx, request.id);
    if (!payment || payment.status !== 'held') throw conflict('The deposit for this request is not held');

    const balance = finalBudgetOf(request, acceptance) - parseCents(payment.depositAmount)!;
    if (balance <= 0) return applySelection(ctx, tx, request, acceptance, payment, null);
    const attempt = payment.balanceAttempt + 1;
    await updatePayment(tx, payment.id, { balanceAttempt: attempt });
    const charge = payment.paymentMethodId
      ? await ctx.payments.chargeSavedCard({ amount: balance, paymentMethodId: payment.paymentMethodId, idempotencyKey: `balance:${request.id}:${attempt}`, metadata: { purpose: 'balance', requestId: request.id } })
      : ({ ok: false, message: 'No saved card for this request' } as const);
    if (charge.ok) return applySelection(ctx, tx, request, acceptance, { ...payment, balanceAttempt: attempt }, { chargeId: charge.chargeId, amount: balance });

    const intent = await ctx.payments.createIntent({
      amount: balance,
      idempotencyKey: `balance:${request.id}:${attempt}:card`,
      metadata: { purpose: 'balance', requestId: request.id, userId: request.lawyerId, mediatorId, attempt: String(attempt) },
    });
    await updatePayment(tx, payment.id, { pendingSelectionMediatorId: mediatorId, balanceIntentId: intent.id, updatedAt: ctx.clock.now() });
    return { kind: 'declined', message: charge.message, clientSecret: intent.clientSecret, amount: formatCents(balance) };
  });
  if ('kind' in outcome) return outcome;
  await announceSelection(ctx, outcome);
  return { kind: 'selected', request: outcome.request };
}

/** The balance was paid with another card: the pending selection takes effect, or the money goes back. */
export async function onBalanceSucceeded(ctx: AppContext, intent: PaymentIntent): Promise<void> {
  const requestId = intent.metadata.requestId;
  const now = ctx.clock.now();
  const selected = await inTransaction(ctx.db, async (tx) => {
    const request = await requestsRepo.lockRequest(tx, requestId);
    const payment = await lockPaymentForRequest(tx, requestId);
    if (!request || !payment) return null;
    const chargeId = intent.chargeId ?? intent.id;
    const acceptance = payment.pendingSelectionMediatorId ? await requestsRepo.findAcceptance(tx, request.id, payment.pendingSelectionMediatorId) : undefined;
    const stillValid = payment.balanceIntentId === intent.id && request.status === 'awaiting_selection' && acceptance?.status === 'pending';
    if (stillValid) {
      const attempt = Number(intent.metadata.attempt ?? payment.balanceAttempt);
      return applySelection(ctx, tx, request, acceptance!, { ...payment, balanceAttempt: attempt, paymentMethodId: payment.paymentMethodId }, { chargeId, amount: intent.amount });
    }
    // The selection can no longer happen (withdrawn, cancelled, already selected): return the money at once.
    const n = (await countLedger(tx, payment.id, 'refund')) + 1;
    await appendLedger(tx, { paymentId: payment.id, kind: 'balance_charge', amount: intent.amount, providerRef: chargeId, idempotencyKey: `balance:${request.id}:${intent.metadata.attempt}:late`, at: now });
    await refundCharge(ctx, tx, payment, { chargeId, amount: intent.amount, n, reason: 'Balance paid after the selection could no longer take effect' });
    return null;
  });
  if (selected) await announceSelection(ctx, selected);
}


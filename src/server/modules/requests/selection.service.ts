import { isUuid } from '../../../common/ids';
import { checkTransition } from '../../../common/domain/request-status';
import { formatCents, parseCents, type Cents } from '../../../common/money';
import type { PaymentIntent, SavedCardCharge } from '../../adapters/payments';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { lockInOrder } from '../../db/lock-order';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import {
  claimIntentOutcome,
  executeSteps,
  hasPendingStep,
  paymentKeys,
  recordBalanceCharge,
  recordCharge,
  recordIntentClose,
  recordRefund,
  stepsOf,
  updateEscrow,
  type PaymentRow,
  type StepRow,
} from '../payments/payments.api';
import * as requestsRepo from './requests.repo';
import { findVisibleRequest, REQUEST_NOT_FOUND } from './requests.service';
import { isApproved } from './selection-proposals.repo';
import { applySelection, finalBudgetOf, settleSelectionCharge } from './selection-effect';
import { settleSharedCharge, startSharedSelection } from './shared-selection.service';

type RequestRow = requestsRepo.RequestRow;

export type SelectOutcome =
  | { kind: 'selected'; request: RequestRow }
  | { kind: 'declined'; message: string; clientSecret: string; amount: string }
  /** A two-sided selection waiting for a side's share (decision 050): each side sees what it owes on the request. */
  | { kind: 'awaiting_shares'; request: RequestRow };

const IN_PROGRESS = 'A payment for this request is being processed. Please try again in a moment.';
const PROVIDER_UNANSWERED =
  'The payment provider has not confirmed the balance payment yet. Your selection will complete on its own once it does; check back in a minute.';

/** Money that arrived for a selection that can no longer happen goes back at once (a refund step). */
const LATE_BALANCE_REASON = 'Balance paid after the selection could no longer take effect';

async function refundLateBalance(tx: Tx, payment: PaymentRow, requestId: string, charge: { chargeId: string; amount: Cents; key: string }, at: Date) {
  await recordCharge(tx, {
    paymentId: payment.id,
    kind: 'balance_charge',
    amount: charge.amount,
    chargeId: charge.chargeId,
    idempotencyKey: charge.key,
    payerId: payment.lawyerId,
    at,
  });
  return recordRefund(tx, { paymentId: payment.id, requestId, chargeId: charge.chargeId, amount: charge.amount, reason: LATE_BALANCE_REASON, at });
}

type Plan =
  | { kind: 'selected'; request: RequestRow; closeSteps: StepRow[] }
  | { kind: 'shared'; charges: StepRow[]; closeSteps: StepRow[] }
  | { kind: 'charge'; step: StepRow; closeSteps: StepRow[] }
  | { kind: 'card'; attempt: number; amount: Cents; message: string; lawyerId: string; closeSteps: StepRow[] };

/**
 * Select (RULES.md 2.2 + 4): the balance is charged to the saved card before the selection takes effect. Under the
 * locks we only record the charge (a `balance_charge` step); the provider is called after commit; a second
 * transaction settles it and selects. If the card declines, the lawyer gets a client secret for another card (402).
 * While a charge is in flight, other changes to the request's money wait (409 payment_in_progress).
 */
export async function selectMediator(ctx: AppContext, user: SessionUser, requestId: string, mediatorId: string): Promise<SelectOutcome> {
  // 404 when the caller cannot see it, 403 when they can but it is not theirs (RULES.md 6).
  if (user.role !== 'admin') await findVisibleRequest(ctx, user, requestId);
  const plan = await transaction(ctx, async (tx): Promise<Plan> => {
    const { request, payment } = await lockInOrder(tx, { requestId, payment: true });
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    if (request.lawyerId !== user.id) throw forbidden('Only the lawyer who posted this request can select its mediator');
    // A two-sided case selects only the mediator the other side approved (decision 045); proposeOrSelect proposes
    // otherwise, and this holds if the other side joined in between.
    if (request.opposingLawyerId && request.status === 'awaiting_selection' && !(await isApproved(tx, request.id, mediatorId))) {
      throw conflict('Opposing counsel has joined this case: propose the mediator for their approval first');
    }
    if (checkTransition('select', request.status, 'owner') !== 'ok') {
      throw conflict(request.status === 'matched' ? 'A mediator has already been selected for this request' : 'This request is not awaiting selection');
    }
    const acceptance = isUuid(mediatorId) ? await requestsRepo.findAcceptance(tx, request.id, mediatorId) : undefined;
    if (!acceptance) throw notFound('This mediator has not accepted this request');
    if (acceptance.status !== 'pending') throw conflict('This acceptance can no longer be selected');
    if (!payment || payment.status !== 'held') throw conflict('The deposit for this request is not held');
    if (await hasPendingStep(tx, payment.id, ['balance_charge'])) throw conflict(IN_PROGRESS, 'payment_in_progress');

    // A balance waiting for another card from an earlier selection is closed: this selection replaces it.
    const closeSteps: StepRow[] = [];
    if (payment.balanceIntentId) {
      closeSteps.push(await recordIntentClose(tx, { paymentId: payment.id, requestId, intentId: payment.balanceIntentId, at: ctx.clock.now() }));
      await updateEscrow(tx, payment.id, { balanceIntentId: null, pendingSelectionMediatorId: null });
    }
    if (request.opposingLawyerId) {
      // Each side pays its own share (decision 050).
      const started = await startSharedSelection(tx, ctx.clock.now(), request, acceptance, payment);
      closeSteps.push(...started.refunds);
      return started.kind === 'selected' ? { ...started, closeSteps } : { kind: 'shared', charges: started.charges, closeSteps };
    }
    const balance = finalBudgetOf(request, acceptance) - parseCents(payment.depositAmount)!;
    if (balance <= 0) return { kind: 'selected', request: await applySelection(tx, ctx.clock.now(), request, acceptance, payment, null), closeSteps };
    const attempt = payment.balanceAttempt + 1;
    await updateEscrow(tx, payment.id, { balanceAttempt: attempt, updatedAt: ctx.clock.now() });
    if (!payment.paymentMethodId)
      return { kind: 'card', attempt, amount: balance, message: 'No saved card for this request', lawyerId: request.lawyerId, closeSteps };
    await updateEscrow(tx, payment.id, { pendingSelectionMediatorId: mediatorId });
    const step = await recordBalanceCharge(tx, {
      paymentId: payment.id,
      requestId: request.id,
      mediatorId,
      paymentMethodId: payment.paymentMethodId,
      attempt,
      amount: balance,
      at: ctx.clock.now(),
    });
    return { kind: 'charge', step, closeSteps };
  });
  await executeSteps(ctx, plan.closeSteps);
  if (plan.kind === 'selected') return plan;
  if (plan.kind === 'shared') return chargeShares(ctx, requestId, plan.charges);
  if (plan.kind === 'card') return offerCard(ctx, requestId, mediatorId, plan);
  const charge = await chargeBalance(ctx, plan.step).catch((error: unknown) => {
    // No answer from the provider (it may have charged before the answer was lost): the step stays pending and the
    // reconciler repeats the call with the same key and completes the selection once. The lawyer is told to wait.
    ctx.log.warn({ err: error, requestId }, 'balance charge unanswered; left to the reconciler');
    throw new AppError(503, PROVIDER_UNANSWERED, { code: 'payment_in_progress', headers: { 'Retry-After': '60' } });
  });
  return settleBalanceCharge(ctx, plan.step, charge);
}

/**
 * Charges each side's share to its saved card, one after the other; a charge the provider did not answer stays pending
 * for the reconciler. The request matched once every share is in, else waiting for a side's share.
 */
async function chargeShares(ctx: AppContext, requestId: string, charges: StepRow[]): Promise<SelectOutcome> {
  for (const step of charges) {
    const charge = await chargeBalance(ctx, step).catch((error: unknown) => {
      ctx.log.warn({ err: error, requestId }, 'share charge unanswered; left to the reconciler');
      return null;
    });
    // Settled by the reconciler meanwhile (409) or for a selection that stopped waiting: the next side's share still goes.
    if (charge)
      await settleSharedCharge(ctx, step, charge).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
  }
  const request = await requestsRepo.findRequest(ctx.db, requestId);
  if (!request) throw notFound(REQUEST_NOT_FOUND);
  return request.status === 'matched' ? { kind: 'selected', request } : { kind: 'awaiting_shares', request };
}

function chargeBalance(ctx: AppContext, step: StepRow): Promise<SavedCardCharge> {
  return ctx.payments.chargeSavedCard({
    amount: parseCents(step.amount)!,
    paymentMethodId: step.params.paymentMethodId,
    idempotencyKey: step.idempotencyKey,
    metadata: { purpose: 'balance', requestId: step.params.requestId },
  });
}

/** The answer when a balance arrived for a selection that could no longer happen (it is refunded at once). */
export const LATE_BALANCE_REFUNDED = 'The selection could no longer take effect; the balance charged has been refunded';

/**
 * Settles a balance charge (after the request path's call, or the reconciler's repeat of it). Succeeded: the
 * selection takes effect if it still can, else the money goes back. Declined: the lawyer may pay with another card.
 */
export async function settleBalanceCharge(
  ctx: AppContext,
  step: StepRow,
  charge: SavedCardCharge,
  options: { offerCard: boolean } = { offerCard: true },
): Promise<SelectOutcome> {
  const now = ctx.clock.now();
  const { requestId, mediatorId } = step.params;
  const attempt = Number(step.params.attempt);
  const amount = parseCents(step.amount)!;
  const settled = await transaction(ctx, async (tx) => {
    const { request, payment } = await settleSelectionCharge(tx, step, charge, now);
    const ours = payment.pendingSelectionMediatorId === mediatorId;
    await updateEscrow(tx, payment.id, { pendingSelectionMediatorId: null, updatedAt: now });
    if (!charge.ok) return { kind: 'declined' as const, lawyerId: request.lawyerId, message: charge.message };
    const money = { chargeId: charge.chargeId, amount, key: step.idempotencyKey };
    const acceptance = await requestsRepo.findAcceptance(tx, request.id, mediatorId);
    if (ours && request.status === 'awaiting_selection' && acceptance?.status === 'pending') {
      return { kind: 'selected' as const, request: await applySelection(tx, now, request, acceptance, payment, money) };
    }
    return { kind: 'refund' as const, step: await refundLateBalance(tx, payment, requestId, money, now) };
  });
  if (settled.kind === 'selected') return settled;
  if (settled.kind === 'refund') {
    await executeSteps(ctx, [settled.step]);
    throw conflict(LATE_BALANCE_REFUNDED);
  }
  if (!options.offerCard) throw conflict(settled.message);
  return offerCard(ctx, requestId, mediatorId, { attempt, amount, message: settled.message, lawyerId: settled.lawyerId });
}

/** A card intent for the balance (402 { message, clientSecret }): the selection takes effect once it is paid. */
async function offerCard(
  ctx: AppContext,
  requestId: string,
  mediatorId: string,
  plan: { attempt: number; amount: Cents; message: string; lawyerId: string },
): Promise<SelectOutcome> {
  const intent = await ctx.payments.createIntent({
    amount: plan.amount,
    idempotencyKey: paymentKeys.balanceByCard(requestId, plan.attempt),
    metadata: { purpose: 'balance', requestId, userId: plan.lawyerId, mediatorId, attempt: String(plan.attempt) },
  });
  const waiting = await transaction(ctx, async (tx) => {
    const { request, payment } = await lockInOrder(tx, { requestId, payment: true });
    const acceptance = request ? await requestsRepo.findAcceptance(tx, request.id, mediatorId) : undefined;
    const free = payment && payment.balanceAttempt === plan.attempt && !payment.balanceIntentId && !(await hasPendingStep(tx, payment.id, ['balance_charge']));
    if (!free || request?.status !== 'awaiting_selection' || acceptance?.status !== 'pending') return false;
    await updateEscrow(tx, payment.id, { pendingSelectionMediatorId: mediatorId, balanceIntentId: intent.id, updatedAt: ctx.clock.now() });
    return true;
  });
  if (!waiting) {
    await ctx.payments.cancelIntent(intent.id);
    throw conflict('This selection can no longer go ahead. Please reload the request.');
  }
  return { kind: 'declined', message: plan.message, clientSecret: intent.clientSecret, amount: formatCents(plan.amount) };
}

/**
 * The balance was paid with another card: the waiting selection takes effect, or the money goes back. A replay
 * (second confirmation, duplicate webhook, the reconciler) changes nothing.
 */
export async function onBalanceSucceeded(ctx: AppContext, intent: PaymentIntent): Promise<'selected' | 'refunded' | 'replayed'> {
  const requestId = intent.metadata.requestId;
  const now = ctx.clock.now();
  const outcome = await transaction(ctx, async (tx) => {
    const { request, payment } = await lockInOrder(tx, { requestId, payment: true });
    if (!request || !payment) return 'replayed' as const;
    const money = { chargeId: intent.chargeId ?? intent.id, amount: intent.amount, key: paymentKeys.balanceByCard(requestId, intent.metadata.attempt) };
    if (!(await claimIntentOutcome(tx, intent.id, 'succeeded'))) {
      // A replay answers what the first confirmation did: refunded on arrival, or not.
      const steps = await stepsOf(tx, payment.id);
      const refunded = steps.some((step) => step.kind === 'refund' && step.params.chargeId === money.chargeId && step.params.reason === LATE_BALANCE_REASON);
      return refunded ? ('refunded' as const) : ('replayed' as const);
    }
    const acceptance = payment.pendingSelectionMediatorId ? await requestsRepo.findAcceptance(tx, request.id, payment.pendingSelectionMediatorId) : undefined;
    if (payment.balanceIntentId === intent.id && request.status === 'awaiting_selection' && acceptance?.status === 'pending') {
      await applySelection(tx, now, request, acceptance, payment, money);
      return 'selected' as const;
    }
    if (payment.balanceIntentId === intent.id) await updateEscrow(tx, payment.id, { balanceIntentId: null, pendingSelectionMediatorId: null, updatedAt: now });
    return refundLateBalance(tx, payment, requestId, money, now);
  });
  if (typeof outcome === 'string') return outcome;
  await executeSteps(ctx, [outcome]);
  return 'refunded';
}

/** The reconciler's path for a balance charge left pending: repeat the call (same key), settle, never offer a card. */
export async function resumeBalanceCharge(ctx: AppContext, step: StepRow): Promise<void> {
  const charge = await chargeBalance(ctx, step);
  if (step.params.side) {
    await settleSharedCharge(ctx, step, charge);
    return;
  }
  try {
    await settleBalanceCharge(ctx, step, charge, { offerCard: false });
  } catch (error) {
    // A decline or a selection that can no longer happen is an outcome here, not a failure: the step is settled.
    if (!(error instanceof AppError)) throw error;
  }
}

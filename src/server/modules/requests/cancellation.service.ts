import type { CancellationPreviewDto } from '../../../common/api-types';
import { checkTransition } from '../../../common/domain/request-status';
import { cancellationRefunds, refundsOf, refundTo } from '../../../common/domain/cancellation-refunds';
import { cancellationOutcome, type CancellationOutcome, type DepositRefundKind } from '../../../common/domain/refunds';
import { displayCents, formatCents, type Cents } from '../../../common/money';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { lockInOrder } from '../../db/lock-order';
import { AppError, conflict, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { appendAudit } from '../../audit/audit.repo';
import { notify } from '../notifications/notifications.service';
import {
  chargeOf,
  chargesStillHeld,
  executeSteps,
  findPaymentForRequest,
  hasPendingStep,
  ledgerFor,
  recordIntentClose,
  recordKeptByPlatform,
  recordRefund,
  recordTransfer,
  updateEscrow,
  type HeldCharge,
  type PaymentRow,
  type StepRow,
} from '../payments/payments.api';
import { closeShareAttempts } from '../cases/fee-split-writes';
import { endCaseSchedule } from '../scheduling/sessions.service';
import { announceRequestChange } from './request-events';
import * as requestsRepo from './requests.repo';
import { findVisibleRequest, REQUEST_NOT_FOUND } from './requests.service';
import { endCaseSigning } from '../signing/envelopes.service';

type RequestRow = requestsRepo.RequestRow;

const NOT_YOURS = 'Only the lawyer who posted this request can cancel it';

/** What the policy gives if the request were cancelled now (RULES.md 2.4). */
export async function outcomeFor(
  db: DbOrTx,
  now: Date,
  request: RequestRow,
  payment: PaymentRow | undefined,
  override?: DepositRefundKind,
): Promise<CancellationOutcome> {
  return (await outcomeAndCharges(db, now, request, payment, override)).outcome;
}

/** The policy's outcome, and the charges it is taken from (what each still holds; none unless the payment is held). */
async function outcomeAndCharges(
  db: DbOrTx,
  now: Date,
  request: RequestRow,
  payment: PaymentRow | undefined,
  override?: DepositRefundKind,
): Promise<{ outcome: CancellationOutcome; charges: HeldCharge[] }> {
  const entries = payment ? await ledgerFor(db, payment.id) : [];
  // What the charges still hold: a charge refunded on arrival (a late balance or deposit) counts for nothing.
  const charges = payment?.status === 'held' ? await chargesStillHeld(db, payment.id) : [];
  const heldOn = (kind: HeldCharge['kind']) => charges.filter((c) => c.kind === kind).reduce((sum, c) => sum + c.amount, 0);
  const deposit = charges.find((c) => c.kind === 'deposit_charge' && c.amount > 0);
  const outcome = cancellationOutcome(
    {
      depositHeld: heldOn('deposit_charge'),
      balanceHeld: heldOn('balance_charge'),
      mediatorSelected: request.selectedMediatorId !== null,
      preferredDate: request.preferredDate,
      depositPaidAt: (deposit ? entries.find((e) => e.providerRef === deposit.chargeId) : chargeOf(entries, 'deposit_charge'))?.createdAt ?? null,
      commissionPercentage: request.terms?.commissionPercentage ?? '10.00',
      now,
    },
    override,
  );
  return { outcome, charges };
}

/** 403 for a caller who may not cancel, 409 for a request whose state no longer allows it (RULES.md 2.4, 4). */
function assertCancellable(status: RequestRow['status'], actor: 'admin' | 'owner' | 'other_lawyer'): void {
  const check = checkTransition('cancel', status, actor);
  if (check === 'forbidden') throw new AppError(403, NOT_YOURS);
  if (check === 'conflict') {
    throw conflict(status === 'cancelled' ? 'This request is already cancelled' : `A request that is ${status.replace('_', ' ')} cannot be cancelled`);
  }
}

/** The lawyer's policy outcome, or with `adminRefund` the outcome of an admin's choice (only admins may ask). */
export async function previewCancellation(
  ctx: AppContext,
  user: SessionUser,
  requestId: string,
  adminRefund?: DepositRefundKind,
): Promise<CancellationPreviewDto> {
  const request = await findVisibleRequest(ctx, user, requestId);
  if (request.lawyerId !== user.id && user.role !== 'admin') throw new AppError(403, NOT_YOURS);
  if (adminRefund && user.role !== 'admin') throw new AppError(403, 'Only an administrator can choose the refund');
  // A request that can no longer be cancelled has no refund to preview (it showed a full refund of a completed one).
  assertCancellable(request.status, user.role === 'admin' ? 'admin' : 'owner');
  const payment = await findPaymentForRequest(ctx.db, request.id);
  const { outcome, charges } = await outcomeAndCharges(ctx.db, ctx.clock.now(), request, payment, adminRefund);
  // What goes back to the caller's own card: on a two-sided case each side gets back what it paid, less what the
  // canceller bears (decision 049), computed as the cancellation will record it. An admin paid nothing.
  const canceller = user.role === 'admin' ? null : user.id;
  const yourRefund = refundTo(cancellationRefunds(charges, outcome, canceller), user.id);
  return {
    kind: outcome.kind,
    depositRefund: formatCents(outcome.depositRefund),
    balanceRefund: formatCents(outcome.balanceRefund),
    totalRefund: formatCents(outcome.depositRefund + outcome.balanceRefund),
    yourRefund: formatCents(yourRefund),
    cancellationFee: formatCents(outcome.cancellationFee),
    // What was held of the deposit: the part refunded plus the part kept (the mediator's fee and the commission on it).
    deposit: formatCents(outcome.depositRefund + outcome.cancellationFee + outcome.platformFee),
    platformFee: formatCents(outcome.platformFee),
    reason: outcome.reason,
  };
}

/**
 * The money side of a cancellation, recorded as steps under the locks (open intents closed, refunds, the
 * cancellation fee) and carried out after commit (docs/decisions/011); with what goes back to each payer (a
 * two-sided case's counsel are each told their own refund).
 */
export async function recordCancellationMoney(
  tx: Tx,
  now: Date,
  request: RequestRow,
  payment: PaymentRow,
  outcome: CancellationOutcome,
  cancelledBy: string | null,
): Promise<{ steps: StepRow[]; refundedTo: Map<string, Cents> }> {
  // Recorded in this order, and carried out in it after commit: open intents closed, refunds, the cancellation fee.
  const recorded: StepRow[] = [];
  const refundedTo = new Map<string, Cents>();
  const closeIntent = async (intentId: string) =>
    recorded.push(await recordIntentClose(tx, { paymentId: payment.id, requestId: request.id, intentId, at: now }));
  if (payment.status === 'pending') {
    // Nothing was charged: close the open intent (if submit has created it yet) so a late card confirmation cannot go
    // through; a late one that still does is refunded on arrival (submit.service onDepositSucceeded).
    if (payment.paymentIntentId) await closeIntent(payment.paymentIntentId);
    await updateEscrow(tx, payment.id, { status: 'failed', refundReason: 'Cancelled before the deposit was paid', updatedAt: now });
  }
  // Share payments still waiting for a card (decision 049) are closed too, and a two-sided selection waiting for its
  // shares stops waiting (decision 050): the balance shares it holds are refunded whole below.
  recorded.push(...(await closeShareAttempts(tx, payment, request.id, now)));
  if (payment.pendingSelectionMediatorId && !payment.balanceIntentId) await updateEscrow(tx, payment.id, { pendingSelectionMediatorId: null, updatedAt: now });
  if (payment.balanceIntentId) {
    // A balance declined at selection waits for another card: close it too, so a cancelled request is never charged.
    await closeIntent(payment.balanceIntentId);
    await updateEscrow(tx, payment.id, { balanceIntentId: null, pendingSelectionMediatorId: null, updatedAt: now });
  }
  if (payment.status === 'held') {
    // Each refund goes to the charges that still hold the money (never one already refunded on arrival). What the
    // cancellation keeps of the deposit comes from the cancelling counsel's charges first (decision 049: on a two-sided
    // case the side that cancels bears the fee), else from every deposit charge in proportion to what it holds.
    const parts = cancellationRefunds(await chargesStillHeld(tx, payment.id), outcome, cancelledBy);
    for (const { charge, refund: amount } of refundsOf(parts)) {
      if (amount > 0) {
        refundedTo.set(charge.payerId, (refundedTo.get(charge.payerId) ?? 0) + amount);
        recorded.push(
          await recordRefund(tx, { paymentId: payment.id, requestId: request.id, chargeId: charge.chargeId, amount, reason: outcome.reason, at: now }),
        );
      }
    }
    // What each deposit charge keeps is paid from that charge: the mediator's fee (one transfer per source charge) and
    // the commission on it, or, with nobody selected, all of it to the platform.
    for (const [i, { charge, kept, keptFee }] of parts.deposits.entries()) {
      if (kept === 0) continue;
      if (request.selectedMediatorId) {
        recorded.push(
          await recordTransfer(tx, {
            paymentId: payment.id,
            requestId: request.id,
            mediatorId: request.selectedMediatorId,
            sourceChargeId: charge.chargeId,
            amount: kept - keptFee,
            platformFee: keptFee,
            ledgerKind: 'cancellation_fee',
            note: 'Cancellation fee',
            at: now,
          }),
        );
      } else if (keptFee > 0) {
        // An admin kept part of the deposit before anyone was selected: nobody earned a fee, the platform keeps it. No
        // money moves at the provider, so the ledger records it at once (the invariant needs every cent accounted for).
        await recordKeptByPlatform(tx, {
          paymentId: payment.id,
          platformFee: keptFee,
          note: 'Deposit kept by the platform (cancelled by an admin before selection)',
          payerId: charge.payerId,
          shareSide: charge.shareSide,
          n: i + 1,
          at: now,
        });
      }
    }
    await updateEscrow(tx, payment.id, { status: outcome.paymentStatus ?? payment.status, refundReason: outcome.reason, updatedAt: now });
  }
  return { steps: recorded, refundedTo };
}

/**
 * Cancel (RULES.md 2.4 + 4): owner (draft to matched) or admin (anything not completed, choosing the deposit refund).
 * One transaction decides and records everything, notifications included; the provider calls follow it.
 */
export async function cancelRequest(
  ctx: AppContext,
  user: SessionUser,
  requestId: string,
  options: { reason: string | null; adminRefund?: DepositRefundKind },
) {
  const now = ctx.clock.now();
  if (user.role !== 'admin') await findVisibleRequest(ctx, user, requestId);
  const done = await transaction(ctx, async (tx) => {
    const { request, payment } = await lockInOrder(tx, { requestId, payment: true });
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    const actor = user.role === 'admin' ? 'admin' : request.lawyerId === user.id ? 'owner' : 'other_lawyer';
    assertCancellable(request.status, actor);
    if (payment && (await hasPendingStep(tx, payment.id, ['balance_charge']))) {
      throw conflict('A payment for this request is being processed. Please try again in a moment.', 'payment_in_progress');
    }

    const outcome = await outcomeFor(tx, now, request, payment, actor === 'admin' ? (options.adminRefund ?? 'full') : undefined);
    const { steps, refundedTo } = payment
      ? await recordCancellationMoney(tx, now, request, payment, outcome, actor === 'admin' ? null : user.id)
      : { steps: [], refundedTo: new Map<string, Cents>() };
    const involved = await requestsRepo.rejectPendingAcceptances(tx, request.id);
    const updated = await requestsRepo.updateRequest(tx, request.id, { status: 'cancelled', cancelledAt: now, cancelReason: options.reason, updatedAt: now });
    // Sessions still to come are cancelled in every attendee's calendar, and a date poll closes (issue 25).
    await endCaseSchedule(tx, ctx, updated, 'The case was cancelled');
    await endCaseSigning(tx, now, updated.id, 'The case was cancelled');
    const told = new Set(involved);
    if (request.selectedMediatorId) told.add(request.selectedMediatorId);
    if (actor === 'admin') told.add(request.lawyerId);
    // The second side's counsel (issue 23) hears of any cancellation, with what goes back to them (decision 049).
    if (request.opposingLawyerId) told.add(request.opposingLawyerId);
    const refund = outcome.depositRefund + outcome.balanceRefund;
    // The part of the deposit not refunded: the mediator's cancellation fee and the commission on it (RULES.md 2.4).
    const kept = outcome.cancellationFee + outcome.platformFee;
    const by = actor === 'admin' ? 'an administrator' : 'the lawyer';
    if (actor === 'admin') {
      // Refunds and cancellations with admin power are audited (RULES.md 6), in the deciding transaction.
      await appendAudit(tx, {
        actorId: user.id,
        action: 'request.cancel',
        targetType: 'request',
        targetId: request.id,
        details: {
          fromStatus: request.status,
          refund: outcome.kind,
          refundAmount: formatCents(refund),
          cancellationFee: formatCents(outcome.cancellationFee),
          platformFee: formatCents(outcome.platformFee),
          reason: options.reason,
          // A two-sided case's entry names opposing counsel too (issue 23): the side the cancellation also concerned.
          ...(request.opposingLawyerId ? { opposingCounsel: request.opposingLawyerId } : {}),
        },
        at: now,
      });
    }
    await notify(
      tx,
      [...told].map((userId) => ({
        userId,
        type: 'request_cancelled' as const,
        title: 'Request cancelled',
        message:
          userId === updated.lawyerId
            ? `${updated.caseName} was cancelled by an administrator. ${displayCents(request.opposingLawyerId ? (refundedTo.get(userId) ?? 0) : refund)} is refunded to your card${kept > 0 ? `; ${displayCents(kept)} of the deposit is kept as the cancellation fee` : ''}.`
            : userId === updated.selectedMediatorId && outcome.cancellationFee > 0
              ? `${updated.caseName} was cancelled. You receive a cancellation fee of ${displayCents(outcome.cancellationFee)}, after the ${displayCents(outcome.platformFee)} platform fee.`
              : userId === request.opposingLawyerId && refundedTo.has(userId)
                ? `${updated.caseName} was cancelled by ${by}. ${displayCents(refundedTo.get(userId)!)} you paid toward it is refunded to your card.`
                : `${updated.caseName} was cancelled by ${by}.`,
        linkUrl: `/requests/${updated.id}`,
      })),
    );
    await announceRequestChange(tx, updated, involved);
    // What goes back to the caller's own card (an admin paid nothing): on a two-sided case, the canceller's part only.
    const yourRefund = actor === 'admin' ? 0 : (refundedTo.get(user.id) ?? 0);
    return { request: updated, outcome, steps, refund, yourRefund };
  });
  await executeSteps(ctx, done.steps);
  return { request: done.request, refundAmount: formatCents(done.refund), yourRefund: formatCents(done.yourRefund), kind: done.outcome.kind };
}

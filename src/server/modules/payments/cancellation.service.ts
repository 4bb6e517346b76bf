import { and, eq, inArray } from 'drizzle-orm';
import type { CancellationPreviewDto } from '../../../common/api-types';
import { checkTransition } from '../../../common/domain/request-status';
import { cancellationOutcome, type CancellationOutcome, type DepositRefundKind } from '../../../common/domain/refunds';
import { formatCents } from '../../../common/money';
import type { AppContext } from '../../context';
import { inTransaction, type DbOrTx } from '../../db/client';
import { mediatorAcceptances, mediatorProfiles } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { notify } from '../notifications/notifications.service';
import * as requestsRepo from '../requests/requests.repo';
import { findVisibleRequest, REQUEST_NOT_FOUND } from '../requests/requests.service';
import { appendLedger, chargeOf, countLedger, findPaymentForRequest, ledgerFor, ledgerTotals, lockPaymentForRequest, updatePayment, type PaymentRow } from './payments.repo';
import { refundCharge } from './refunds';

type RequestRow = requestsRepo.RequestRow;

/** What the policy gives if the request were cancelled now (RULES.md 2.4). */
async function outcomeFor(ctx: AppContext, db: DbOrTx, request: RequestRow, payment: PaymentRow | undefined, override?: DepositRefundKind): Promise<CancellationOutcome> {
  const entries = payment ? await ledgerFor(db, payment.id) : [];
  const totals = ledgerTotals(entries);
  // Before completion the only earlier refunds are of late balance charges (selection.service), never the deposit.
  const held = payment?.status === 'held';
  const depositHeld = held ? totals.deposit : 0;
  const balanceHeld = held ? totals.balance - totals.refunded : 0;
  return cancellationOutcome(
    {
      depositHeld,
      balanceHeld,
      mediatorSelected: request.selectedMediatorId !== null,
      preferredDate: request.preferredDate,
      depositPaidAt: chargeOf(entries, 'deposit_charge')?.createdAt ?? null,
      commissionPercentage: request.terms?.commissionPercentage ?? '10.00',
      now: ctx.clock.now(),
    },
    override,
  );
}

export async function previewCancellation(ctx: AppContext, user: SessionUser, requestId: string): Promise<CancellationPreviewDto> {
  const request = await findVisibleRequest(ctx, user, requestId);
  if (request.lawyerId !== user.id && user.role !== 'admin') throw new AppError(403, 'Only the lawyer who posted this request can cancel it');
  const outcome = await outcomeFor(ctx, ctx.db, request, await findPaymentForRequest(ctx.db, request.id));
  return {
    kind: outcome.kind,
    depositRefund: formatCents(outcome.depositRefund),
    balanceRefund: formatCents(outcome.balanceRefund),
    totalRefund: formatCents(outcome.depositRefund + outcome.balanceRefund),
    cancellationFee: formatCents(outcome.cancellationFee),
    reason: outcome.reason,
  };
}

/**
 * Cancel (RULES.md 2.4 + 4): owner (draft to matched) or admin (anything not completed, choosing the deposit refund).
 * Refunds and the cancellation fee go through the provider with idempotency keys, inside the request's row lock.
 */
export async function cancelRequest(ctx: AppContext, user: SessionUser, requestId: string, options: { reason: string | null; adminRefund?: DepositRefundKind }) {
  const now = ctx.clock.now();
  if (user.role !== 'admin') await findVisibleRequest(ctx, user, requestId);
  const done = await inTransaction(ctx.db, async (tx) => {
    const request = await requestsRepo.lockRequest(tx, requestId);
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    const actor = user.role === 'admin' ? 'admin' : request.lawyerId === user.id ? 'owner' : 'other_lawyer';
    const check = checkTransition('cancel', request.status, actor);
    if (check === 'forbidden') throw new AppError(403, 'Only the lawyer who posted this request can cancel it');
    if (check === 'conflict') throw conflict(request.status === 'cancelled' ? 'This request is already cancelled' : `A request that is ${request.status.replace('_', ' ')} cannot be cancelled`);

    let payment = await lockPaymentForRequest(tx, request.id);
    if (payment?.status === 'pending' && payment.paymentIntentId) {
      // Nothing was charged: close the open intent so a late card confirmation cannot go through.
      await ctx.payments.cancelIntent(payment.paymentIntentId);
      payment = await updatePayment(tx, payment.id, { status: 'failed', refundReason: 'Cancelled before the deposit was paid', updatedAt: now });
    }
    if (payment?.balanceIntentId) {
      // A balance declined at selection waits for another card: close it too, so a cancelled request is never charged.
      await ctx.payments.cancelIntent(payment.balanceIntentId);
      payment = await updatePayment(tx, payment.id, { balanceIntentId: null, pendingSelectionMediatorId: null, updatedAt: now });
    }
    const outcome = await outcomeFor(ctx, tx, request, payment, actor === 'admin' ? (options.adminRefund ?? 'full') : undefined);
    if (payment && payment.status === 'held') {
      const entries = await ledgerFor(tx, payment.id);
      const deposit = chargeOf(entries, 'deposit_charge');
      const balance = chargeOf(entries, 'balance_charge');
      let n = await countLedger(tx, payment.id, 'refund');
      if (deposit && outcome.depositRefund > 0) payment = await refundCharge(ctx, tx, payment, { chargeId: deposit.providerRef, amount: outcome.depositRefund, n: ++n, reason: outcome.reason });
      if (balance && outcome.balanceRefund > 0) payment = await refundCharge(ctx, tx, payment, { chargeId: balance.providerRef, amount: outcome.balanceRefund, n: ++n, reason: outcome.reason });
      if (deposit && request.selectedMediatorId && outcome.cancellationFee + outcome.platformFee > 0) {
        const [profile] = await tx.select().from(mediatorProfiles).where(eq(mediatorProfiles.userId, request.selectedMediatorId)).limit(1);
        const accountId = await ctx.payments.ensurePayoutAccount(request.selectedMediatorId, profile?.payoutAccountId ?? null);
        if (profile && !profile.payoutAccountId) await tx.update(mediatorProfiles).set({ payoutAccountId: accountId }).where(eq(mediatorProfiles.userId, profile.userId));
        const key = `payout:${payment.id}:${deposit.providerRef}`;
        const transfer = outcome.cancellationFee > 0 ? await ctx.payments.transfer({ accountId, amount: outcome.cancellationFee, idempotencyKey: key, sourceChargeId: deposit.providerRef }) : { transferId: 'none' };
        await appendLedger(tx, { paymentId: payment.id, kind: 'cancellation_fee', amount: outcome.cancellationFee, platformFee: outcome.platformFee, providerRef: transfer.transferId, idempotencyKey: key, note: 'Cancellation fee', at: now });
      }
      payment = await updatePayment(tx, payment.id, { status: outcome.paymentStatus ?? payment.status, refundReason: outcome.reason, updatedAt: now });
    }
    const involved = await tx
      .update(mediatorAcceptances)
      .set({ status: 'rejected' })
      .where(and(eq(mediatorAcceptances.requestId, request.id), inArray(mediatorAcceptances.status, ['pending'])))
      .returning({ mediatorId: mediatorAcceptances.mediatorId });
    const updated = await requestsRepo.updateRequest(tx, request.id, { status: 'cancelled', cancelledAt: now, cancelReason: options.reason, updatedAt: now });
    const told = new Set(involved.map((i) => i.mediatorId));
    if (request.selectedMediatorId) told.add(request.selectedMediatorId);
    if (actor === 'admin') told.add(request.lawyerId);
    return { request: updated, outcome, told: [...told] };
  });
  const refund = done.outcome.depositRefund + done.outcome.balanceRefund;
  await notify(
    ctx,
    done.told.map((userId) => ({
      userId,
      type: 'request_cancelled' as const,
      title: 'Request cancelled',
      message:
        userId === done.request.lawyerId
          ? `${done.request.caseName} was cancelled by an administrator. Refund: $${formatCents(refund)}.`
          : userId === done.request.selectedMediatorId && done.outcome.cancellationFee > 0
            ? `${done.request.caseName} was cancelled. You receive a cancellation fee of $${formatCents(done.outcome.cancellationFee)}.`
            : `${done.request.caseName} was cancelled by the lawyer.`,
      linkUrl: `/requests/${done.request.id}`,
    })),
  );
  ctx.events.emit('request', done.request.id);
  return { request: done.request, refundAmount: formatCents(refund), kind: done.outcome.kind };
}


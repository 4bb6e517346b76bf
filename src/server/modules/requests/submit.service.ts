import { budgetProblem, splitBudget } from '../../../common/domain/fees';
import { checkTransition } from '../../../common/domain/request-status';
import { displayCents, formatCents, parseCents } from '../../../common/money';
import type { PaymentIntent } from '../../adapters/payments';
import type { AppContext } from '../../context';
import { lockInOrder } from '../../db/lock-order';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { notify } from '../notifications/notifications.service';
import { claimIntentOutcome, executeSteps, openPayment, paymentKeys, recordCharge, recordRefund, updateEscrow } from '../payments/payments.api';
import { currentTerms } from '../settings/terms';
import { announceNewRequest } from './request-notices';
import * as requestsRepo from './requests.repo';
import { findVisibleRequest, REQUEST_NOT_FOUND } from './requests.service';
import { startShareClock } from './share-deadline.service';

const NOT_YOURS = 'Only the lawyer who posted this request can pay its deposit';

/**
 * Submit (RULES.md 4): a deposit intent for a draft; the same client secret on repeat; a new intent after a decline.
 * The attempt is decided under the request's lock; the intent is created after commit with the attempt's key
 * (`deposit:{requestId}:{attempt}`), so concurrent or repeated submits get the one intent the provider keeps per key.
 */
export async function submitRequest(ctx: AppContext, user: SessionUser, requestId: string) {
  // 404 when the caller cannot see it, 403 when they can but it is not theirs (RULES.md 6).
  if (user.role !== 'admin') await findVisibleRequest(ctx, user, requestId);
  for (let round = 0; ; round++) {
    const plan = await transaction(ctx, async (tx) => {
      const { request, payment } = await lockInOrder(tx, { requestId, payment: true });
      if (!request) throw notFound(REQUEST_NOT_FOUND);
      if (request.lawyerId !== user.id && user.role !== 'admin') throw new AppError(403, NOT_YOURS);
      const check = checkTransition('submit', request.status, request.lawyerId === user.id ? 'owner' : 'admin');
      if (check === 'forbidden') throw new AppError(403, NOT_YOURS);
      if (check === 'conflict') throw conflict('This request has already been submitted');
      // An attempt still waiting for the card is reused; a declined or closed one makes way for a new attempt.
      if (payment?.status === 'pending')
        return { paymentId: payment.id, lawyerId: request.lawyerId, attempt: payment.depositAttempt, amount: parseCents(payment.depositAmount)! };

      // The deal's terms are fixed now: a later settings change never alters it (RULES.md 1).
      const terms = await currentTerms(tx);
      const budget = parseCents(request.budget)!;
      const problem = budgetProblem(budget, terms);
      if (problem) throw badRequest(problem, { budget: problem });
      const deposit = parseCents(terms.defaultDeposit)!;
      const split = splitBudget(budget, terms);
      const now = ctx.clock.now();
      const values = {
        lawyerId: request.lawyerId,
        paymentIntentId: null,
        depositAmount: formatCents(deposit),
        platformFee: formatCents(split.platformFee),
        mediatorPayout: formatCents(split.mediatorPayout),
        status: 'pending' as const,
        depositAttempt: payment ? payment.depositAttempt + 1 : 1,
        updatedAt: now,
      };
      const saved = payment ? await updateEscrow(tx, payment.id, values) : await openPayment(tx, { requestId: request.id, ...values });
      await requestsRepo.updateRequest(tx, request.id, { terms, depositAmount: values.depositAmount, platformFee: values.platformFee, updatedAt: now });
      return { paymentId: saved.id, lawyerId: request.lawyerId, attempt: saved.depositAttempt, amount: deposit };
    });

    const intent = await ctx.payments.createIntent({
      amount: plan.amount,
      idempotencyKey: paymentKeys.deposit(requestId, plan.attempt),
      metadata: { purpose: 'deposit', requestId, userId: plan.lawyerId, attempt: String(plan.attempt) },
    });
    if (intent.status === 'requires_payment') {
      const current = await transaction(ctx, async (tx) => {
        const { payment } = await lockInOrder(tx, { requestId, payment: true });
        if (payment?.status !== 'pending' || payment.depositAttempt !== plan.attempt) return false;
        if (!payment.paymentIntentId) await updateEscrow(tx, payment.id, { paymentIntentId: intent.id });
        return (payment.paymentIntentId ?? intent.id) === intent.id;
      });
      if (current) return { clientSecret: intent.clientSecret, amount: formatCents(plan.amount), paymentId: plan.paymentId };
      // Cancelled (or superseded) while the intent was being created: close it so it can never be paid.
      await ctx.payments.cancelIntent(intent.id);
      throw conflict('This request can no longer be paid');
    }
    // The attempt's intent was declined or closed but we had not heard (a crash, a lost answer): record it, then
    // start the next attempt once.
    if (intent.status === 'succeeded') await onDepositSucceeded(ctx, intent);
    else await onDepositFailed(ctx, intent);
    if (round >= 1) throw conflict('This request has already been submitted');
  }
}

/**
 * The provider confirmed the deposit: hold it, and the request goes live with its announcements (RULES.md 2.1 + 4 +
 * 5), all in one transaction. A replay (second confirmation, duplicate webhook, reconciler) changes nothing. A deposit
 * that arrives when the request can no longer use it (cancelled meanwhile, a superseded attempt) is refunded.
 */
export async function onDepositSucceeded(ctx: AppContext, intent: PaymentIntent): Promise<void> {
  const requestId = intent.metadata.requestId;
  const now = ctx.clock.now();
  const steps = await transaction(ctx, async (tx) => {
    const { request, payment } = await lockInOrder(tx, { requestId, payment: true });
    if (!request || !payment || !(await claimIntentOutcome(tx, intent.id, 'succeeded'))) return [];
    const chargeId = intent.chargeId ?? intent.id;
    await recordCharge(tx, {
      paymentId: payment.id,
      kind: 'deposit_charge',
      amount: intent.amount,
      chargeId,
      idempotencyKey: paymentKeys.deposit(requestId, intent.metadata.attempt ?? payment.depositAttempt),
      // The inviting side pays the whole deposit at submit, so matching is not held up (decision 049).
      payerId: payment.lawyerId,
      shareSide: request.opposingLawyerId ? 'first' : null,
      at: now,
    });
    const current = payment.paymentIntentId === intent.id || (payment.paymentIntentId === null && String(payment.depositAttempt) === intent.metadata.attempt);
    if (!current || payment.status !== 'pending' || request.status !== 'draft') {
      const refund = await recordRefund(tx, {
        paymentId: payment.id,
        requestId,
        chargeId,
        amount: intent.amount,
        reason: 'Deposit paid after the request could no longer use it',
        at: now,
      });
      return [refund];
    }
    await updateEscrow(tx, payment.id, { status: 'held', paymentIntentId: intent.id, paymentMethodId: intent.paymentMethodId, updatedAt: now });
    const terms = request.terms!;
    const live = await requestsRepo.updateRequest(tx, request.id, {
      status: 'pending_mediators',
      submittedAt: now,
      openToAllAt: new Date(now.getTime() + terms.matchWindowMinutes * 60_000),
      openToFreeAt: new Date(now.getTime() + terms.priorityHeadStartMinutes * 60_000),
      updatedAt: now,
    });
    await announceNewRequest(tx, now, live);
    // The other side joined the draft: its share of the deposit is due by a deadline from now (decision 051).
    await startShareClock(tx, live, now);
    return [];
  });
  await executeSteps(ctx, steps);
}

/** The provider declined the deposit: the request stays a draft and the lawyer may retry (RULES.md 2.1). */
export async function onDepositFailed(ctx: AppContext, intent: PaymentIntent): Promise<void> {
  const requestId = intent.metadata.requestId;
  await transaction(ctx, async (tx) => {
    const { payment } = await lockInOrder(tx, { requestId, payment: true });
    if (!payment || !(await claimIntentOutcome(tx, intent.id, 'failed'))) return;
    const current = payment.paymentIntentId === intent.id || (payment.paymentIntentId === null && String(payment.depositAttempt) === intent.metadata.attempt);
    if (!current || payment.status !== 'pending') return;
    await updateEscrow(tx, payment.id, { status: 'failed', paymentIntentId: intent.id, updatedAt: ctx.clock.now() });
    if (intent.status !== 'failed') return; // closed by us (cancel), not declined: nothing to tell
    await notify(tx, [
      {
        userId: payment.lawyerId,
        type: 'payment_failed',
        title: 'Payment Failed',
        message: `Your ${displayCents(intent.amount)} deposit was declined: ${(intent.failureMessage ?? 'the card was declined').replace(/[\s.]+$/, '')}. You can try another card.`,
        linkUrl: `/requests/${requestId}`,
      },
    ]);
  });
}

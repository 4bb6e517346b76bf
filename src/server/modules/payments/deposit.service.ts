import { inTransaction } from '../../db/client';
import { checkTransition } from '../../../common/domain/request-status';
import { budgetProblem, splitBudget } from '../../../common/domain/fees';
import { displayCents, formatCents, parseCents } from '../../../common/money';
import type { PaymentIntent } from '../../adapters/payments';
import type { AppContext } from '../../context';
import { payments } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { findVisibleRequest, REQUEST_NOT_FOUND } from '../requests/requests.service';
import * as requestsRepo from '../requests/requests.repo';
import { announceNewRequest } from '../requests/request-notices';
import { currentTerms } from '../settings/terms';
import { notify } from '../notifications/notifications.service';
import { appendLedger, lockPaymentForRequest, updatePayment } from './payments.repo';

/**
 * Submit (RULES.md 4): a deposit intent for a draft, the same client secret on repeat, a new intent after a decline.
 * The request row lock makes concurrent submits create one intent.
 */
export async function submitRequest(ctx: AppContext, user: SessionUser, requestId: string) {
  // 404 when the caller cannot see it, 403 when they can but it is not theirs (RULES.md 6).
  if (user.role !== 'admin') await findVisibleRequest(ctx, user, requestId);
  return inTransaction(ctx.db, async (tx) => {
    const request = await requestsRepo.lockRequest(tx, requestId);
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    if (request.lawyerId !== user.id && user.role !== 'admin') throw new AppError(403, 'Only the lawyer who posted this request can pay its deposit');
    const check = checkTransition('submit', request.status, request.lawyerId === user.id ? 'owner' : 'admin');
    if (check === 'forbidden') throw new AppError(403, 'Only the lawyer who posted this request can pay its deposit');
    if (check === 'conflict') throw conflict('This request has already been submitted');

    const payment = await lockPaymentForRequest(tx, request.id);
    if (payment?.status === 'pending' && payment.paymentIntentId) {
      const open = await ctx.payments.retrieveIntent(payment.paymentIntentId);
      if (open?.status === 'requires_payment') return { clientSecret: open.clientSecret, amount: formatCents(open.amount), paymentId: payment.id };
    }

    // The deal's terms are fixed now: a later settings change never alters it (RULES.md 1).
    const terms = await currentTerms(tx);
    const budget = parseCents(request.budget)!;
    const problem = budgetProblem(budget, terms);
    if (problem) throw badRequest(problem, { budget: problem });
    const deposit = parseCents(terms.defaultDeposit)!;
    const split = splitBudget(budget, terms);
    const attempt = payment ? payment.depositAttempt + 1 : 1;
    const intent = await ctx.payments.createIntent({
      amount: deposit,
      idempotencyKey: `deposit:${request.id}:${attempt}`,
      metadata: { purpose: 'deposit', requestId: request.id, userId: request.lawyerId, attempt: String(attempt) },
    });
    const values = {
      lawyerId: request.lawyerId,
      paymentIntentId: intent.id,
      depositAmount: formatCents(deposit),
      platformFee: formatCents(split.platformFee),
      mediatorPayout: formatCents(split.mediatorPayout),
      status: 'pending' as const,
      depositAttempt: attempt,
      updatedAt: ctx.clock.now(),
    };
    const saved = payment
      ? await updatePayment(tx, payment.id, values)
      : (await tx.insert(payments).values({ requestId: request.id, ...values }).returning())[0];
    await requestsRepo.updateRequest(tx, request.id, {
      terms,
      depositAmount: formatCents(deposit),
      platformFee: formatCents(split.platformFee),
      updatedAt: ctx.clock.now(),
    });
    return { clientSecret: intent.clientSecret, amount: formatCents(deposit), paymentId: saved.id };
  });
}

/** The provider confirmed the deposit: hold it, and the request goes live (RULES.md 2.1 + 4). Safe to repeat. */
export async function onDepositSucceeded(ctx: AppContext, intent: PaymentIntent): Promise<void> {
  const requestId = intent.metadata.requestId;
  const now = ctx.clock.now();
  const live = await inTransaction(ctx.db, async (tx) => {
    const request = await requestsRepo.lockRequest(tx, requestId);
    const payment = await lockPaymentForRequest(tx, requestId);
    if (!request || !payment || payment.paymentIntentId !== intent.id) return null;
    const chargeId = intent.chargeId ?? intent.id;
    await appendLedger(tx, { paymentId: payment.id, kind: 'deposit_charge', amount: intent.amount, providerRef: chargeId, idempotencyKey: `deposit:${requestId}:${payment.depositAttempt}`, at: now });
    if (payment.status === 'pending') {
      await updatePayment(tx, payment.id, { status: 'held', paymentMethodId: intent.paymentMethodId, updatedAt: now });
    }
    if (request.status !== 'draft') return null;
    const terms = request.terms!;
    return requestsRepo.updateRequest(tx, request.id, {
      status: 'pending_mediators',
      submittedAt: now,
      openToAllAt: new Date(now.getTime() + terms.matchWindowMinutes * 60_000),
      openToFreeAt: new Date(now.getTime() + terms.priorityHeadStartMinutes * 60_000),
      updatedAt: now,
    });
  });
  if (live) await announceNewRequest(ctx, live);
}

/** The provider declined the deposit: the request stays a draft and the lawyer may retry (RULES.md 2.1). */
export async function onDepositFailed(ctx: AppContext, intent: PaymentIntent): Promise<void> {
  const requestId = intent.metadata.requestId;
  const failed = await inTransaction(ctx.db, async (tx) => {
    const payment = await lockPaymentForRequest(tx, requestId);
    if (!payment || payment.paymentIntentId !== intent.id || payment.status !== 'pending') return false;
    await updatePayment(tx, payment.id, { status: 'failed', updatedAt: ctx.clock.now() });
    return true;
  });
  if (failed) {
    await notify(ctx, [
      {
        userId: intent.metadata.userId,
        type: 'payment_failed',
        title: 'Payment Failed',
        message: `Your ${displayCents(intent.amount)} deposit was declined: ${intent.failureMessage ?? 'the card was declined'}. You can try another card.`,
        linkUrl: `/requests/${requestId}`,
      },
    ]);
  }
}

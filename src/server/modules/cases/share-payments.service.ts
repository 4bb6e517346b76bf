// Paying a side's share of the deposit (issue 24, docs/decisions/049). The inviting side paid the whole deposit at
// submit, so the request went live at once; once the split is agreed the other side owes its share (or the inviting
// side pays it on its behalf: an insurer paying for both). When a share arrives, the excess the other side holds is
// returned to the charge it came from. Every payment is recorded against its payer, and a share paid twice (both at
// once) is returned from the later charge: nothing is lost, nothing is kept twice.
import { seatOf } from '../../../common/domain/case-access';
import type { CaseSide } from '../../../common/enums';
import { displayCents, formatCents, parseCents, type Cents } from '../../../common/money';
import type { SharePayment } from '../../../common/schemas/fee-split';
import type { PaymentIntent } from '../../adapters/payments';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { mediationRequests } from '../../db/schema';
import { lockInOrder } from '../../db/lock-order';
import { conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { findUserById } from '../users/users.repo';
import { notify } from '../notifications/notifications.service';
import {
  claimIntentOutcome,
  executeSteps,
  paymentKeys,
  recordCharge,
  recordIntentClose,
  recordRefund,
  type PaymentRow,
  type StepRow,
} from '../payments/payments.api';
import { findVisibleRequest, REQUEST_NOT_FOUND } from '../requests/requests.service';
import { returnExcess, SPLIT_FIRST } from './fee-split-writes';
import { completeIfFunded, sharedBudget, sideDueNow, TAKES_SHARES } from '../requests/shared-selection.service';
import { announceRequestChange } from '../requests/request-events';
import * as repo from './fee-split.repo';

type RequestRow = typeof mediationRequests.$inferSelect;

const PAID_TOO_LATE = 'Share paid after the case could no longer use it';

/**
 * What a side owes now, under the locks: its deposit share, then, once a budget is fixed (a selection waiting for the
 * shares, or a case matched before the other side joined; decision 050), its balance share of it. The refusal when it
 * owes nothing or the case takes no payments.
 */
async function outstandingShare(
  tx: Tx,
  request: RequestRow,
  payment: PaymentRow | undefined,
  side: CaseSide,
): Promise<{ kind: 'deposit' | 'balance'; amount: Cents }> {
  if (!TAKES_SHARES.includes(request.status) || payment?.status !== 'held') {
    throw conflict(request.status === 'draft' ? 'The deposit is paid when the request is submitted' : 'This case no longer takes payments');
  }
  const split = await repo.findFeeSplit(tx, request.id);
  if (split?.firstSidePercent == null) throw conflict(SPLIT_FIRST);
  const due = await sideDueNow(tx, request, payment, side);
  if (!due) {
    throw conflict((await sharedBudget(tx, request, payment)) === null ? 'This share of the deposit is already paid' : 'This side’s share is already paid');
  }
  return { kind: due.kind, amount: due.amount };
}

/**
 * POST /api/requests/{id}/shares/{side}/pay: a card payment of a side's outstanding share, by that side's counsel or
 * by the other side's on its behalf. The attempt is a row written first (the intent's key is its id); a payer's open
 * attempt for the same share and amount is answered again, one for an amount no longer due is closed.
 */
export async function payShare(ctx: AppContext, user: SessionUser, requestId: string, side: CaseSide): Promise<SharePayment> {
  const visible = await findVisibleRequest(ctx, user, requestId);
  const seat = seatOf(visible, user.id);
  if (seat !== 'first' && seat !== 'second') throw forbidden('Only counsel of this case can pay a share of its deposit');
  const now = ctx.clock.now();
  const plan = await transaction(ctx, async (tx) => {
    const { request, payment } = await lockInOrder(tx, { requestId, payment: true });
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    const { kind, amount } = await outstandingShare(tx, request, payment, side);
    const open = await repo.openShareIntent(tx, request.id, side, user.id);
    const closeSteps: StepRow[] = [];
    if (open && open.kind === kind && parseCents(open.amount) === amount) return { attempt: open, closeSteps, paymentId: payment!.id };
    if (open) {
      await repo.settleShareIntent(tx, open.id, { status: 'closed', updatedAt: now });
      if (open.intentId) closeSteps.push(await recordIntentClose(tx, { paymentId: payment!.id, requestId, intentId: open.intentId, at: now }));
    }
    const attempt = await repo.insertShareIntent(tx, { requestId, side, kind, payerId: user.id, amount: formatCents(amount), createdAt: now, updatedAt: now });
    return { attempt, closeSteps, paymentId: payment!.id };
  });
  await executeSteps(ctx, plan.closeSteps);
  const intent = await ctx.payments.createIntent({
    amount: parseCents(plan.attempt.amount)!,
    idempotencyKey: shareKeyOf(plan.attempt),
    // One purpose for both kinds of share: the attempt row says which (decision 050).
    metadata: { purpose: 'deposit_share', requestId, userId: user.id, side, shareIntentId: plan.attempt.id },
  });
  if (!plan.attempt.intentId) {
    // A cancellation (or the deadline) may have closed the attempt while the intent was being made: it could not close
    // an intent it did not know of, so it is closed here, before the card form could take any money.
    const closed = await transaction(ctx, async (tx) =>
      (await repo.setShareIntentId(tx, plan.attempt.id, intent.id, now))
        ? null
        : recordIntentClose(tx, { paymentId: plan.paymentId, requestId, intentId: intent.id, at: now }),
    );
    if (closed) {
      await executeSteps(ctx, [closed]);
      throw conflict('This case no longer takes payments');
    }
  }
  if (intent.status !== 'requires_payment') throw conflict('This payment was already made. Please reload the case.');
  return { clientSecret: intent.clientSecret, amount: plan.attempt.amount, side, onBehalf: side !== seat, kind: plan.attempt.kind };
}

const shareKeyOf = (attempt: repo.ShareIntentRow) => (attempt.kind === 'balance' ? paymentKeys.balanceShare(attempt.id) : paymentKeys.depositShare(attempt.id));

/**
 * The provider confirmed a share: its charge is recorded against the payer and the side it funds, what a side holds
 * beyond its share goes back to it, a two-sided selection waiting for this share takes effect once every share is in,
 * and both sides hear of it. A share that arrives when the case can no longer use it (a cancellation, a closed
 * attempt, a balance share whose selection stopped waiting) is refunded whole. A replay changes nothing.
 */
export async function onShareSucceeded(ctx: AppContext, intent: PaymentIntent): Promise<{ refunded: string } | undefined> {
  const { requestId, shareIntentId } = intent.metadata;
  const now = ctx.clock.now();
  const done = await transaction(ctx, async (tx) => {
    const { request, payment } = await lockInOrder(tx, { requestId, payment: true });
    const attempt = await repo.findShareIntent(tx, shareIntentId);
    if (!request || !payment || !attempt || !(await claimIntentOutcome(tx, intent.id, 'succeeded'))) return null;
    const chargeId = intent.chargeId ?? intent.id;
    await recordCharge(tx, {
      paymentId: payment.id,
      kind: attempt.kind === 'balance' ? 'balance_charge' : 'deposit_charge',
      amount: intent.amount,
      chargeId,
      idempotencyKey: shareKeyOf(attempt),
      payerId: attempt.payerId,
      shareSide: attempt.side,
      at: now,
    });
    const settled = await repo.settleShareIntent(tx, attempt.id, {
      status: 'succeeded',
      intentId: intent.id,
      paymentMethodId: intent.paymentMethodId,
      updatedAt: now,
    });
    const budget = await sharedBudget(tx, request, payment);
    const split = await repo.findFeeSplit(tx, request.id);
    const usable = settled && TAKES_SHARES.includes(request.status) && payment.status === 'held' && split?.firstSidePercent != null;
    if (!usable || (attempt.kind === 'balance' && budget === null)) {
      const step = await recordRefund(tx, { paymentId: payment.id, requestId, chargeId, amount: intent.amount, reason: PAID_TOO_LATE, at: now });
      return { steps: [step], refunded: PAID_TOO_LATE };
    }
    const { steps, returnedTo } = await returnExcess(tx, payment, requestId, split.firstSidePercent!, budget, chargeId, now);
    await tellShare(tx, request, attempt, intent.amount, returnedTo);
    // Matched now (its own announcement), or both sides' pages show the share paid.
    if (!(await completeIfFunded(tx, now, request, payment))) await announceRequestChange(tx, request);
    return { steps, refunded: steps.some((s) => s.params.chargeId === chargeId) ? 'This share was already paid; your payment is refunded' : null };
  });
  if (!done) return undefined;
  await executeSteps(ctx, done.steps);
  return done.refunded ? { refunded: done.refunded } : undefined;
}

/** Both sides hear that a share was paid, and by whom; a payer whose excess goes back hears how much. */
async function tellShare(tx: Tx, request: RequestRow, attempt: repo.ShareIntentRow, amount: Cents, returnedTo: Map<string, Cents>) {
  const payer = await findUserById(tx, attempt.payerId);
  const payerName = payer ? `${payer.firstName} ${payer.lastName}` : 'Counsel';
  const sideName = (side: CaseSide, viewerSide: CaseSide) => (side === viewerSide ? 'your share' : "the other side's share");
  await notify(
    tx,
    [request.lawyerId, request.opposingLawyerId!].map((userId) => {
      const viewerSide: CaseSide = userId === request.lawyerId ? 'first' : 'second';
      const who = userId === attempt.payerId ? 'You' : payerName;
      const back = returnedTo.get(userId) ?? 0;
      return {
        userId,
        type: 'share_paid' as const,
        title: attempt.kind === 'balance' ? 'Balance share paid' : 'Deposit share paid',
        message:
          `${who} paid ${sideName(attempt.side, viewerSide)} of the ${attempt.kind === 'balance' ? 'balance' : 'deposit'} for ${request.caseName} (${displayCents(amount)}).` +
          (back > 0 ? ` ${displayCents(back)} of what you paid is refunded to your card.` : ''),
        linkUrl: `/requests/${request.id}`,
      };
    }),
  );
}

/** The card was declined: the attempt ends, the payer may try another card (the confirm call answered 402 already). */
export async function onShareFailed(ctx: AppContext, intent: PaymentIntent): Promise<void> {
  await transaction(ctx, async (tx) => {
    const { payment } = await lockInOrder(tx, { requestId: intent.metadata.requestId, payment: true });
    if (!payment || !(await claimIntentOutcome(tx, intent.id, 'failed'))) return;
    await repo.settleShareIntent(tx, intent.metadata.shareIntentId, { status: intent.status === 'failed' ? 'failed' : 'closed', updatedAt: ctx.clock.now() });
  });
}

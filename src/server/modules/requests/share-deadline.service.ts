// The deadline of an unpaid share in a two-sided case (issue 24, docs/decisions/051). When the other side joins a
// live case (or a selection starts waiting for the shares), the shares then owed are due by a deadline: the admin's
// number of days, or the start of the preferred date if sooner. A reminder goes to each side that still owes, and at
// the deadline a case with a share still unpaid closes as unfunded: everything paid goes back to whoever paid it, both
// sides and the mediators are told. Both are durable jobs keyed by the deadline, so a moved deadline's old jobs change
// nothing, and a retry or a second run changes nothing more.
import { shareDeadline, shareReminderAt } from '../../../common/domain/share-deadline';
import type { CaseSide } from '../../../common/enums';
import { displayCents } from '../../../common/money';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { lockInOrder } from '../../db/lock-order';
import { enqueueJob } from '../../outbox/messages';
import { transaction } from '../../unit-of-work';
import { feeSplitRowOf, markUnfunded, setShareDueBy } from '../cases/fee-split-writes';
import { notify } from '../notifications/notifications.service';
import { executeSteps, findPaymentForRequest, hasPendingStep, type PaymentRow } from '../payments/payments.api';
import { getSettings } from '../settings/settings.repo';
import { outcomeFor, recordCancellationMoney } from './cancellation.service';
import { announceRequestChange } from './request-events';
import * as requestsRepo from './requests.repo';
import { duesNow } from './shared-selection.service';

type RequestRow = requestsRepo.RequestRow;

/** While a share can still be owed: a live case before a mediator is selected. */
const OWING = ['pending_mediators', 'awaiting_selection'];
const SIDE_NAME: Record<CaseSide, string> = { first: 'the requesting side', second: 'the opposing side' };

/** A deadline as the notices write it: "Mar 09, 2026, 3:00 PM UTC". */
const deadlineText = (d: Date) =>
  `${d.toLocaleString('en-US', { month: 'short', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })} UTC`;

/**
 * Sets the deadline for the shares owed from `from`, with its reminder and its outcome as jobs, under the request's
 * lock (in the transaction that made the shares owed). Never earlier than a deadline already set: a side is not
 * hurried by a second event.
 */
async function setShareDeadline(tx: Tx, request: RequestRow, from: Date): Promise<Date> {
  const days = (await getSettings(tx)).shareDueDays;
  const current = (await feeSplitRowOf(tx, request.id))?.dueBy ?? null;
  const next = shareDeadline(from, request.preferredDate, days);
  const dueBy = current && current > next ? current : next;
  await setShareDueBy(tx, request.id, dueBy, from);
  const data = { requestId: request.id, dueBy: dueBy.toISOString() };
  await enqueueJob(tx, 'share.reminder', data, shareReminderAt(from, dueBy), `share-reminder:${request.id}:${dueBy.getTime()}`);
  await enqueueJob(tx, 'share.deadline', data, dueBy, `share-deadline:${request.id}:${dueBy.getTime()}`);
  return dueBy;
}

/**
 * Starts (or keeps) the clock for whatever the sides owe now, in the transaction that made it owed: the other side
 * joining a live case, a split agreed later, a draft's deposit paid after the other side joined, a selection starting
 * to wait for the shares. Nothing owed, nothing set.
 */
export async function startShareClock(tx: Tx, request: RequestRow, now: Date): Promise<void> {
  if (!request.opposingLawyerId || !OWING.includes(request.status)) return;
  const payment = await findPaymentForRequest(tx, request.id);
  if (!payment || (await duesNow(tx, request, payment)).length === 0) return;
  await setShareDeadline(tx, request, now);
}

/** Under the locks: what is still owed for this deadline, or null when the job has nothing to do. */
async function owedAtDeadline(tx: Tx, request: RequestRow | undefined, payment: PaymentRow | undefined, dueBy: string) {
  if (!request?.opposingLawyerId || !payment || !OWING.includes(request.status)) return null;
  const split = await feeSplitRowOf(tx, request.id);
  // A deadline moved later, or a case already closed unfunded: this job's deadline is not the case's.
  if (!split?.dueBy || split.dueBy.toISOString() !== dueBy || split.unfundedAt) return null;
  const dues = await duesNow(tx, request, payment);
  return dues.length ? dues : null;
}

const counselOf = (request: RequestRow, side: CaseSide) => (side === 'first' ? request.lawyerId : request.opposingLawyerId!);

/** The 'share.reminder' job: each side that still owes is reminded of the amount and the deadline. */
export async function remindShareDue(ctx: AppContext, requestId: string, dueBy: string): Promise<void> {
  await transaction(ctx, async (tx) => {
    const { request, payment } = await lockInOrder(tx, { requestId, payment: true });
    const dues = await owedAtDeadline(tx, request, payment, dueBy);
    if (!request || !dues) return;
    const owed = new Map<CaseSide, number>();
    for (const due of dues) owed.set(due.side, (owed.get(due.side) ?? 0) + due.amount);
    await notify(
      tx,
      [...owed].map(([side, amount]) => ({
        userId: counselOf(request, side),
        type: 'share_due' as const,
        title: 'Your share is due soon',
        message: `Your share of the fee for ${request.caseName} (${displayCents(amount)}) is due by ${deadlineText(new Date(dueBy))}. If it is not paid by then, the case closes and everything paid is refunded.`,
        linkUrl: `/requests/${request.id}`,
      })),
    );
  });
}

/**
 * The 'share.deadline' job: a share still unpaid closes the case as unfunded (status cancelled, the reason saying
 * so): everything paid goes back to whoever paid it (the deposit and any balance share, whole), the mediators who
 * accepted are released, and both sides and the mediators are told. A share charge in flight makes the job retry.
 */
export async function closeUnfunded(ctx: AppContext, requestId: string, dueBy: string): Promise<void> {
  const now = ctx.clock.now();
  const steps = await transaction(ctx, async (tx) => {
    const { request, payment } = await lockInOrder(tx, { requestId, payment: true });
    const dues = await owedAtDeadline(tx, request, payment, dueBy);
    if (!request || !payment || !dues) return [];
    if (await hasPendingStep(tx, payment.id, ['balance_charge'])) {
      // A saved card is being charged (the provider may be slow or down): look again in five minutes, as a new job,
      // so the deadline is never dropped when a job's own retries run out.
      await enqueueJob(
        tx,
        'share.deadline',
        { requestId, dueBy },
        new Date(now.getTime() + 5 * 60_000),
        `share-deadline:${requestId}:${Date.parse(dueBy)}:again:${now.getTime()}`,
      );
      return [];
    }
    const outcome = await outcomeFor(tx, now, request, payment, 'full');
    const { steps: recorded, refundedTo } = await recordCancellationMoney(tx, now, request, payment, outcome, null);
    const sides = [...new Set(dues.map((d) => d.side))];
    const whose = sides.length === 2 ? 'the shares of both sides were' : `${SIDE_NAME[sides[0]]}'s share was`;
    const date = deadlineText(new Date(dueBy));
    const involved = await requestsRepo.rejectPendingAcceptances(tx, request.id);
    const updated = await requestsRepo.updateRequest(tx, request.id, {
      status: 'cancelled',
      cancelledAt: now,
      cancelReason: `Unfunded: ${whose} not paid by ${date}`,
      updatedAt: now,
    });
    await markUnfunded(tx, request.id, now);
    await notify(
      tx,
      [request.lawyerId, request.opposingLawyerId!, ...involved].map((userId) => ({
        userId,
        type: 'request_cancelled' as const,
        title: 'Case closed: a share was not paid',
        message:
          `${request.caseName} closed unfunded: ${whose} not paid by ${date}. Everything paid is refunded to whoever paid it` +
          (refundedTo.has(userId) ? `: ${displayCents(refundedTo.get(userId)!)} to your card.` : '.'),
        linkUrl: `/requests/${request.id}`,
      })),
    );
    await announceRequestChange(tx, updated, involved);
    return recorded;
  });
  await executeSteps(ctx, steps);
}

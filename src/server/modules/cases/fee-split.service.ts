// The fee split of a two-sided case (issue 24, docs/decisions/049): offered with the invitation, accepted by joining
// (or answered with another split, which the inviting side accepts or not), and changeable by a proposal of either
// side that the other accepts, until the other side has paid toward its share or a mediator is selected. Until a split
// is agreed nobody can propose or approve a mediator.
import { seatOf } from '../../../common/domain/case-access';
import { balancePosition, depositPosition, shareOf, splitOf } from '../../../common/domain/fee-split';
import type { CaseSide } from '../../../common/enums';
import { formatCents, parseCents } from '../../../common/money';
import type { FeeSplitDto, FeeSplitInput } from '../../../common/schemas/fee-split';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import type { mediationRequests } from '../../db/schema';
import { lockInOrder } from '../../db/lock-order';
import { conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { notify } from '../notifications/notifications.service';
import { chargesStillHeld, findPaymentForRequest, type HeldCharge } from '../payments/payments.api';
import { findVisibleRequest, REQUEST_NOT_FOUND } from '../requests/requests.service';
import { currentTerms } from '../settings/terms';
import * as repo from './fee-split.repo';
import { shareChargesOf } from './fee-split-writes';
import { pendingSelection, sharedBudget, TAKES_SHARES } from '../requests/shared-selection.service';
import { startShareClock } from '../requests/share-deadline.service';

type RequestRow = typeof mediationRequests.$inferSelect;

const NOT_COUNSEL = 'Only counsel of this case can propose or accept how the fee is shared';

/**
 * Whether the split may still change: while nothing is held for the other side's share (of the deposit or the
 * balance), no selection waits for the shares, and no mediator is selected, except that a split never agreed (the other
 * side joined a matched case answering with another split) may still be agreed before the mediation ends. Charges
 * refunded whole hold nothing and fix nothing.
 */
export function splitCanChange(request: Pick<RequestRow, 'status'>, charges: HeldCharge[], selectionWaiting: boolean, agreed = true): boolean {
  const open =
    ['draft', 'pending_mediators', 'awaiting_selection'].includes(request.status) || (!agreed && ['matched', 'in_progress'].includes(request.status));
  if (!open || selectionWaiting) return false;
  return !charges.some((c) => c.amount > 0 && c.shareSide === 'second');
}

/** The request's deposit: fixed at submit; before that, the deposit the platform asks today (what submit would fix). */
export async function depositOf(db: DbOrTx, request: Pick<RequestRow, 'depositAmount'>): Promise<string> {
  return request.depositAmount ?? (await currentTerms(db)).defaultDeposit;
}

const owes = (shares: NonNullable<FeeSplitDto['shares']>, side: CaseSide) =>
  shares[side].depositOutstanding !== '0.00' || shares[side].balanceOutstanding !== '0.00';

/** The split as the request page shows it: percents, an open proposal, and each side's money under the agreed split. */
export async function feeSplitView(db: DbOrTx, request: RequestRow, row: repo.FeeSplitRow | undefined): Promise<FeeSplitDto | null> {
  if (!row) return null;
  const payment = await findPaymentForRequest(db, request.id);
  const charges = payment?.status === 'held' ? await chargesStillHeld(db, payment.id) : [];
  const waiting = payment ? await pendingSelection(db, request, payment) : null;
  // A budget fixed by a waiting selection (a counteroffer may price it) or a match: the balance shares are owed.
  const fixed = payment ? await sharedBudget(db, request, payment) : null;
  const deposit = parseCents(await depositOf(db, request))!;
  const budget = fixed ?? parseCents(request.budget)!;
  // Nothing is shown as due when nothing can be paid: before the deposit was paid at submit (the first side pays it
  // whole then), or once the mediation is complete or the case closed (the payout or the refunds drew on what is held).
  const payable = payment?.status === 'held' && TAKES_SHARES.includes(request.status);
  let shares: FeeSplitDto['shares'] = null;
  if (row.firstSidePercent !== null) {
    const percent = row.firstSidePercent;
    const ofDeposit = depositPosition(deposit, percent, shareChargesOf(charges, 'deposit_charge'));
    const ofBalance = balancePosition(budget, deposit, percent, shareChargesOf(charges, 'balance_charge'));
    const budgetShares = shareOf(budget, percent);
    const side = (s: CaseSide) => ({
      percent: s === 'first' ? percent : 100 - percent,
      deposit: formatCents(ofDeposit.due[s]),
      budget: formatCents(budgetShares[s]),
      depositHeld: formatCents(ofDeposit.held[s]),
      depositOutstanding: formatCents(payable ? ofDeposit.outstanding[s] : 0),
      balance: formatCents(ofBalance.due[s]),
      balanceHeld: formatCents(ofBalance.held[s]),
      balanceOutstanding: formatCents(fixed !== null && payable ? ofBalance.outstanding[s] : 0),
    });
    shares = { first: side('first'), second: side('second') };
  }
  return {
    agreed: row.firstSidePercent === null ? null : { ...splitOf(row.firstSidePercent), agreedAt: row.agreedAt!.toISOString() },
    proposal:
      row.proposedPercent === null || row.proposedBy === null
        ? null
        : { ...splitOf(row.proposedPercent), proposedBy: row.proposedBy, proposedAt: row.proposedAt!.toISOString() },
    canChange: splitCanChange(request, charges, waiting !== null, row.firstSidePercent !== null),
    shares,
    dueBy: row.dueBy && shares && (['first', 'second'] as const).some((s) => owes(shares!, s)) ? row.dueBy.toISOString() : null,
    unfundedAt: row.unfundedAt?.toISOString() ?? null,
    waitingSelection: waiting ? { mediatorId: waiting.acceptance.mediatorId, budget: formatCents(waiting.budget) } : null,
  };
}

/**
 * Joining accepts the offered split, or answers it with another (decision 049): the split row is written with the
 * seat, in the joining transaction.
 */
export async function splitOnJoining(tx: Tx, requestId: string, offered: number, answer: FeeSplitInput | null, now: Date) {
  const counter = answer && answer.firstSidePercent !== offered ? answer.firstSidePercent : null;
  await repo.saveFeeSplit(tx, {
    requestId,
    firstSidePercent: counter === null ? offered : null,
    agreedAt: counter === null ? now : null,
    proposedPercent: counter,
    proposedBy: counter === null ? null : 'second',
    proposedAt: counter === null ? null : now,
    updatedAt: now,
  });
  return counter === null ? 'agreed' : 'proposed';
}

/** Counsel of the case (404 for who may not see it, 403 for anyone else), before a body is read. */
export async function counselSeat(ctx: AppContext, user: SessionUser, requestId: string) {
  const request = await findVisibleRequest(ctx, user, requestId);
  const seat = seatOf(request, user.id);
  if (seat !== 'first' && seat !== 'second') throw forbidden(NOT_COUNSEL);
  return seat;
}

export async function getFeeSplit(ctx: AppContext, user: SessionUser, requestId: string): Promise<FeeSplitDto | null> {
  const request = await findVisibleRequest(ctx, user, requestId);
  if (user.role !== 'admin' && seatOf(request, user.id) === null) throw forbidden('Only counsel and the mediator of this case see how the fee is shared');
  return feeSplitView(ctx.db, request, await repo.findFeeSplit(ctx.db, request.id));
}

type SplitChange = (split: repo.FeeSplitRow, seat: CaseSide, now: Date) => { values: Partial<repo.FeeSplitRow>; outcome: 'proposed' | 'agreed' };

/** A change of the split under the request's lock, with its notice to the other side. */
async function changeSplit(ctx: AppContext, user: SessionUser, requestId: string, change: SplitChange): Promise<FeeSplitDto | null> {
  const now = ctx.clock.now();
  return transaction(ctx, async (tx) => {
    const { request, payment } = await lockInOrder(tx, { requestId, payment: true });
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    const seat = seatOf(request, user.id);
    if (seat !== 'first' && seat !== 'second') throw forbidden(NOT_COUNSEL);
    const split = await repo.findFeeSplit(tx, request.id);
    if (!request.opposingLawyerId || !split) throw conflict('Opposing counsel has not joined this case yet: the split is offered with the invitation');
    const charges = payment?.status === 'held' ? await chargesStillHeld(tx, payment.id) : [];
    const waiting = payment ? await pendingSelection(tx, request, payment) : null;
    if (!splitCanChange(request, charges, waiting !== null, split.firstSidePercent !== null)) {
      throw conflict('The split can no longer change: the other side has paid toward its share, or a mediator is selected');
    }
    const { values, outcome } = change(split, seat, now);
    const saved = await repo.saveFeeSplit(tx, { ...split, ...values, updatedAt: now });
    const other = seat === 'first' ? request.opposingLawyerId : request.lawyerId;
    const percents = splitOf(outcome === 'agreed' ? saved.firstSidePercent! : saved.proposedPercent!);
    const text = `${percents.firstSidePercent}% / ${percents.secondSidePercent}% (inviting side / other side)`;
    await notify(tx, [
      outcome === 'agreed'
        ? {
            userId: other,
            type: 'fee_split_agreed' as const,
            title: 'Fee split agreed',
            message: `${user.firstName} ${user.lastName} accepted the split of the fee for ${request.caseName}: ${text}.`,
            linkUrl: `/requests/${request.id}`,
          }
        : {
            userId: other,
            type: 'fee_split_proposed' as const,
            title: 'A fee split is proposed',
            message: `${user.firstName} ${user.lastName} proposes to share the fee for ${request.caseName} ${text}. Accept it, or propose another.`,
            linkUrl: `/requests/${request.id}`,
          },
    ]);
    // A split agreed after joining starts the clock for the share it makes owed (decision 051).
    if (outcome === 'agreed') await startShareClock(tx, request, now);
    return feeSplitView(tx, request, await repo.findFeeSplit(tx, request.id));
  });
}

/**
 * POST /api/requests/{id}/fee-split: either side proposes a split (replacing an open proposal). Proposing exactly
 * what the other side proposed accepts it; proposing the split already agreed, with nothing open, is a 409.
 */
export function proposeFeeSplit(ctx: AppContext, user: SessionUser, requestId: string, input: FeeSplitInput) {
  return changeSplit(ctx, user, requestId, (split, seat, now) => {
    if (split.proposedBy && split.proposedBy !== seat && split.proposedPercent === input.firstSidePercent) {
      return { values: agreedValues(input.firstSidePercent, now), outcome: 'agreed' };
    }
    if (split.firstSidePercent === input.firstSidePercent && split.proposedPercent === null) throw conflict('That is already the agreed split');
    return {
      values: { proposedPercent: input.firstSidePercent, proposedBy: seat, proposedAt: now },
      outcome: 'proposed',
    };
  });
}

/** POST /api/requests/{id}/fee-split/accept: the other side accepts the open proposal; it becomes the agreed split. */
export function acceptFeeSplit(ctx: AppContext, user: SessionUser, requestId: string) {
  return changeSplit(ctx, user, requestId, (split, seat, now) => {
    if (split.proposedPercent === null || !split.proposedBy) throw conflict('There is no proposed split to accept');
    if (split.proposedBy === seat) throw conflict('You proposed this split: the other side accepts it');
    return { values: agreedValues(split.proposedPercent, now), outcome: 'agreed' };
  });
}

const agreedValues = (firstSidePercent: number, now: Date) => ({
  firstSidePercent,
  agreedAt: now,
  proposedPercent: null,
  proposedBy: null,
  proposedAt: null,
});

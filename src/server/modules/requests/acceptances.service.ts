import { budgetProblem } from '../../../common/domain/fees';
import { counterofferBudget, pricedHours } from '../../../common/domain/pricing';
import { hasReached } from '../../../common/domain/matching';
import { MAX_ACCEPTANCES } from '../../../common/domain/request-status';
import { monthlyCap, monthStartUtc, TIER_LABELS } from '../../../common/domain/tiers';
import { displayMoney, parseCents } from '../../../common/money';
import { AcceptSchema, FREE_TIER_COUNTEROFFER } from '../../../common/schemas/requests';
import { DISCLOSURE_REQUIRED } from '../../../common/schemas/cases';
import type { AppContext } from '../../context';
import { lockInOrder, lockRequestForAccepting } from '../../db/lock-order';
import { AppError, badRequest, conflict, forbidden, notFound, parseInput, unauthorized } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { notify, notifyInStatement } from '../notifications/notifications.service';
import { executeSteps, hasPendingStep, recordIntentClose, updateEscrow, type StepRow } from '../payments/payments.api';
import * as repo from './requests.repo';
import { closeOpenProposalOf } from './selection-proposals.repo';
import { findVisibleRequest, REQUEST_NOT_FOUND } from './requests.service';
import { conflictsFor } from '../cases/conflict-check';
import { releaseSharedSelection } from './shared-selection.service';

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function capMessage(tier: 'free' | 'pro' | 'unlimited', cap: number): string {
  return `You have reached your monthly limit of ${cap} mediations on the ${TIER_LABELS[tier]} plan. Upgrade your subscription to accept more requests this month.`;
}

function disclosureNotices(request: { id: string; caseName: string; lawyerId: string; opposingLawyerId: string | null }, mediatorName: string) {
  return [request.lawyerId, request.opposingLawyerId]
    .filter((id): id is string => id !== null)
    .map((userId) => ({
      userId,
      type: 'conflict_disclosed' as const,
      title: 'A mediator disclosed a possible conflict',
      message: `${mediatorName} accepted ${request.caseName} with a disclosure about a possible conflict. Please read it before the mediator is selected.`,
      linkUrl: `/requests/${request.id}`,
    }));
}

/**
 * Accept (RULES.md 4 + 5). Refusals in the contract's order: 404 (not theirs to see) → 403 (Free tier counteroffer,
 * monthly cap) → 400 (input) → 409 (state, three acceptances, already accepted). The request row and then the
 * mediator's profile row are locked (the lock order), so neither the limit of three nor the cap can be overrun.
 */
export async function acceptRequest(ctx: AppContext, user: SessionUser, requestId: string, rawBody: unknown) {
  if (user.role !== 'mediator') {
    // 404 before 403 (RULES.md 6): a lawyer learns nothing about a request that is not theirs.
    await findVisibleRequest(ctx, user, requestId);
    throw forbidden('Only mediators can accept requests');
  }
  if (!user.profileCompleted) throw forbidden('Complete your profile first');
  const now = ctx.clock.now();
  return transaction(ctx, async (tx) => {
    // The account first (shared, in the request's statement): a deletion of it racing this acceptance ends before or
    // after, never half-way (decision 061). Then the request and, once it is held, the mediator's profile with what
    // accepting reads under the two, in the same statement (the lock order; decision 066).
    const { accountLive, request, mediator: accepting } = await lockRequestForAccepting(tx, user.id, requestId);
    if (!accountLive) throw unauthorized();
    if (!request || !accepting) throw notFound(REQUEST_NOT_FOUND);
    const { mine } = accepting;
    const cap = monthlyCap(accepting.subscriptionTier);
    // Counted after the profile's lock: another acceptance by the same mediator holds it until it commits.
    const monthly = cap === null ? 0 : await repo.monthlyAcceptances(tx, user.id, monthStartUtc(now));
    // Decided from the two rows just locked (the same rule as visibility.ts's SQL): no statement of its own.
    const mediator = { tier: accepting.subscriptionTier, jurisdiction: accepting.jurisdiction, specializations: accepting.specializations };
    if (!mine && !hasReached(mediator, request, now)) throw notFound(REQUEST_NOT_FOUND);

    const body = (rawBody ?? {}) as Record<string, unknown>;
    if (!isBlank(body.proposedRate) && accepting.subscriptionTier === 'free') {
      throw new AppError(403, FREE_TIER_COUNTEROFFER, { fieldErrors: { proposedRate: FREE_TIER_COUNTEROFFER }, code: 'free_tier_counteroffer' });
    }
    if (cap !== null && !mine && monthly >= cap) {
      throw forbidden(capMessage(accepting.subscriptionTier, cap), 'monthly_cap');
    }

    const input = parseInput(AcceptSchema, rawBody);
    if (input.proposedRate) {
      const hours = pricedHours(request);
      const problem = hours ? budgetProblem(counterofferBudget(parseCents(input.proposedRate)!, hours), request.terms!) : null;
      if (problem) {
        const message = `With this rate for ${hours} hours: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`;
        throw badRequest(message, { proposedRate: message });
      }
    }

    // The conflict check (decision 047): a match found in the mediator's earlier cases needs a disclosure. Still 400,
    // so before the state checks; an acceptance already made (409 below) is not re-checked.
    // A case with no second side and no parties listed is not checked (conflictsFor's own rule): known here already.
    const checked = !mine && (request.opposingLawyerId !== null || accepting.listsParties);
    const matches = checked ? await conflictsFor(tx, request.id, user.id) : [];
    if (matches.length && !input.disclosure) throw badRequest(DISCLOSURE_REQUIRED, { disclosure: DISCLOSURE_REQUIRED });

    if (mine) throw conflict('You have already accepted this request');
    if (request.status !== 'pending_mediators' && request.status !== 'awaiting_selection') throw conflict('This request is no longer open for acceptance');
    // The live count the triggers keep on the request row: they update that row with every acceptance change, so under
    // its lock the count is current.
    const live = request.liveAcceptanceCount;
    if (live >= MAX_ACCEPTANCES) throw conflict('This request already has three acceptances');

    // The notices are known before the acceptance is written (its rate is the input's): they go into its statement,
    // so the request's lock, which the other accepts of a busy request queue on, is held for one statement less
    // (decision 066).
    const mediatorName = `${user.firstName} ${user.lastName}`;
    const notices = notifyInStatement(tx, [
      {
        userId: request.lawyerId,
        type: 'acceptance_received',
        title: 'A mediator accepted your request',
        message: `${mediatorName} accepted ${request.caseName}${input.proposedRate ? ` and proposed ${displayMoney(input.proposedRate)}/hour` : ''}. ${live + 1} of 3 acceptances so far.`,
        linkUrl: `/requests/${request.id}`,
      },
      // Both sides read a disclosure before they choose (decision 047).
      ...(input.disclosure ? disclosureNotices(request, mediatorName) : []),
    ]);
    const acceptance = await repo.insertAcceptanceAwaitingSelection(
      tx,
      {
        requestId: request.id,
        mediatorId: user.id,
        proposedRate: input.proposedRate,
        note: input.note,
        noConflictConfirmed: true,
        conflictMatches: matches.length ? matches : null,
        disclosure: input.disclosure,
        acceptedAt: now,
      },
      now,
      notices,
    );
    await notices.written();
    return acceptance;
  });
}

const SELECTING_YOU = 'The lawyer is selecting you right now. Please try again in a moment.';

/**
 * Withdraw (RULES.md 4): only a pending acceptance, and not while the lawyer's selection of this mediator is charging
 * the card; the allowance comes back; the request reopens if none remain. A balance the lawyer was asked to pay with
 * another card for this mediator is closed with it: the terms it priced are gone, even if the same mediator accepts
 * again (decision 025). Paid in a race with the withdrawal, it is refunded on arrival.
 */
export async function withdrawAcceptance(ctx: AppContext, user: SessionUser, requestId: string): Promise<void> {
  if (user.role !== 'mediator') throw notFound('Acceptance not found');
  const now = ctx.clock.now();
  const closeSteps = await transaction(ctx, async (tx): Promise<StepRow[]> => {
    const { request, payment } = await lockInOrder(tx, { requestId, payment: true });
    const mine = request ? await repo.findAcceptance(tx, request.id, user.id) : undefined;
    if (!request || !mine) throw notFound('Acceptance not found');
    if (mine.status !== 'pending')
      throw conflict(mine.status === 'selected' ? 'You were selected for this request and can no longer withdraw' : 'This acceptance was already declined');
    const steps: StepRow[] = [];
    if (payment && request.opposingLawyerId && payment.pendingSelectionMediatorId === user.id) {
      // A two-sided selection waits for the sides' shares, maybe for days (decision 050): the mediator may withdraw,
      // except while a saved card is being charged; the balance shares already paid go back.
      if (await hasPendingStep(tx, payment.id, ['balance_charge'])) throw conflict(SELECTING_YOU, 'payment_in_progress');
      steps.push(...(await releaseSharedSelection(tx, request, payment, now)));
    } else if (payment && payment.pendingSelectionMediatorId === user.id && !payment.balanceIntentId) {
      throw conflict(SELECTING_YOU, 'payment_in_progress');
    }
    if (payment?.balanceIntentId && payment.pendingSelectionMediatorId === user.id) {
      const intentId = payment.balanceIntentId;
      steps.push(await recordIntentClose(tx, { paymentId: payment.id, requestId, intentId, at: now }));
      await updateEscrow(tx, payment.id, { balanceIntentId: null, pendingSelectionMediatorId: null, updatedAt: now });
    }
    await repo.deletePendingAcceptance(tx, mine.id);
    // A proposal naming them can no longer be approved: it closes, and the side asked to approve it hears why.
    const proposalClosed = await closeOpenProposalOf(tx, request.id, user.id, now);
    const remaining = await repo.liveAcceptances(tx, request.id);
    if (request.status === 'awaiting_selection' && remaining.length === 0) {
      await repo.updateRequest(tx, request.id, { status: 'pending_mediators', updatedAt: now });
    }
    await notify(tx, [
      {
        userId: request.lawyerId,
        type: 'acceptance_withdrawn',
        title: 'A mediator withdrew',
        message: `${user.firstName} ${user.lastName} withdrew their acceptance of ${request.caseName}.`,
        linkUrl: `/requests/${request.id}`,
      },
      ...(proposalClosed && request.opposingLawyerId
        ? [
            {
              userId: request.opposingLawyerId,
              type: 'acceptance_withdrawn' as const,
              title: 'The proposed mediator withdrew',
              message: `${user.firstName} ${user.lastName} withdrew their acceptance of ${request.caseName}: there is nothing to approve until another mediator is proposed.`,
              linkUrl: `/requests/${request.id}`,
            },
          ]
        : []),
    ]);
    return steps;
  });
  await executeSteps(ctx, closeSteps);
}

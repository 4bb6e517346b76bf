// Both sides agree on the mediator (issue 23, docs/decisions/045). In a two-sided case the inviting side's selection
// is a proposal; the other side approves it (and then the selection, with its balance charge, happens as RULES.md 2.2
// says) or declines it with a reason (the request stays awaiting selection). A one-sided request selects at once.
import { isUuid } from '../../../common/ids';
import type { AppContext } from '../../context';
import { lockInOrder } from '../../db/lock-order';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { notify } from '../notifications/notifications.service';
import { findUserById } from '../users/users.repo';
import { announceRequestChange } from './request-events';
import { hasAgreedSplit, SPLIT_FIRST } from '../cases/fee-split-writes';
import * as requestsRepo from './requests.repo';
import { findVisibleRequest, REQUEST_NOT_FOUND } from './requests.service';
import { selectMediator, type SelectOutcome } from './selection.service';
import * as repo from './selection-proposals.repo';

type RequestRow = requestsRepo.RequestRow;

export type ProposeOrSelectOutcome = SelectOutcome | { kind: 'proposed'; request: RequestRow };

const NO_OPEN_PROPOSAL = 'There is no proposal waiting for an answer';

/**
 * `POST /api/requests/{id}/select-mediator/{mediatorId}`: selects at once on a one-sided request, or once the other
 * side approved this mediator; otherwise proposes them to the other side (202).
 */
export async function proposeOrSelect(ctx: AppContext, user: SessionUser, requestId: string, mediatorId: string): Promise<ProposeOrSelectOutcome> {
  const request = user.role === 'admin' ? await requestsRepo.findRequest(ctx.db, requestId) : await findVisibleRequest(ctx, user, requestId);
  if (request?.opposingLawyerId && request.lawyerId === user.id && !(await repo.isApproved(ctx.db, request.id, mediatorId))) {
    return { kind: 'proposed', request: await proposeMediator(ctx, user, request.id, mediatorId) };
  }
  return selectMediator(ctx, user, requestId, mediatorId);
}

async function proposeMediator(ctx: AppContext, user: SessionUser, requestId: string, mediatorId: string): Promise<RequestRow> {
  const now = ctx.clock.now();
  return transaction(ctx, async (tx) => {
    const { request } = await lockInOrder(tx, { requestId });
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    if (request.status !== 'awaiting_selection') {
      throw conflict(request.status === 'matched' ? 'A mediator has already been selected for this request' : 'This request is not awaiting selection');
    }
    const acceptance = isUuid(mediatorId) ? await requestsRepo.findAcceptance(tx, request.id, mediatorId) : undefined;
    if (!acceptance) throw notFound('This mediator has not accepted this request');
    if (acceptance.status !== 'pending') throw conflict('This acceptance can no longer be selected');
    // The sides agree how the fee is shared before they agree on who earns it (decision 049).
    if (!(await hasAgreedSplit(tx, request))) throw conflict(SPLIT_FIRST);
    const open = await repo.latestProposal(tx, request.id);
    if (open?.proposal.status === 'proposed') {
      if (open.proposal.mediatorId === mediatorId) throw conflict('This mediator is already proposed: opposing counsel has not answered yet');
      // A new proposal replaces the open one: the other side answers the latest.
      await repo.answerProposal(tx, open.proposal.id, { status: 'withdrawn', respondedById: user.id, respondedAt: now });
    }
    await repo.insertProposal(tx, { requestId: request.id, mediatorId, proposedById: user.id, createdAt: now });
    const mediator = await findUserById(tx, mediatorId);
    await notify(tx, [
      {
        userId: request.opposingLawyerId!,
        type: 'selection_proposed',
        title: 'Approve the proposed mediator',
        message:
          `${user.firstName} ${user.lastName} proposes ${mediator?.firstName ?? ''} ${mediator?.lastName ?? ''} to mediate ${request.caseName}. Approve or decline with a reason.`.replace(
            /\s+/g,
            ' ',
          ),
        linkUrl: `/requests/${request.id}`,
      },
    ]);
    const updated = await requestsRepo.updateRequest(tx, request.id, { updatedAt: now });
    await announceRequestChange(tx, updated);
    return updated;
  });
}

/** The other side's counsel, or the refusal: 404 for who may not see the request, 403 for anyone but that counsel. */
export async function requireSecondSide(ctx: AppContext, user: SessionUser, requestId: string, action: string) {
  const request = await findVisibleRequest(ctx, user, requestId);
  if (request.opposingLawyerId !== user.id) throw forbidden(`Only opposing counsel can ${action} the proposed mediator`);
  return request;
}

/** Closes the open proposal with the other side's answer, under the request's lock; the proposal and the request. */
async function answerOpenProposal(
  ctx: AppContext,
  user: SessionUser,
  requestId: string,
  answer: { status: 'approved' | 'declined' | 'withdrawn'; declineReason?: string | null },
) {
  const now = ctx.clock.now();
  return transaction(ctx, async (tx) => {
    const { request } = await lockInOrder(tx, { requestId });
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    if (request.status !== 'awaiting_selection') throw conflict('This request is no longer awaiting selection');
    const open = await repo.latestProposal(tx, request.id);
    if (open?.proposal.status !== 'proposed') throw conflict(NO_OPEN_PROPOSAL);
    if (answer.status === 'approved') {
      if (!(await hasAgreedSplit(tx, request))) throw conflict(SPLIT_FIRST);
      const acceptance = await requestsRepo.findAcceptance(tx, request.id, open.proposal.mediatorId);
      if (acceptance?.status !== 'pending') throw conflict('This mediator has withdrawn; the proposal can no longer be approved');
    }
    const answered = await repo.answerProposal(tx, open.proposal.id, { ...answer, respondedById: user.id, respondedAt: now });
    if (!answered) throw conflict(NO_OPEN_PROPOSAL);
    const mediatorName = `${open.firstName} ${open.lastName}`;
    const who = `${user.firstName} ${user.lastName}`;
    if (answer.status === 'approved') {
      await notify(tx, [
        {
          userId: request.lawyerId,
          type: 'selection_approved',
          title: 'Opposing counsel approved the mediator',
          message: `${who} approved ${mediatorName} for ${request.caseName}. The selection goes ahead.`,
          linkUrl: `/requests/${request.id}`,
        },
      ]);
    } else if (answer.status === 'declined') {
      await notify(tx, [
        {
          userId: request.lawyerId,
          type: 'selection_declined',
          title: 'Opposing counsel declined the mediator',
          message: `${who} declined ${mediatorName} for ${request.caseName}: “${answer.declineReason}”`,
          linkUrl: `/requests/${request.id}`,
        },
      ]);
    }
    const updated = await requestsRepo.updateRequest(tx, request.id, { updatedAt: now });
    await announceRequestChange(tx, updated);
    return { proposal: answered, request: updated };
  });
}

/**
 * The other side approves: the proposal is closed as approved, then the selection runs as the inviting lawyer's. Each
 * side's share is charged to its own saved card (decision 050); a side whose card declines, or who has none, is told
 * to pay by card, and the selection takes effect once every share is in. The approval stands whatever happens.
 */
export async function approveProposal(ctx: AppContext, user: SessionUser, requestId: string): Promise<RequestRow> {
  await requireSecondSide(ctx, user, requestId, 'approve');
  const { proposal, request } = await answerOpenProposal(ctx, user, requestId, { status: 'approved' });
  const owner = await findUserById(ctx.db, request.lawyerId);
  if (!owner) throw notFound(REQUEST_NOT_FOUND);
  try {
    await selectMediator(ctx, owner, requestId, proposal.mediatorId);
  } catch (error) {
    // The approval stands whatever the selection met (a payment in flight, a cancellation at the same moment): the
    // sides complete it by paying their shares, or the reconciler does; the approver is not answered with someone
    // else's error.
    if (!(error instanceof AppError)) throw error;
    ctx.log.info({ requestId, status: error.statusCode }, 'selection after approval did not complete at once');
  }
  return (await requestsRepo.findRequest(ctx.db, requestId)) ?? request;
}

export async function declineProposal(ctx: AppContext, user: SessionUser, requestId: string, reason: string): Promise<RequestRow> {
  await requireSecondSide(ctx, user, requestId, 'decline');
  return (await answerOpenProposal(ctx, user, requestId, { status: 'declined', declineReason: reason })).request;
}

/** The inviting lawyer takes their open proposal back. */
export async function withdrawProposal(ctx: AppContext, user: SessionUser, requestId: string): Promise<RequestRow> {
  const request = await findVisibleRequest(ctx, user, requestId);
  if (request.lawyerId !== user.id) throw forbidden('Only the lawyer who posted this request can withdraw its proposal');
  return (await answerOpenProposal(ctx, user, requestId, { status: 'withdrawn' })).request;
}

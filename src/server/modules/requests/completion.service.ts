import { checkTransition } from '../../../common/domain/request-status';
import { CompleteSchema } from '../../../common/schemas/after-match';
import type { AppContext } from '../../context';
import { lockInOrder } from '../../db/lock-order';
import { conflict, forbidden, notFound, parseInput } from '../../errors';
import { enqueueJob } from '../../outbox/messages';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { notify } from '../notifications/notifications.service';
import { payoutDueAt } from '../../../common/domain/payout';
import { revealDueAt, reviewsRevealedTogether } from '../../../common/domain/review-reveal';
import { releasePayout } from '../payments/payout.service';
import { endCaseSchedule } from '../scheduling/sessions.service';
import { announceRequestChange } from './request-events';
import * as repo from './requests.repo';
import { findVisibleRequest, REQUEST_NOT_FOUND } from './requests.service';
import { endCaseSigning } from '../signing/envelopes.service';

type RequestRow = repo.RequestRow;

/** Who may start or complete: the selected mediator only; anyone else who can see the request gets 403 (RULES.md 6). */
async function authorizeSelectedMediator(ctx: AppContext, user: SessionUser, requestId: string, what: string): Promise<void> {
  const request = await findVisibleRequest(ctx, user, requestId);
  if (request.selectedMediatorId !== user.id) throw forbidden(`Only the selected mediator can ${what} this mediation`);
}

/** Start (RULES.md 4): matched → in_progress, by the selected mediator; the lawyer sees it live. */
export async function startMediation(ctx: AppContext, user: SessionUser, requestId: string): Promise<RequestRow> {
  await authorizeSelectedMediator(ctx, user, requestId, 'start');
  return transaction(ctx, async (tx) => {
    const { request } = await lockInOrder(tx, { requestId });
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    if (request.selectedMediatorId !== user.id) throw forbidden('Only the selected mediator can start this mediation');
    if (checkTransition('start', request.status, 'selected_mediator') !== 'ok') {
      throw conflict(request.status === 'in_progress' ? 'This mediation has already started' : 'This mediation cannot be started now');
    }
    const updated = await repo.updateRequest(tx, request.id, { status: 'in_progress', updatedAt: ctx.clock.now() });
    await announceRequestChange(tx, updated);
    return updated;
  });
}

/**
 * Complete (RULES.md 4 + 2.3): matched or in_progress → completed by the selected mediator, with the results. In the
 * same transaction: the mediator's completed count, the lawyer's notification, and the payout job due after the
 * request's hold window. With no hold window the payout is released right after commit (the job stays as a backstop).
 */
export async function completeMediation(ctx: AppContext, user: SessionUser, requestId: string, rawBody: unknown): Promise<RequestRow> {
  await authorizeSelectedMediator(ctx, user, requestId, 'complete');
  const input = parseInput(CompleteSchema, rawBody);
  const now = ctx.clock.now();
  const completed = await transaction(ctx, async (tx) => {
    const { request } = await lockInOrder(tx, { requestId, profiles: [user.id] });
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    if (request.selectedMediatorId !== user.id) throw forbidden('Only the selected mediator can complete this mediation');
    if (checkTransition('complete', request.status, 'selected_mediator') !== 'ok') {
      throw conflict(request.status === 'completed' ? 'This mediation is already completed' : 'This mediation cannot be completed now');
    }
    const updated = await repo.updateRequest(tx, request.id, {
      status: 'completed',
      completedAt: now,
      completionResults: input.completionResults,
      deliverables: input.deliverables,
      mediatorProposal: input.mediatorProposal,
      // The outcome for the certificate (issue 26); its day is the completion's (UTC) unless the mediator said another.
      outcome: input.outcome ?? null,
      outcomeDate: input.outcome ? (input.outcomeDate ?? now.toISOString().slice(0, 10)) : null,
      updatedAt: now,
    });
    await repo.incrementCompletedMediations(tx, user.id);
    // A date poll still open has nothing left to schedule (issue 25).
    await endCaseSchedule(tx, ctx, updated, 'The mediation is complete');
    await endCaseSigning(tx, now, updated.id, 'The mediation is complete');
    await notify(tx, [
      {
        userId: request.lawyerId,
        type: 'mediation_completed',
        title: 'Mediation completed',
        message: `${user.firstName} ${user.lastName} marked ${updated.caseName} (Case #${updated.caseNumber}) as complete. You can now rate the mediator.`,
        linkUrl: `/requests/${updated.id}`,
      },
    ]);
    await enqueueJob(tx, 'payment.payout', { requestId: updated.id }, payoutDueAt(updated), `payout:${updated.id}`);
    // A two-sided case's reviews are revealed together, at the latest 14 days from now (decision 048).
    if (reviewsRevealedTogether(updated)) await enqueueJob(tx, 'review.reveal', { requestId: updated.id }, revealDueAt(now), `review-reveal:${updated.id}`);
    await announceRequestChange(tx, updated);
    return updated;
  });
  if (payoutDueAt(completed) <= now) {
    // The completion stands whatever happens here: the payout job (and the reconciler) finish what this starts.
    await releasePayout(ctx, completed.id).catch((error) => ctx.log.warn({ err: error, requestId }, 'immediate payout failed; the job retries it'));
  }
  return completed;
}

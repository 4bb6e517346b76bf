import { isUuid } from '../../../common/ids';
import { checkTransition } from '../../../common/domain/request-status';
import { REASSIGN_TEXTS, type ReassignInput } from '../../../common/schemas/admin-lists';
import type { AppContext } from '../../context';
import { lockInOrder } from '../../db/lock-order';
import { AppError, conflict, fieldError, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { notify } from '../notifications/notifications.service';
import { setPayee } from '../payments/payments.api';
import { announceRequestChange } from '../requests/request-events';
import * as requestsRepo from '../requests/requests.repo';
import { REQUEST_NOT_FOUND } from '../requests/requests.service';
import { findReassignCandidate, moveSelectedAcceptance } from './admin-reassign.repo';
import { appendAudit } from '../../audit/audit.repo';
import { agreementOnReassign } from '../signing/agreement.service';

/** 404 before the body is read (RULES.md 6: 401 → 404 → 403 → 400 → 409); admins see every request. */
export async function assertRequestExists(ctx: AppContext, requestId: string): Promise<void> {
  if (!(await requestsRepo.findRequest(ctx.db, requestId))) throw notFound(REQUEST_NOT_FOUND);
}

/**
 * Reassign (RULES.md 4 + 7): an admin replaces the selected mediator of a matched or in-progress mediation with any
 * mediator who is not suspended. The price stays as it is (budget, fee and payout were fixed at selection); the
 * payment's mediator follows, so the payout and any cancellation fee go to the new one. One transaction under the
 * request's and payment's locks: a completion, a cancellation or another reassignment waits for it or makes it 409.
 */
export async function reassignMediator(ctx: AppContext, admin: SessionUser, requestId: string, input: ReassignInput) {
  const now = ctx.clock.now();
  return transaction(ctx, async (tx) => {
    const { request, payment } = await lockInOrder(tx, { requestId, payment: true });
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    const candidate = isUuid(input.mediatorId) ? await findReassignCandidate(tx, input.mediatorId) : undefined;
    if (!candidate || candidate.role !== 'mediator' || candidate.anonymizedAt) throw fieldError('mediatorId', REASSIGN_TEXTS.notAMediator);
    if (candidate.status === 'suspended') throw fieldError('mediatorId', REASSIGN_TEXTS.suspended);
    if (!candidate.profileCompleted || !candidate.profileId) throw fieldError('mediatorId', REASSIGN_TEXTS.incomplete);
    // Already theirs: a double click or a replay of a reassignment that took effect, "already done" (RULES.md 4 + 6: 409).
    if (candidate.id === request.selectedMediatorId) throw new AppError(409, REASSIGN_TEXTS.same, { fieldErrors: { mediatorId: REASSIGN_TEXTS.same } });
    if (checkTransition('reassign', request.status, 'admin') !== 'ok' || !request.selectedMediatorId) throw conflict(REASSIGN_TEXTS.wrongState);

    const previousId = request.selectedMediatorId;
    // A reassignment keeps the match time: the request was matched when its first mediator was selected, and the
    // analytics count it on that day, once. Only a request matched before matched_at existed (none left after the
    // backfill of migration 0005) would take this time.
    const matchedAt = request.matchedAt ?? now;
    const updated = await requestsRepo.updateRequest(tx, request.id, { selectedMediatorId: candidate.id, matchedAt, updatedAt: now });
    if (payment) await setPayee(tx, payment.id, candidate.id, now);
    await moveSelectedAcceptance(tx, request.id, candidate.id, now);
    await agreementOnReassign(tx, now, updated);

    const caseLabel = `${updated.caseName} (Case #${updated.caseNumber})`;
    const newName = `${candidate.firstName} ${candidate.lastName}`;
    const link = `/requests/${updated.id}`;
    await notify(tx, [
      {
        userId: candidate.id,
        type: 'mediator_reassigned',
        title: 'You were assigned a mediation',
        message: `Our team assigned you to ${caseLabel}. You can now message the lawyer and coordinate the mediation.`,
        linkUrl: link,
      },
      {
        userId: previousId,
        type: 'mediator_reassigned',
        title: 'A mediation was reassigned',
        message: `Our team reassigned ${caseLabel} to another mediator. It no longer appears among your mediations.`,
        linkUrl: null,
      },
      {
        userId: updated.lawyerId,
        type: 'mediator_reassigned',
        title: 'Your mediator changed',
        message: `Our team reassigned ${caseLabel} to ${newName}. The price is unchanged.`,
        linkUrl: link,
      },
      // The second side's counsel (issue 23) is told too; the price is not theirs to pay, so it goes unmentioned.
      ...(updated.opposingLawyerId
        ? [
            {
              userId: updated.opposingLawyerId,
              type: 'mediator_reassigned' as const,
              title: 'The mediator changed',
              message: `Our team reassigned ${caseLabel} to ${newName}.`,
              linkUrl: link,
            },
          ]
        : []),
    ]);
    await appendAudit(tx, {
      actorId: admin.id,
      action: 'request.reassign',
      targetType: 'request',
      targetId: updated.id,
      // A two-sided case's entry names opposing counsel too (issue 23): the side the change also concerned.
      details: {
        from: previousId,
        to: candidate.id,
        status: updated.status,
        ...(updated.opposingLawyerId ? { opposingCounsel: updated.opposingLawyerId } : {}),
      },
      at: now,
    });
    await announceRequestChange(tx, updated, [previousId]);
    return updated;
  });
}

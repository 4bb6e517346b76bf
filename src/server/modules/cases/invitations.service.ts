// Inviting opposing counsel into a case (issue 23, docs/decisions/043). The invitation is a single-use link whose token
// is stored only as its hash; it lasts INVITATION_LIFETIME_DAYS from its last sending. Its e-mail goes through the
// outbox in the transaction that creates it, so the invitation exists if and only if its e-mail will be sent.
import type { InvitationDto, InvitationLanding, InvitationState, InviteCounsel } from '../../../common/schemas/cases';
import { shareOf, splitOf } from '../../../common/domain/fee-split';
import { formatCents, parseCents } from '../../../common/money';
import type { FeeSplitInput } from '../../../common/schemas/fee-split';
import type { AppContext } from '../../context';
import { lockInOrder } from '../../db/lock-order';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { hashToken, newToken } from '../auth/tokens';
import { notify } from '../notifications/notifications.service';
import { findRequest } from '../requests/requests.repo';
import { findVisibleRequest } from '../requests/requests.service';
import { findUserById } from '../users/users.repo';
import { depositOf, splitOnJoining } from './fee-split.service';
import { addCounselToAgreement } from '../signing/agreement.service';
import { counselJoinedPoll } from '../scheduling/polls.service';
import { startShareClock } from '../requests/share-deadline.service';
import * as repo from './invitations.repo';
import { INVITATION_LIFETIME_MS, queueInvitationEmail, sendInvitation } from './invitation-writes';
import { invitationState, presentInvitation } from './invitations.presenter';

export const INVITATION_NOT_FOUND = 'This invitation link is not valid. Ask the lawyer who invited you for a new one.';

/** Why a request cannot take an invitation now, if it cannot. */
function invitationProblem(request: { status: string; opposingLawyerId: string | null }): string | null {
  if (request.opposingLawyerId) return 'Opposing counsel has already joined this case';
  if (request.status === 'cancelled') return 'This request was cancelled';
  if (request.status === 'completed') return 'This mediation is already complete';
  return null;
}

/** The owner of a request, or the refusal RULES.md 6 orders: 404 for who may not see it, 403 for who may not act. */
export async function ownedRequest(ctx: AppContext, user: SessionUser, requestId: string) {
  const request = await findVisibleRequest(ctx, user, requestId);
  if (request.lawyerId !== user.id) throw forbidden('Only the lawyer who posted this request can invite opposing counsel');
  return request;
}

export async function inviteCounsel(ctx: AppContext, user: SessionUser, requestId: string, input: InviteCounsel): Promise<InvitationDto> {
  const request = await ownedRequest(ctx, user, requestId);
  if (input.email === user.email.toLowerCase()) throw badRequest('You cannot invite yourself', { email: 'You cannot invite yourself' });
  const now = ctx.clock.now();
  const row = await transaction(ctx, async (tx) => {
    const { request: locked } = await lockInOrder(tx, { requestId: request.id });
    const problem = locked ? invitationProblem(locked) : 'Request not found';
    if (problem) throw conflict(problem);
    const live = await repo.latestInvitation(tx, request.id);
    if (live && invitationState(live, now) !== 'expired' && (live.status === 'sent' || live.status === 'opened')) {
      throw conflict('An invitation is already out for this case: re-send or revoke it');
    }
    // An expired live invitation is closed first, so the one-live-invitation index admits the new one.
    if (live && (live.status === 'sent' || live.status === 'opened')) await repo.closeInvitation(tx, live.id, now, { status: 'revoked' });
    return sendInvitation(ctx, tx, { request: locked!, inviter: user, invitee: input });
  });
  return presentInvitation(row, now);
}

/** A fresh link for the live (or expired) invitation: the old link stops working, the time starts again. */
export async function resendInvitation(ctx: AppContext, user: SessionUser, requestId: string): Promise<InvitationDto> {
  const request = await ownedRequest(ctx, user, requestId);
  const now = ctx.clock.now();
  const { token, hash } = newToken();
  const row = await transaction(ctx, async (tx) => {
    const { request: locked } = await lockInOrder(tx, { requestId: request.id });
    const problem = locked ? invitationProblem(locked) : 'Request not found';
    if (problem) throw conflict(problem);
    const live = await repo.latestInvitation(tx, request.id);
    if (!live || (live.status !== 'sent' && live.status !== 'opened')) throw conflict('There is no open invitation to re-send: invite opposing counsel again');
    const renewed = await repo.renewInvitation(tx, live.id, hash, now, new Date(now.getTime() + INVITATION_LIFETIME_MS));
    if (!renewed) throw conflict('There is no open invitation to re-send: invite opposing counsel again');
    await queueInvitationEmail(ctx, tx, renewed, token, user, locked!.caseName);
    return renewed;
  });
  return presentInvitation(row, now);
}

export async function revokeInvitation(ctx: AppContext, user: SessionUser, requestId: string): Promise<InvitationDto> {
  const request = await ownedRequest(ctx, user, requestId);
  const now = ctx.clock.now();
  const live = await repo.latestInvitation(ctx.db, request.id);
  if (!live || (live.status !== 'sent' && live.status !== 'opened')) throw conflict('There is no open invitation to revoke');
  const revoked = await transaction(ctx, (tx) => repo.closeInvitation(tx, live.id, now, { status: 'revoked' }));
  if (!revoked) throw conflict('There is no open invitation to revoke');
  return presentInvitation(revoked, now);
}

/** The inviting lawyer's view of the request's latest invitation (null if none was ever sent). */
export async function currentInvitation(ctx: AppContext, user: SessionUser, requestId: string): Promise<InvitationDto | null> {
  const request = await ownedRequest(ctx, user, requestId);
  const row = await repo.latestInvitation(ctx.db, request.id);
  return row ? presentInvitation(row, ctx.clock.now()) : null;
}

/** The invitation a link names, or 404. */
export async function findInvitation(ctx: AppContext, token: string) {
  // Tokens are 43 base64url characters; anything else is not one of ours (and is not hashed or looked up).
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound(INVITATION_NOT_FOUND);
  const row = await repo.findInvitationByTokenHash(ctx.db, hashToken(token));
  if (!row) throw notFound(INVITATION_NOT_FOUND);
  return row;
}

/** What the invitation page shows; the first showing marks the invitation opened (the inviter sees it). */
export async function openInvitation(ctx: AppContext, token: string): Promise<InvitationLanding> {
  const row = await findInvitation(ctx, token);
  const now = ctx.clock.now();
  const [request, inviter] = await Promise.all([findRequest(ctx.db, row.requestId), findUserById(ctx.db, row.invitedById)]);
  if (!request || !inviter) throw notFound(INVITATION_NOT_FOUND);
  const found = invitationState(row, now);
  if (found === 'sent') await repo.markOpened(ctx.db, row.id, now);
  const state: InvitationState = found === 'sent' ? 'opened' : found;
  const [firm] = await repo.counselOf(ctx.db, [inviter.id]);
  return {
    caseName: request.caseName,
    caseNumber: request.caseNumber,
    invitedBy: { firstName: inviter.firstName, lastName: inviter.lastName, firmName: firm?.firmName ?? null },
    inviteeName: row.name,
    inviteeEmail: row.email,
    state,
    usable: state === 'opened',
    expiresAt: row.expiresAt.toISOString(),
    split: offeredSplit(request, await depositOf(ctx.db, request), row.firstSidePercent),
  };
}

/** The split an invitation offers, and what it means in money for the invitee (decision 049). */
function offeredSplit(request: { budget: string }, depositAmount: string, firstSidePercent: number) {
  const deposit = parseCents(depositAmount)!;
  return {
    ...splitOf(firstSidePercent),
    yourDeposit: formatCents(shareOf(deposit, firstSidePercent).second),
    yourBudget: formatCents(shareOf(parseCents(request.budget)!, firstSidePercent).second),
  };
}

/** Why a closed or expired invitation cannot be used, in the invitee's words. */
function unusableMessage(state: InvitationState): string {
  switch (state) {
    case 'joined':
      return 'This invitation was already used to join the case';
    case 'declined':
      return 'This invitation was declined';
    case 'revoked':
      return 'This invitation was withdrawn by the lawyer who sent it';
    case 'expired':
      return 'This invitation has expired. Ask the lawyer who invited you to send it again.';
    default:
      return 'This invitation can no longer be used';
  }
}

/**
 * Joins the case as the second side. The seat is taken by a conditional update on the request (one seat, whatever
 * the number of accounts answering at once), and the invitation is closed by another, in one transaction.
 */
export async function acceptInvitation(
  ctx: AppContext,
  user: SessionUser,
  token: string,
  body: { firstSidePercent?: number; secondSidePercent?: number } | null = null,
): Promise<{ requestId: string; message: string }> {
  // The schema holds both shares or neither: an answer is a split only when it names one.
  const answer: FeeSplitInput | null =
    body?.firstSidePercent === undefined || body.secondSidePercent === undefined
      ? null
      : { firstSidePercent: body.firstSidePercent, secondSidePercent: body.secondSidePercent };
  const row = await findInvitation(ctx, token);
  const now = ctx.clock.now();
  if (user.role !== 'lawyer') throw forbidden('Only a lawyer account can join a case as counsel. Sign in with your lawyer account.');
  const state = invitationState(row, now);
  if (state !== 'sent' && state !== 'opened') throw conflict(unusableMessage(state));
  return transaction(ctx, async (tx) => {
    const { request } = await lockInOrder(tx, { requestId: row.requestId });
    if (!request) throw notFound(INVITATION_NOT_FOUND);
    if (request.lawyerId === user.id) throw conflict('You posted this request: the invitation is for opposing counsel');
    const problem = invitationProblem(request);
    if (problem) throw conflict(problem);
    const closed = await repo.closeInvitation(tx, row.id, now, { status: 'joined', joinedUserId: user.id });
    if (!closed) throw conflict(unusableMessage(invitationState((await repo.latestInvitation(tx, row.requestId)) ?? row, now)));
    if (!(await repo.takeSecondSeat(tx, request.id, user.id, now))) throw conflict('Opposing counsel has already joined this case');
    const split = await splitOnJoining(tx, request.id, row.firstSidePercent, answer, now);
    // The other side's share of a live case is due by a deadline from now (decision 051).
    await startShareClock(tx, { ...request, opposingLawyerId: user.id }, now);
    // A date poll already open now waits for this side's answers too (issue 25).
    await counselJoinedPoll(tx, ctx, { ...request, opposingLawyerId: user.id });
    // A case with an agreement to mediate is signed by the joining counsel too (issue 26).
    await addCounselToAgreement(tx, now, { ...request, opposingLawyerId: user.id }, user.id);
    const name = `${user.firstName} ${user.lastName}`;
    await notify(
      tx,
      [request.lawyerId, request.selectedMediatorId]
        .filter((id): id is string => id !== null)
        .map((userId) => ({
          userId,
          type: 'counsel_joined' as const,
          title: 'Opposing counsel joined',
          message:
            split === 'agreed'
              ? `${name} joined ${request.caseName} as opposing counsel.`
              : `${name} joined ${request.caseName} as opposing counsel and proposes another split of the fee: accept it, or propose another.`,
          linkUrl: `/requests/${request.id}`,
        })),
    );
    return {
      requestId: request.id,
      message: split === 'agreed' ? `You joined ${request.caseName}` : `You joined ${request.caseName}; your split of the fee waits for the other side`,
    };
  });
}

/** The invitee says no (signed in or not: the link is the credential); the inviter is told, with the reason. */
export async function declineInvitation(ctx: AppContext, token: string, reason: string | null): Promise<{ message: string }> {
  const row = await findInvitation(ctx, token);
  const now = ctx.clock.now();
  const state = invitationState(row, now);
  if (state !== 'sent' && state !== 'opened') throw conflict(unusableMessage(state));
  await transaction(ctx, async (tx) => {
    const closed = await repo.closeInvitation(tx, row.id, now, { status: 'declined', declineReason: reason });
    if (!closed) throw conflict(unusableMessage(invitationState((await repo.latestInvitation(tx, row.requestId)) ?? row, now)));
    const request = await findRequest(tx, row.requestId);
    if (!request) return;
    await notify(tx, [
      {
        userId: request.lawyerId,
        type: 'invitation_declined',
        title: 'Invitation declined',
        message: `${row.name} declined to join ${request.caseName}${reason ? `: “${reason}”` : '.'}`,
        linkUrl: `/requests/${request.id}`,
      },
    ]);
  });
  return { message: 'You declined the invitation' };
}

/** The AppError a signed-out caller gets when accepting: the page sends them to sign in or sign up first. */
export const signInToJoin = () => new AppError(401, 'Sign in or create a lawyer account to join this case');

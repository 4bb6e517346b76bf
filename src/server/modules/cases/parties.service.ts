// Parties and firms per side, and the mediator's conflict preview (issue 23, docs/decisions/047).
import { seatOf } from '../../../common/domain/case-access';
import type { CasePartiesInput, CasePartyDto, ConflictMatchDto } from '../../../common/schemas/cases';
import type { AppContext } from '../../context';
import { lockInOrder } from '../../db/lock-order';
import { conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { findVisibleRequest, REQUEST_NOT_FOUND } from '../requests/requests.service';
import { conflictsFor } from './conflict-check';
import { partiesOf, replaceParties } from './parties.repo';

/**
 * Which side's list the caller may write, or the refusal (RULES.md 6: 404 for who may not see the case, then 403).
 * Called before the body is read.
 */
export async function partiesSeat(ctx: AppContext, user: SessionUser, requestId: string) {
  const request = await findVisibleRequest(ctx, user, requestId);
  const seat = seatOf(request, user.id);
  if (seat !== 'first' && seat !== 'second') throw forbidden('Only counsel of this case can list its parties and firms');
  return { request, seat };
}

/** PUT /api/requests/{id}/parties: the caller's side's whole list (or the empty second side's, for the first side). */
export async function replaceSideParties(ctx: AppContext, seat: 'first' | 'second', requestId: string, input: CasePartiesInput): Promise<CasePartyDto[]> {
  const side = input.side ?? seat;
  const now = ctx.clock.now();
  return transaction(ctx, async (tx) => {
    const { request } = await lockInOrder(tx, { requestId });
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    if (side !== seat) {
      // The first side typed opposing counsel's details on the form; once counsel joined, the list is theirs.
      if (seat === 'second') throw forbidden('Only the other side’s counsel can change their parties and firms');
      if (request.opposingLawyerId) throw forbidden('Opposing counsel has joined: they list their own parties and firms now');
    }
    if (request.status === 'completed' || request.status === 'cancelled') throw conflict('This case is closed: its parties and firms can no longer change');
    await replaceParties(tx, request.id, side, input.parties, now);
    return (await partiesOf(tx, request.id)).map((p) => ({ kind: p.kind, name: p.name, side: p.side }));
  });
}

/** GET /api/requests/{id}/conflicts: what the check would find if this mediator accepted now. */
export async function previewConflicts(ctx: AppContext, user: SessionUser, requestId: string): Promise<{ matches: ConflictMatchDto[] }> {
  const request = await findVisibleRequest(ctx, user, requestId);
  if (user.role !== 'mediator') throw forbidden('Only mediators have a conflict check');
  return { matches: await conflictsFor(ctx.db, request.id, user.id) };
}

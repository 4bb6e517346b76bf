// Who may do what with a case's sessions (issue 25, decision 054): the request's visibility first (404, RULES.md 6),
// then the seat (403). Sessions are scheduled while the mediation runs: from the selection until completion.
import { seatOf, type Seat } from '../../../common/domain/case-access';
import type { RequestStatus } from '../../../common/enums';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { lockInOrder } from '../../db/lock-order';
import { conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { findVisibleRequest, REQUEST_NOT_FOUND } from '../requests/requests.service';
import type { RequestRow } from '../requests/requests.repo';
import { requireAgreementSigned } from '../signing/agreement-hold';

export type SchedulingActor = Seat | 'admin';

export const SCHEDULING_TEXTS = {
  notInCase: 'Only the case’s counsel and its mediator take part in scheduling its sessions',
  openers: 'Only the mediator or the requesting counsel can open a date poll',
  answerers: 'Only counsel answer a date poll, each for their own side’s attendees',
  confirmer: 'Only the mediator confirms the session',
  notYet: 'Sessions are scheduled once a mediator is selected',
  ended: 'This case is closed: its sessions can no longer change',
} as const;

/** While sessions may be scheduled, moved and cancelled. */
export const SCHEDULABLE: readonly RequestStatus[] = ['matched', 'in_progress'];

/** The request and the caller's seat in it (an admin reads as 'admin'); 404 unless visible, 403 without a seat. */
export async function seatIn(ctx: AppContext, user: SessionUser, requestId: string): Promise<{ request: RequestRow; seat: SchedulingActor }> {
  const request = await findVisibleRequest(ctx, user, requestId);
  const seat = seatOf(request, user.id) ?? (user.role === 'admin' ? 'admin' : null);
  if (!seat) throw forbidden(SCHEDULING_TEXTS.notInCase);
  await requireAgreementSigned(ctx.db, request, user.id);
  return { request, seat };
}

/** 403 unless the seat is one of `allowed`. */
export function requireSeat<S extends SchedulingActor>(seat: SchedulingActor, allowed: readonly S[], message: string): S {
  if (!(allowed as readonly SchedulingActor[]).includes(seat)) throw forbidden(message);
  return seat as S;
}

/** 409 unless the case is between selection and completion. */
export function requireSchedulable(request: Pick<RequestRow, 'status'>): void {
  if (SCHEDULABLE.includes(request.status)) return;
  throw conflict(['completed', 'cancelled'].includes(request.status) ? SCHEDULING_TEXTS.ended : SCHEDULING_TEXTS.notYet);
}

/** The request under its lock, still schedulable: every write of polls and sessions starts here. */
export async function lockSchedulable(tx: Tx, requestId: string): Promise<RequestRow> {
  const { request } = await lockInOrder(tx, { requestId });
  if (!request) throw notFound(REQUEST_NOT_FOUND);
  requireSchedulable(request);
  return request;
}

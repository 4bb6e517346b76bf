// Who may read and act on a case's signing (decision 055): the request's visibility first (404, RULES.md 6), then the
// seat (403): counsel of either side and the selected mediator take part; admins read.
import { seatOf, type Seat } from '../../../common/domain/case-access';
import type { RequestStatus } from '../../../common/enums';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { lockInOrder } from '../../db/lock-order';
import { conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { findVisibleRequest, REQUEST_NOT_FOUND } from '../requests/requests.service';
import type { RequestRow } from '../requests/requests.repo';
import type { CardReader } from './signing.repo';

export type SigningActor = Seat | 'admin';

export const SIGNING_ACCESS_TEXTS = {
  notInCase: 'Only the case’s counsel and its mediator take part in its documents for signature',
  notYet: 'Documents are signed once a mediator is selected',
  ended: 'This case is closed: its documents can no longer change',
  mediatorOnly: 'Only the mediator can do this',
  counselOnly: 'Only counsel of the case can do this',
} as const;

/** While term sheets are drafted and signed: from the selection until the case ends. */
const SIGNABLE: readonly RequestStatus[] = ['matched', 'in_progress'];

export async function signingSeat(ctx: AppContext, user: SessionUser, requestId: string): Promise<{ request: RequestRow; seat: SigningActor }> {
  const request = await findVisibleRequest(ctx, user, requestId);
  const seat = seatOf(request, user.id) ?? (user.role === 'admin' ? 'admin' : null);
  if (!seat) throw forbidden(SIGNING_ACCESS_TEXTS.notInCase);
  return { request, seat };
}

/** Who reads a case card, as its one statement needs to know (seatOf's seats, findVisibleRequest's rule; decision 063). */
export function cardReader(user: SessionUser): CardReader {
  const admin = user.role === 'admin';
  return { id: user.id, admin, mayMediate: admin || (user.role === 'mediator' && user.profileCompleted) };
}

export function requireSigningSeat<S extends SigningActor>(seat: SigningActor, allowed: readonly S[], message: string): S {
  if (!(allowed as readonly SigningActor[]).includes(seat)) throw forbidden(message);
  return seat as S;
}

/** The request under its lock, between selection and completion: every write of term sheets and signatures. */
export async function lockSignable(tx: Tx, requestId: string): Promise<RequestRow> {
  const { request } = await lockInOrder(tx, { requestId });
  if (!request) throw notFound(REQUEST_NOT_FOUND);
  if (!SIGNABLE.includes(request.status)) {
    throw conflict(['completed', 'cancelled'].includes(request.status) ? SIGNING_ACCESS_TEXTS.ended : SIGNING_ACCESS_TEXTS.notYet);
  }
  return request;
}

// The agreement to mediate's hold on a case (decision 055): while one is out for signature, a counsel who has not
// signed it may read the case's summary but not its channels, documents or sessions. The mediator, admins and a case
// without an agreement out are never held. Only the repository below: the channel, document and file checks of other
// modules import this without pulling in the signing services.
import { seatOf, type CaseSeats } from '../../../common/domain/case-access';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { hasSignedAgreement } from './signing.repo';

export const AGREEMENT_FIRST = 'Sign the agreement to mediate before opening this case’s messages, documents and sessions.';

type HeldCase = CaseSeats & { id: string; agreementPending: boolean };

/** Whether `userId` is held out of the case's channels, documents and sessions. */
export async function heldByAgreement(db: DbOrTx, request: HeldCase, userId: string): Promise<boolean> {
  if (!request.agreementPending) return false;
  const seat = seatOf(request, userId);
  if (seat !== 'first' && seat !== 'second') return false;
  return !(await hasSignedAgreement(db, request.id, userId));
}

/** 403 `agreement_required`, with where to sign, for a held counsel. */
export async function requireAgreementSigned(db: DbOrTx, request: HeldCase, userId: string): Promise<void> {
  if (!(await heldByAgreement(db, request, userId))) return;
  throw agreementRequired(request.id);
}

/** The 403 a held counsel gets (a read that decided the hold in its own statement throws it too, decision 063). */
export function agreementRequired(requestId: string): AppError {
  return new AppError(403, AGREEMENT_FIRST, { code: 'agreement_required', extra: { agreementUrl: `/requests/${requestId}#agreement` } });
}

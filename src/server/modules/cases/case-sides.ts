// The sides of a case as its detail shows them (issue 23): who sits at each, the viewer's seat, the inviting side's
// invitation and the parties each side listed. Reads only; the requests module calls it for its detail.
import { seatOf } from '../../../common/domain/case-access';
import type { CaseSides } from '../../../common/schemas/cases';
import type { DbOrTx } from '../../db/client';
import type { mediationRequests } from '../../db/schema';
import { findFeeSplit } from './fee-split.repo';
import { feeSplitView } from './fee-split.service';
import * as repo from './invitations.repo';
import { presentInvitation } from './invitations.presenter';
import { partiesOf } from './parties.repo';

type RequestRow = typeof mediationRequests.$inferSelect;

/**
 * The sides of a case that has nothing beyond its first counsel (no second side, no invitation, no parties), from what
 * the detail statement already read: no query (the spec's one-sided detail stays one statement).
 */
export function firstSideOnly(request: RequestRow, viewerId: string, first: CaseSides['first']): CaseSides {
  return { mySeat: seatOf(request, viewerId), first, second: null, invitation: null, parties: [], feeSplit: null };
}

/** The sides for a viewer who may see the case (the caller decides that); three reads at once. */
export async function loadCaseSides(db: DbOrTx, request: RequestRow, viewerId: string, now: Date): Promise<CaseSides> {
  const seat = seatOf(request, viewerId);
  const counselIds = [request.lawyerId, ...(request.opposingLawyerId ? [request.opposingLawyerId] : [])];
  const [counsel, invitation, parties, feeSplit] = await Promise.all([
    repo.counselOf(db, counselIds),
    // The invitation is the inviting side's business: its state, the address it went to, a decline's reason.
    seat === 'first' ? repo.latestInvitation(db, request.id) : undefined,
    partiesOf(db, request.id),
    // How the fee is shared (decision 049): the sides' business and the mediator's, once the second side joined.
    seat && request.opposingLawyerId ? findFeeSplit(db, request.id).then((row) => feeSplitView(db, request, row)) : null,
  ]);
  const byId = new Map(counsel.map((c) => [c.id, c]));
  const person = (id: string | null) => {
    const c = id ? byId.get(id) : undefined;
    return c ? { id: c.id, firstName: c.firstName, lastName: c.lastName, firmName: c.firmName, email: c.email } : null;
  };
  return {
    mySeat: seat,
    first: person(request.lawyerId),
    second: person(request.opposingLawyerId),
    invitation: invitation ? presentInvitation(invitation, now) : null,
    parties: parties.map((p) => ({ kind: p.kind, name: p.name, side: p.side })),
    feeSplit,
  };
}

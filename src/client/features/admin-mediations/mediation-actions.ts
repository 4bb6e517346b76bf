import { TRANSITIONS } from '../../../common/domain/request-status';
import type { RequestStatus } from '../../../common/enums';

/** What an admin may do with a mediation in this state (RULES.md 4: the same table the server checks). */
export const canReassign = (status: RequestStatus) => TRANSITIONS.reassign.admin!.includes(status);
export const canCancel = (status: RequestStatus) => TRANSITIONS.cancel.admin!.includes(status);
/** A closed case (completed or cancelled), whose documents the retention policy purges unless held (decision 061). */
export const isClosed = (status: RequestStatus) => status === 'completed' || status === 'cancelled';

import type { Tx } from '../../db/client';
import { publishEvents } from '../../realtime/events.repo';
import type { RequestRow } from './requests.repo';

/** Tells both participants' open pages that the request changed (RULES.md 7, `request_updated`), on commit. */
export function announceRequestChange(tx: Tx, request: RequestRow, extraUserIds: string[] = []) {
  const userIds = [request.lawyerId, ...(request.selectedMediatorId ? [request.selectedMediatorId] : []), ...extraUserIds];
  return publishEvents(tx, [{ type: 'request_updated', requestId: request.id, userIds }]);
}

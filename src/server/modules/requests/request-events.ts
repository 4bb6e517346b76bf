import type { Tx } from '../../db/client';
import { publishEvents } from '../../realtime/events.repo';
import type { RequestRow } from './requests.repo';

/**
 * Tells the participants' open pages that the request changed (RULES.md 7, `request_updated`), on commit: the lawyer,
 * the selected mediator and, in a two-sided case, opposing counsel (issue 23).
 */
export function announceRequestChange(tx: Tx, request: RequestRow, extraUserIds: string[] = []) {
  const userIds = [
    request.lawyerId,
    ...(request.opposingLawyerId ? [request.opposingLawyerId] : []),
    ...(request.selectedMediatorId ? [request.selectedMediatorId] : []),
    ...extraUserIds,
  ];
  return publishEvents(tx, [{ type: 'request_updated', requestId: request.id, userIds }]);
}

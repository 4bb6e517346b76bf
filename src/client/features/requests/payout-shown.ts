import type { RequestDto } from '../../../common/api-types';

/**
 * A mediator's payout: the budget's plan, or, once money has gone anywhere (a refund, a release, a cancellation fee),
 * what was actually paid to them (the selected mediator gets `settlement`; other mediators only see the plan).
 */
export function payoutShown(request: RequestDto): string {
  return request.settlement && !request.settlement.planned ? request.settlement.paidToMediator : request.mediatorPayout;
}

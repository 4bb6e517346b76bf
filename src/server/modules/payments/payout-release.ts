import type { Tx } from '../../db/client';
import { publishEvents } from '../../realtime/events.repo';
import { notify } from '../notifications/notifications.service';
import type { mediationRequests } from '../../db/schema';

// The request row as the database has it: payments reads it, and imports nothing of the requests module.
type RequestRow = typeof mediationRequests.$inferSelect;
import { updatePayment, type PaymentRow } from './payments.repo';
import { hasPendingStep } from './steps.repo';
import { displayMoney } from '../../../common/money';

/**
 * Called when a payout transfer settles, inside that transaction (at its time), under the request and payment locks: once no payout transfer is pending the
 * payment is `released` (RULES.md 2.6) and the mediator is told (`payment_processed`). Runs once: a released payment
 * is never released again.
 */
export async function finishPayoutIfSettled(tx: Tx, at: Date, request: RequestRow, payment: PaymentRow): Promise<void> {
  if (payment.status !== 'held' || (await hasPendingStep(tx, payment.id, ['transfer']))) return;
  await updatePayment(tx, payment.id, { status: 'released', updatedAt: at });
  if (!payment.mediatorId) return;
  await notify(tx, [
    {
      userId: payment.mediatorId,
      type: 'payment_processed',
      title: 'Payout sent',
      message: `Your payout of ${displayMoney(payment.mediatorPayout)} for ${request.caseName} (Case #${request.caseNumber}) has been sent to your payout account.`,
      linkUrl: `/requests/${request.id}`,
    },
  ]);
  await publishEvents(tx, [{ type: 'request_updated', requestId: request.id, userIds: [request.lawyerId, payment.mediatorId] }]);
}

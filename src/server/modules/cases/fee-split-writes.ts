// What the request flow asks of the fee split inside its own transactions (decision 049): whether a split is agreed
// (no mediator is proposed or approved before), and closing the share payments still waiting for a card when a case
// is cancelled. Imports no service, so the requests module may call it (as invitation-writes.ts).
import type { DbOrTx, Tx } from '../../db/client';
import type { mediationRequests } from '../../db/schema';
import { recordIntentClose, type PaymentRow, type StepRow } from '../payments/payments.api';
import * as repo from './fee-split.repo';

type RequestRow = typeof mediationRequests.$inferSelect;

export const SPLIT_FIRST = 'Agree on how the fee is shared first: a split is proposed and waits for the other side';

/** Whether the sides agreed a split (a one-sided case has nothing to agree). */
export async function hasAgreedSplit(db: DbOrTx, request: Pick<RequestRow, 'id' | 'opposingLawyerId'>): Promise<boolean> {
  if (!request.opposingLawyerId) return true;
  return (await repo.findFeeSplit(db, request.id))?.firstSidePercent != null;
}

/** A cancelled case closes every share attempt still waiting for a card, so none can be paid; a late one is refunded. */
export async function closeShareAttempts(tx: Tx, payment: PaymentRow, requestId: string, now: Date): Promise<StepRow[]> {
  const steps: StepRow[] = [];
  for (const open of await repo.openShareIntentsOf(tx, requestId)) {
    await repo.settleShareIntent(tx, open.id, { status: 'closed', updatedAt: now });
    if (open.intentId) steps.push(await recordIntentClose(tx, { paymentId: payment.id, requestId, intentId: open.intentId, at: now }));
  }
  return steps;
}

// What the request flow asks of the fee split inside its own transactions (decisions 049, 050): whether a split is
// agreed (no mediator is proposed or approved before), a side's saved card, the charges as shares, returning what a
// side holds beyond its share, and closing the share payments still waiting for a card. Imports no service, so the
// requests module may call it (as invitation-writes.ts).
import { balanceExcessRefunds, excessRefunds, type ShareCharge } from '../../../common/domain/fee-split';
import type { CaseSide } from '../../../common/enums';
import { parseCents, type Cents } from '../../../common/money';
import type { DbOrTx, Tx } from '../../db/client';
import type { mediationRequests } from '../../db/schema';
import { chargesStillHeld, recordIntentClose, recordRefund, type HeldCharge, type PaymentRow, type StepRow } from '../payments/payments.api';
import * as repo from './fee-split.repo';

type RequestRow = typeof mediationRequests.$inferSelect;

export const SPLIT_FIRST = 'Agree on how the fee is shared first: a split is proposed and waits for the other side';

/** Whether the sides agreed a split (a one-sided case has nothing to agree). */
export async function hasAgreedSplit(db: DbOrTx, request: Pick<RequestRow, 'id' | 'opposingLawyerId'>): Promise<boolean> {
  if (!request.opposingLawyerId) return true;
  return (await repo.findFeeSplit(db, request.id))?.firstSidePercent != null;
}

/** The case's split row (the split, its deadline, whether it closed unfunded), or undefined on a one-sided case. */
export const feeSplitRowOf = (db: DbOrTx, requestId: string) => repo.findFeeSplit(db, requestId);

/** Sets when the shares now owed must be paid by (decision 051). */
export const setShareDueBy = (tx: Tx, requestId: string, dueBy: Date, at: Date) => repo.updateFeeSplit(tx, requestId, { dueBy, updatedAt: at });

/** Marks the case as closed because a share was not paid by its deadline (decision 051). */
export const markUnfunded = (tx: Tx, requestId: string, at: Date) => repo.updateFeeSplit(tx, requestId, { unfundedAt: at, updatedAt: at });

/** The agreed split's first-side percent, or null before one is agreed. */
export async function agreedPercent(db: DbOrTx, requestId: string): Promise<number | null> {
  return (await repo.findFeeSplit(db, requestId))?.firstSidePercent ?? null;
}

/** The charges of one kind as shares: a charge without a side (paid before the case had two) funds the first side. */
export const shareChargesOf = (charges: readonly HeldCharge[], kind: HeldCharge['kind']): ShareCharge[] =>
  charges.filter((c) => c.kind === kind).map((c) => ({ chargeId: c.chargeId, side: c.shareSide ?? 'first', held: c.amount }));

/**
 * The card a side's counsel saved with the payment they made last for their own side (decision 050): the inviting
 * side's deposit card, or the card the other side paid its share with. Null when the side never paid by card.
 */
export async function savedCardOf(db: DbOrTx, request: Pick<RequestRow, 'id' | 'lawyerId'>, payment: PaymentRow, side: CaseSide, counselId: string) {
  const own = await repo.latestOwnShareCard(db, request.id, side, counselId);
  if (own) return own;
  return side === 'first' && request.lawyerId === counselId ? payment.paymentMethodId : null;
}

const RETURNED = { deposit: 'Returned: the other side paid its share of the deposit', balance: 'Returned: this side holds more than its share of the balance' };
const PAID_TWICE = { deposit: 'Returned: this share of the deposit was already paid', balance: 'Returned: this share of the balance was already paid' };

/**
 * Returns what each side holds beyond its share (decisions 049, 050): of the deposit (the inviting side's excess once
 * the other side's share is held, or a share paid twice) and, while a two-sided selection at `pendingBudget` waits for
 * its shares, of the balance. `latest` (the charge that just arrived) counts as the latest, so a share paid twice is
 * returned from it. The refund steps and how much goes back to each payer.
 */
export async function returnExcess(
  tx: Tx,
  payment: PaymentRow,
  requestId: string,
  firstSidePercent: number,
  pendingBudget: Cents | null,
  latest: string | null,
  at: Date,
): Promise<{ steps: StepRow[]; returnedTo: Map<string, Cents> }> {
  const held = await chargesStillHeld(tx, payment.id);
  const payerOf = new Map(held.map((c) => [c.chargeId, c.payerId]));
  const lastOf = (shares: ShareCharge[]) => shares.sort((a, b) => Number(a.chargeId === latest) - Number(b.chargeId === latest));
  const deposit = parseCents(payment.depositAmount)!;
  const refunds = [
    ...excessRefunds(deposit, firstSidePercent, lastOf(shareChargesOf(held, 'deposit_charge'))).map((r) => ({ ...r, kind: 'deposit' as const })),
    ...(pendingBudget === null
      ? []
      : balanceExcessRefunds(pendingBudget, deposit, firstSidePercent, lastOf(shareChargesOf(held, 'balance_charge'))).map((r) => ({
          ...r,
          kind: 'balance' as const,
        }))),
  ];
  const steps: StepRow[] = [];
  const returnedTo = new Map<string, Cents>();
  for (const refund of refunds) {
    const to = payerOf.get(refund.chargeId)!;
    returnedTo.set(to, (returnedTo.get(to) ?? 0) + refund.amount);
    const reason = refund.chargeId === latest ? PAID_TWICE[refund.kind] : RETURNED[refund.kind];
    steps.push(await recordRefund(tx, { paymentId: payment.id, requestId, chargeId: refund.chargeId, amount: refund.amount, reason, at }));
  }
  return { steps, returnedTo };
}

/** Closes a case's open share attempts of a kind (all when none is named), so none can be paid; a late one is refunded. */
export async function closeShareAttemptsOf(tx: Tx, payment: PaymentRow, requestId: string, kind: 'deposit' | 'balance' | null, now: Date): Promise<StepRow[]> {
  const steps: StepRow[] = [];
  for (const open of await repo.openShareIntentsOf(tx, requestId)) {
    if (kind && open.kind !== kind) continue;
    await repo.settleShareIntent(tx, open.id, { status: 'closed', updatedAt: now });
    if (open.intentId) steps.push(await recordIntentClose(tx, { paymentId: payment.id, requestId, intentId: open.intentId, at: now }));
  }
  return steps;
}

/** A cancelled case closes every share attempt still waiting for a card, so none can be paid; a late one is refunded. */
export const closeShareAttempts = (tx: Tx, payment: PaymentRow, requestId: string, now: Date) => closeShareAttemptsOf(tx, payment, requestId, null, now);

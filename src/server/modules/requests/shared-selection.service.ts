// The selection of a two-sided case (issue 24, docs/decisions/050): once both sides approved the mediator, each side
// pays its own share of the balance (and of the deposit, if it still owes it). Each share is charged to that side's
// saved card; a side whose card declines, or who has none, pays by card from the request page, while the other side's
// charge stands. The selection takes effect when every share is funded. A one-sided request never comes here.
import { depositPosition, sharesDue, type ShareDue } from '../../../common/domain/fee-split';
import type { CaseSide } from '../../../common/enums';
import { displayCents, parseCents, type Cents } from '../../../common/money';
import type { SavedCardCharge } from '../../adapters/payments';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { conflict } from '../../errors';
import { transaction } from '../../unit-of-work';
import { agreedPercent, closeShareAttemptsOf, returnExcess, savedCardOf, shareChargesOf } from '../cases/fee-split-writes';
import { notify } from '../notifications/notifications.service';
import {
  chargesStillHeld,
  executeSteps,
  recordCharge,
  recordRefund,
  recordSavedCardShare,
  updateEscrow,
  type PaymentRow,
  type StepRow,
} from '../payments/payments.api';
import * as requestsRepo from './requests.repo';
import { announceRequestChange } from './request-events';
import { applySelection, finalBudgetOf, settleSelectionCharge } from './selection-effect';
import { startShareClock } from './share-deadline.service';

type RequestRow = requestsRepo.RequestRow;
type AcceptanceRow = requestsRepo.AcceptanceRow;

/** What a started two-sided selection did under the locks: selected at once, or the saved-card charges to make. */
export type SharedStart = { kind: 'selected'; request: RequestRow; refunds: StepRow[] } | { kind: 'charging'; charges: StepRow[]; refunds: StepRow[] };

const NOT_USABLE = 'Share paid after the selection could no longer take effect';
const WITHDRAWN = 'The mediator withdrew before the selection took effect';

/** The mediator a two-sided selection waits for and its budget, or null when none is waiting (or it can no longer be). */
export async function pendingSelection(db: DbOrTx, request: RequestRow, payment: PaymentRow): Promise<{ acceptance: AcceptanceRow; budget: Cents } | null> {
  const mediatorId = payment.pendingSelectionMediatorId;
  if (!request.opposingLawyerId || !mediatorId || request.status !== 'awaiting_selection' || payment.balanceIntentId) return null;
  const acceptance = await requestsRepo.findAcceptance(db, request.id, mediatorId);
  if (acceptance?.status !== 'pending') return null;
  return { acceptance, budget: finalBudgetOf(request, acceptance) };
}

/** While a share can be paid: the case is live, until the mediation is complete (the payout then draws on what is held). */
export const TAKES_SHARES: readonly string[] = ['pending_mediators', 'awaiting_selection', 'matched', 'in_progress'];

/**
 * The budget the sides' shares are of, once one is fixed: a waiting selection's, or a matched (or started) case's (the other side
 * joined after the selection, decision 050: it owes its shares of that budget, returned to the inviting side once
 * paid). Null before a budget is fixed (only the deposit is owed then).
 */
export async function sharedBudget(db: DbOrTx, request: RequestRow, payment: PaymentRow): Promise<Cents | null> {
  if (!request.opposingLawyerId) return null;
  if (request.status === 'matched' || request.status === 'in_progress') return parseCents(request.budget);
  return (await pendingSelection(db, request, payment))?.budget ?? null;
}

/** What every side still owes before the waiting selection takes effect, deposit shares first (empty: funded). */
async function duesOf(db: DbOrTx, payment: PaymentRow, percent: number, budget: Cents): Promise<ShareDue[]> {
  const held = await chargesStillHeld(db, payment.id);
  return sharesDue(budget, parseCents(payment.depositAmount)!, percent, {
    deposit: shareChargesOf(held, 'deposit_charge'),
    balance: shareChargesOf(held, 'balance_charge'),
  });
}

/**
 * Everything the sides owe now (decision 051 sets its deadline): once a budget is fixed (a waiting selection, a matched
 * case), every share of it still unpaid; otherwise each side's outstanding share of the deposit. Empty when nothing is
 * owed or no split is agreed.
 */
export async function duesNow(db: DbOrTx, request: RequestRow, payment: PaymentRow): Promise<ShareDue[]> {
  const percent = await agreedPercent(db, request.id);
  if (percent === null || payment.status !== 'held') return [];
  const budget = await sharedBudget(db, request, payment);
  if (budget !== null) return duesOf(db, payment, percent, budget);
  const outstanding = depositPosition(
    parseCents(payment.depositAmount)!,
    percent,
    shareChargesOf(await chargesStillHeld(db, payment.id), 'deposit_charge'),
  ).outstanding;
  return (['first', 'second'] as const).filter((side) => outstanding[side] > 0).map((side) => ({ side, kind: 'deposit' as const, amount: outstanding[side] }));
}

/** What a side owes now (its deposit share before its balance share), or null when it owes nothing. */
export async function sideDueNow(db: DbOrTx, request: RequestRow, payment: PaymentRow, side: CaseSide): Promise<ShareDue | null> {
  return (await duesNow(db, request, payment)).find((due) => due.side === side) ?? null;
}

const counselOf = (request: RequestRow, side: CaseSide) => (side === 'first' ? request.lawyerId : request.opposingLawyerId!);

/**
 * Starts a two-sided selection under the request's and payment's locks (the caller checked the approval, the
 * acceptance and the held deposit): the selection waits for this mediator, what a side holds beyond its share at this
 * budget goes back, and every share still due is charged to its side's saved card after commit. A side with no saved
 * card is told to pay. Takes effect at once when nothing is due.
 */
export async function startSharedSelection(tx: Tx, now: Date, request: RequestRow, acceptance: AcceptanceRow, payment: PaymentRow): Promise<SharedStart> {
  const percent = await agreedPercent(tx, request.id);
  if (percent === null) throw conflict('Agree on how the fee is shared first: a split is proposed and waits for the other side');
  const attempt = payment.balanceAttempt + 1;
  await updateEscrow(tx, payment.id, { balanceAttempt: attempt, pendingSelectionMediatorId: acceptance.mediatorId, updatedAt: now });
  const waiting = { ...payment, balanceAttempt: attempt, pendingSelectionMediatorId: acceptance.mediatorId };
  const budget = finalBudgetOf(request, acceptance);
  const refunds = (await returnExcess(tx, waiting, request.id, percent, budget, null, now)).steps;
  const dues = await duesOf(tx, waiting, percent, budget);
  if (dues.length === 0) return { kind: 'selected', request: await applySelection(tx, now, request, acceptance, waiting, null), refunds };
  const charges: StepRow[] = [];
  const unpaid = new Map<CaseSide, Cents>();
  for (const due of dues) {
    const payerId = counselOf(request, due.side);
    const card = await savedCardOf(tx, request, payment, due.side, payerId);
    if (!card) {
      unpaid.set(due.side, (unpaid.get(due.side) ?? 0) + due.amount);
      continue;
    }
    charges.push(
      await recordSavedCardShare(tx, {
        paymentId: payment.id,
        requestId: request.id,
        mediatorId: acceptance.mediatorId,
        paymentMethodId: card,
        attempt,
        side: due.side,
        shareKind: due.kind,
        payerId,
        amount: due.amount,
        at: now,
      }),
    );
  }
  for (const [side, amount] of unpaid) await tellShareDue(tx, request, side, amount, 'No card is saved for your side of this case');
  // What a saved card does not pay is due by a deadline (decision 051).
  await startShareClock(tx, request, now);
  // Both sides' pages show what each side owes now (the approval's own announcement may have been read before this).
  await announceRequestChange(tx, request);
  return { kind: 'charging', charges, refunds };
}

async function tellShareDue(tx: Tx, request: RequestRow, side: CaseSide, amount: Cents, why: string) {
  await notify(tx, [
    {
      userId: counselOf(request, side),
      type: 'share_due',
      title: 'Pay your share to complete the selection',
      message: `Both sides approved the mediator for ${request.caseName}. Your share (${displayCents(amount)}) is due: ${why}. Open the request to pay it by card.`,
      linkUrl: `/requests/${request.id}`,
    },
  ]);
}

/**
 * The waiting selection takes effect if every share is funded (under the locks, after a share's charge was recorded);
 * the matched request, or null while a share is still due.
 */
export async function completeIfFunded(tx: Tx, now: Date, request: RequestRow, payment: PaymentRow): Promise<RequestRow | null> {
  const waiting = await pendingSelection(tx, request, payment);
  const percent = await agreedPercent(tx, request.id);
  if (!waiting || percent === null || (await duesOf(tx, payment, percent, waiting.budget)).length > 0) return null;
  return applySelection(tx, now, request, waiting.acceptance, payment, null);
}

export type SharedChargeOutcome = 'selected' | 'waiting' | 'declined' | 'refunded';

/**
 * Settles one side's saved-card charge (after the selection's call, or the reconciler's repeat of it): recorded
 * against its payer and side, the selection completed if it was the last share due; money that arrives when the
 * selection can no longer take effect goes back at once. A declined card: that side is told to pay with another.
 */
export async function settleSharedCharge(ctx: AppContext, step: StepRow, charge: SavedCardCharge): Promise<SharedChargeOutcome> {
  const now = ctx.clock.now();
  const { requestId, mediatorId } = step.params;
  const side = step.params.side as CaseSide;
  const amount = parseCents(step.amount)!;
  const settled = await transaction(ctx, async (tx) => {
    const { request, payment } = await settleSelectionCharge(tx, step, charge, now);
    if (!charge.ok) {
      if (payment.pendingSelectionMediatorId === mediatorId && request.status === 'awaiting_selection') {
        await tellShareDue(tx, request, side, amount, `your saved card was declined (${charge.message})`);
        await announceRequestChange(tx, request);
      }
      return { outcome: 'declined' as const, steps: [] };
    }
    await recordCharge(tx, {
      paymentId: payment.id,
      kind: step.params.shareKind === 'deposit' ? 'deposit_charge' : 'balance_charge',
      amount,
      chargeId: charge.chargeId,
      idempotencyKey: step.idempotencyKey,
      payerId: step.params.payerId,
      shareSide: side,
      at: now,
    });
    const waiting = payment.pendingSelectionMediatorId === mediatorId ? await pendingSelection(tx, request, payment) : null;
    const percent = await agreedPercent(tx, request.id);
    if (!waiting || percent === null) {
      const refund = await recordRefund(tx, { paymentId: payment.id, requestId, chargeId: charge.chargeId, amount, reason: NOT_USABLE, at: now });
      return { outcome: 'refunded' as const, steps: [refund] };
    }
    const { steps } = await returnExcess(tx, payment, requestId, percent, waiting.budget, charge.chargeId, now);
    const selected = await completeIfFunded(tx, now, request, payment);
    if (!selected) await announceRequestChange(tx, request);
    return { outcome: selected ? ('selected' as const) : ('waiting' as const), steps };
  });
  await executeSteps(ctx, settled.steps);
  return settled.outcome;
}

/**
 * The waiting selection can no longer take effect (its mediator withdrew): it stops waiting, every balance share
 * already charged goes back to its payer, and the share payments still open for the balance are closed. The deposit
 * shares stay: they fund the request, whoever is selected. Under the locks; the steps run after commit.
 */
export async function releaseSharedSelection(tx: Tx, request: RequestRow, payment: PaymentRow, now: Date): Promise<StepRow[]> {
  await updateEscrow(tx, payment.id, { pendingSelectionMediatorId: null, updatedAt: now });
  await announceRequestChange(tx, request);
  const steps = await closeShareAttemptsOf(tx, payment, request.id, 'balance', now);
  for (const held of await chargesStillHeld(tx, payment.id)) {
    if (held.kind !== 'balance_charge' || held.amount === 0) continue;
    steps.push(
      await recordRefund(tx, { paymentId: payment.id, requestId: request.id, chargeId: held.chargeId, amount: held.amount, reason: WITHDRAWN, at: now }),
    );
  }
  return steps;
}

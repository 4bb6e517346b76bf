import type { PayoutPart } from '../../../common/domain/payout';
import type { CaseSide } from '../../../common/enums';
import type { Cents } from '../../../common/money';
import type { DbOrTx, Tx } from '../../db/client';
import { eventKeys, paymentKeys } from './idempotency-keys';
import * as payments from './payments.repo';
import { payoutTransferStep, transferStep } from './payout.service';
import * as steps from './steps.repo';

/**
 * The payments module's surface for the modules it serves (docs/decisions/040). Other modules never write payments'
 * tables themselves: they record money movements here, under the request and payment locks they took through
 * `lockInOrder`, and hand the returned steps to `executeSteps` after commit (docs/decisions/011). Every idempotency key
 * is built in idempotency-keys.ts. A later purpose (a second payer, shares) extends these functions, not the callers'
 * SQL.
 */

export type PaymentRow = payments.PaymentRow;
export type LedgerRow = payments.LedgerRow;
export type StepRow = steps.StepRow;
export type StepKind = steps.StepKind;
export type PaymentValues = Parameters<typeof payments.updatePayment>[2];

export { executeSteps } from './steps';
export { chargesStillHeld, recordPayoutSteps, type HeldCharge } from './payout.service';
export { paymentKeys } from './idempotency-keys';

// Reads for other modules.
export const findPaymentForRequest = (db: DbOrTx, requestId: string) => payments.findPaymentForRequest(db, requestId);
export const ledgerFor = (db: DbOrTx, paymentId: string) => payments.ledgerFor(db, paymentId);
export const ledgersFor = (db: DbOrTx, paymentIds: string[]) => payments.ledgersFor(db, paymentIds);
export const chargeOf = payments.chargeOf;
export const hasOpenDispute = (db: DbOrTx, requestId: string) => payments.hasOpenDispute(db, requestId);
/** Whether money of these kinds is moving for the payment right now (recorded, not yet settled). */
export const hasPendingStep = (tx: DbOrTx, paymentId: string, kinds: StepKind[]) => steps.hasPendingStep(tx, paymentId, kinds);
/** Every step recorded for a payment, oldest first. */
export const stepsOf = (tx: DbOrTx, paymentId: string) => steps.stepsOf(tx, paymentId);
/**
 * Money steps still pending (recorded, the provider's answer not settled) and the time the oldest was recorded, on the
 * app's clock as the steps are: the reconciler settles those older than a minute (reconcile.ts). Read by the metrics.
 */
export const pendingSteps = (db: DbOrTx) => steps.pendingStepsSummary(db);

// The escrow row (RULES.md 2: one per request).
export const openPayment = (tx: Tx, values: Parameters<typeof payments.insertPayment>[1]) => payments.insertPayment(tx, values);
export const updateEscrow = (tx: Tx, paymentId: string, values: PaymentValues) => payments.updatePayment(tx, paymentId, values);
/** The mediator the held money is for (an admin's reassignment; a selection sets it with the final split). */
export const setPayee = (tx: Tx, paymentId: string, mediatorId: string, at: Date) => payments.updatePayment(tx, paymentId, { mediatorId, updatedAt: at });

/**
 * Marks a provider outcome as acted on, in the transaction that acts on it; false for a replay (a second
 * confirmation, a duplicate webhook, the reconciler after the request path), which must change nothing.
 */
export const claimIntentOutcome = (tx: Tx, intentId: string, outcome: 'succeeded' | 'failed') =>
  steps.claimProviderEvent(tx, eventKeys.intentOutcome(intentId, outcome));

/** A charge the provider confirmed (deposit or balance): its ledger entry, once per key. */
export async function recordCharge(
  tx: Tx,
  charge: {
    paymentId: string;
    kind: 'deposit_charge' | 'balance_charge';
    amount: Cents;
    chargeId: string;
    idempotencyKey: string;
    /** Who paid (decision 049), and on a two-sided case the side whose share it funds (the payer's own, or the other's). */
    payerId: string;
    shareSide?: CaseSide | null;
    at: Date;
  },
): Promise<void> {
  await payments.appendLedger(tx, {
    paymentId: charge.paymentId,
    kind: charge.kind,
    amount: charge.amount,
    providerRef: charge.chargeId,
    idempotencyKey: charge.idempotencyKey,
    payerId: charge.payerId,
    shareSide: charge.shareSide ?? null,
    at: charge.at,
  });
}

/** Part of a deposit the platform keeps with no money moving at the provider (cancelled by an admin before selection). */
export async function recordKeptByPlatform(
  tx: Tx,
  kept: { paymentId: string; platformFee: Cents; note: string; payerId: string; shareSide: CaseSide | null; n: number; at: Date },
): Promise<void> {
  await payments.appendLedger(tx, {
    paymentId: kept.paymentId,
    kind: 'cancellation_fee',
    amount: 0,
    platformFee: kept.platformFee,
    providerRef: 'platform',
    idempotencyKey: paymentKeys.keptByPlatform(kept.paymentId, kept.n),
    note: kept.note,
    payerId: kept.payerId,
    shareSide: kept.shareSide,
    at: kept.at,
  });
}

/** A refund to the charge that holds the money: the payment's next refund step (`refund:{paymentId}:{n}`). */
export async function recordRefund(
  tx: Tx,
  refund: { paymentId: string; requestId: string; chargeId: string; amount: Cents; reason: string; at: Date },
): Promise<StepRow> {
  const n = (await steps.countSteps(tx, refund.paymentId, 'refund')) + 1;
  return steps.recordStep(tx, {
    paymentId: refund.paymentId,
    kind: 'refund',
    idempotencyKey: paymentKeys.refund(refund.paymentId, n),
    amount: refund.amount,
    params: { requestId: refund.requestId, chargeId: refund.chargeId, reason: refund.reason },
    createdAt: refund.at,
  });
}

/** A transfer to the mediator from one source charge (`payout:{paymentId}:{chargeId}`): payout or cancellation fee. */
export const recordTransfer = (tx: Tx, transfer: Parameters<typeof transferStep>[0]) => steps.recordStep(tx, transferStep(transfer));

/** A payout part (common/domain/payout.ts) as a transfer step. */
export const recordPayoutTransfer = (tx: Tx, payment: PaymentRow, requestId: string, part: PayoutPart, note: string, at: Date) =>
  steps.recordStep(tx, payoutTransferStep(payment, requestId, part, note, at));

/** Closes an open intent so it can never be paid (`cancel:{intentId}`); a paid one is acted on, then refunded. */
export const recordIntentClose = (tx: Tx, close: { paymentId: string; requestId: string; intentId: string; at: Date }) =>
  steps.recordStep(tx, {
    paymentId: close.paymentId,
    kind: 'cancel_intent',
    idempotencyKey: paymentKeys.closeIntent(close.intentId),
    params: { requestId: close.requestId, intentId: close.intentId },
    createdAt: close.at,
  });

/**
 * The balance to charge to the saved card (`balance:{requestId}:{attempt}`). Its owner (the selection) runs and
 * settles it itself, and registers a resumer for the reconciler (payment-registry.ts).
 */
export const recordBalanceCharge = (
  tx: Tx,
  charge: { paymentId: string; requestId: string; mediatorId: string; paymentMethodId: string; attempt: number; amount: Cents; at: Date },
) =>
  steps.recordStep(tx, {
    paymentId: charge.paymentId,
    kind: 'balance_charge',
    idempotencyKey: paymentKeys.balance(charge.requestId, charge.attempt),
    amount: charge.amount,
    params: { requestId: charge.requestId, mediatorId: charge.mediatorId, paymentMethodId: charge.paymentMethodId, attempt: String(charge.attempt) },
    createdAt: charge.at,
  });

/**
 * One side's share charged to its saved card at a two-sided selection (decision 050): a `balance_charge` step like the
 * one-sided balance, owned and settled by the selection, naming the side, what the share is of, and who pays.
 */
export const recordSavedCardShare = (
  tx: Tx,
  charge: {
    paymentId: string;
    requestId: string;
    mediatorId: string;
    paymentMethodId: string;
    attempt: number;
    side: CaseSide;
    shareKind: 'deposit' | 'balance';
    payerId: string;
    amount: Cents;
    at: Date;
  },
) =>
  steps.recordStep(tx, {
    paymentId: charge.paymentId,
    kind: 'balance_charge',
    idempotencyKey: paymentKeys.savedCardShare(charge.requestId, charge.attempt, charge.side, charge.shareKind),
    amount: charge.amount,
    params: {
      requestId: charge.requestId,
      mediatorId: charge.mediatorId,
      paymentMethodId: charge.paymentMethodId,
      attempt: String(charge.attempt),
      side: charge.side,
      shareKind: charge.shareKind,
      payerId: charge.payerId,
    },
    createdAt: charge.at,
  });

/** The step, locked after its request and payment (the lock order), for its owner to settle. */
export const lockStep = (tx: Tx, stepId: string) => steps.lockStep(tx, stepId);
/** Settles a pending step with what the provider answered (a settled step is never settled again). */
export const settleStep = (tx: Tx, stepId: string, status: 'succeeded' | 'failed', result: Record<string, string>, at: Date) =>
  steps.settleStep(tx, stepId, status, result, at);

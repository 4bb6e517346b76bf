import type { CaseSide } from '../../../common/enums';
import { allocatePayout, payoutDueAt, type PayoutPart, type SourceCharge } from '../../../common/domain/payout';
import { formatCents, parseCents, type Cents } from '../../../common/money';
import type { AppContext } from '../../context';
import { lockInOrder } from '../../db/lock-order';
import { transaction } from '../../unit-of-work';
import type { Tx } from '../../db/client';
import type { mediationRequests } from '../../db/schema';

// The request row as the database has it: payments reads it, and imports nothing of the requests module.
type RequestRow = typeof mediationRequests.$inferSelect;
import type { DbOrTx } from '../../db/client';
import { paymentKeys } from './idempotency-keys';
import { hasOpenDispute, ledgerFor, type PaymentRow } from './payments.repo';
import { executeSteps } from './steps';
import { recordStep, stepsOf, type NewStep, type StepRow } from './steps.repo';

/**
 * Releases a completed mediation's payout (RULES.md 2.3): budget − fee to the mediator's payout account, one
 * transfer per source charge with the key `payout:{paymentId}:{chargeId}`. Under the locks it only records the
 * transfer steps; the provider is called after commit, and each settled step appends its ledger entry; the last
 * one marks the payment `released` (payout-release.ts). Safe to run any number of times, on any instance: the steps'
 * keys are unique, a settled step is never repeated, and a payment no longer held is left alone. Waits while the hold
 * window runs or a dispute is open.
 */
export async function releasePayout(ctx: AppContext, requestId: string): Promise<void> {
  const steps = await transaction(ctx, async (tx): Promise<StepRow[]> => {
    const { request, payment } = await lockInOrder(tx, { requestId, payment: true });
    if (!request || !payment || request.status !== 'completed' || payment.status !== 'held' || !payment.mediatorId) return [];
    if (ctx.clock.now() < payoutDueAt(request)) return [];
    if (await hasOpenDispute(tx, request.id)) return [];
    return recordPayoutSteps(tx, request, payment, ctx.clock.now());
  });
  await executeSteps(ctx, steps);
}

/**
 * Records the planned payout's transfer steps (budget − fee, one per source charge) for a held payment, under the
 * caller's request and payment locks; returns those still to run. The payout job calls it once the hold window has
 * passed, an admin's "release" resolution of a dispute at once (disputes.service.ts). The keys make a second call a
 * no-op.
 */
export async function recordPayoutSteps(tx: Tx, request: RequestRow, payment: PaymentRow, at: Date): Promise<StepRow[]> {
  if (payment.status !== 'held' || !payment.mediatorId) return [];
  // The deposit first, then the balance: the fee comes out of the deposit (allocatePayout), whatever the ledger order.
  // Only what each charge still holds: a balance refunded on arrival (a selection that could not happen) pays nothing.
  const charges = (await chargesStillHeld(tx, payment.id)).filter((c) => c.amount > 0);
  const parts = allocatePayout(charges, parseCents(payment.platformFee)!);
  const recorded: StepRow[] = [];
  for (const part of parts) recorded.push(await recordStep(tx, payoutTransferStep(payment, request.id, part, 'Payout', at)));
  return recorded.filter((step) => step.status === 'pending');
}

export interface HeldCharge extends SourceCharge {
  kind: 'deposit_charge' | 'balance_charge';
  /** Who paid it, and the side whose share it funds (decision 049): a refund from it goes back to this payer. */
  payerId: string;
  shareSide: CaseSide | null;
}

/**
 * What each charge that paid for the mediation still holds, deposit charges first, then balance charges: its amount
 * less the refunds recorded against it (settled or still running; a failed one gave nothing back). A charge that
 * arrived when it could no longer be used (a balance paid after the mediator withdrew, a superseded deposit) is
 * refunded at once and holds nothing, so no later refund, transfer or split may draw on it: money is taken from, and
 * given back to, the charge that actually holds it (one transfer per source charge, RULES.md 2).
 */
export async function chargesStillHeld(tx: DbOrTx, paymentId: string): Promise<HeldCharge[]> {
  const refunded = new Map<string, number>();
  for (const step of await stepsOf(tx, paymentId)) {
    if (step.kind !== 'refund' || step.status === 'failed' || !step.params.chargeId) continue;
    refunded.set(step.params.chargeId, (refunded.get(step.params.chargeId) ?? 0) + parseCents(step.amount)!);
  }
  const entries = await ledgerFor(tx, paymentId);
  return (['deposit_charge', 'balance_charge'] as const).flatMap((kind) =>
    entries
      .filter((e) => e.kind === kind)
      .map((e) => ({
        kind,
        chargeId: e.providerRef,
        amount: parseCents(e.amount)! - (refunded.get(e.providerRef) ?? 0),
        payerId: e.payerId,
        shareSide: e.shareSide,
      })),
  );
}

/**
 * A transfer to the mediator from one source charge (`payout:{paymentId}:{chargeId}`): the payout, a dispute's split,
 * or the fee kept from a cancelled deposit; `platformFee` is the commission the platform keeps from that charge.
 */
export function transferStep(transfer: {
  paymentId: string;
  requestId: string;
  mediatorId: string;
  sourceChargeId: string;
  amount: Cents;
  platformFee: Cents;
  ledgerKind: 'payout_transfer' | 'cancellation_fee';
  note: string;
  at: Date;
}): NewStep {
  return {
    paymentId: transfer.paymentId,
    kind: 'transfer',
    idempotencyKey: paymentKeys.payout(transfer.paymentId, transfer.sourceChargeId),
    amount: transfer.amount,
    params: {
      requestId: transfer.requestId,
      mediatorId: transfer.mediatorId,
      sourceChargeId: transfer.sourceChargeId,
      ledgerKind: transfer.ledgerKind,
      platformFee: formatCents(transfer.platformFee),
      note: transfer.note,
    },
    createdAt: transfer.at,
  };
}

/** A transfer to the mediator from one source charge: one per charge, whatever pays it (payout job or dispute). */
export function payoutTransferStep(payment: PaymentRow, requestId: string, part: PayoutPart, note: string, at: Date): NewStep {
  return transferStep({
    paymentId: payment.id,
    requestId,
    mediatorId: payment.mediatorId!,
    sourceChargeId: part.chargeId,
    amount: part.transfer,
    platformFee: part.platformFee,
    ledgerKind: 'payout_transfer',
    note,
    at,
  });
}

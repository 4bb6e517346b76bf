import { allocatePayout, payoutDueAt, type PayoutPart, type SourceCharge } from '../../../common/domain/payout';
import { formatCents, parseCents } from '../../../common/money';
import type { AppContext } from '../../context';
import { lockInOrder } from '../../db/lock-order';
import { transaction } from '../../unit-of-work';
import type { Tx } from '../../db/client';
import type { RequestRow } from '../requests/requests.repo';
import { hasOpenDispute, ledgerFor, type LedgerRow, type PaymentRow } from './payments.repo';
import { executeSteps } from './steps';
import { recordStep, type NewStep, type StepRow } from './steps.repo';

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
    return recordPayoutSteps(tx, request, payment);
  });
  await executeSteps(ctx, steps);
}

/**
 * Records the planned payout's transfer steps (budget − fee, one per source charge) for a held payment, under the
 * caller's request and payment locks; returns those still to run. The payout job calls it once the hold window has
 * passed, an admin's "release" resolution of a dispute at once (disputes.service.ts). The keys make a second call a
 * no-op.
 */
export async function recordPayoutSteps(tx: Tx, request: RequestRow, payment: PaymentRow): Promise<StepRow[]> {
  if (payment.status !== 'held' || !payment.mediatorId) return [];
  // The deposit first, then the balance: the fee comes out of the deposit (allocatePayout), whatever the ledger order.
  const charges = sourceCharges(await ledgerFor(tx, payment.id));
  const parts = allocatePayout(charges, parseCents(payment.platformFee)!);
  const recorded: StepRow[] = [];
  for (const part of parts) recorded.push(await recordStep(tx, payoutTransferStep(payment, request.id, part, 'Payout')));
  return recorded.filter((step) => step.status === 'pending');
}

/** The charges that paid for a mediation, deposit first, then balance (the order fees and refunds are taken in). */
export function sourceCharges(entries: LedgerRow[]): SourceCharge[] {
  return (['deposit_charge', 'balance_charge'] as const)
    .flatMap((kind) => entries.filter((e) => e.kind === kind))
    .map((e) => ({ chargeId: e.providerRef, amount: parseCents(e.amount)! }));
}

/** A transfer to the mediator from one source charge: one per charge, whatever pays it (payout job or dispute). */
export function payoutTransferStep(payment: PaymentRow, requestId: string, part: PayoutPart, note: string): NewStep {
  return {
    paymentId: payment.id,
    kind: 'transfer',
    idempotencyKey: `payout:${payment.id}:${part.chargeId}`,
    amount: part.transfer,
    params: {
      requestId,
      mediatorId: payment.mediatorId!,
      sourceChargeId: part.chargeId,
      ledgerKind: 'payout_transfer',
      platformFee: formatCents(part.platformFee),
      note,
    },
  };
}

import { formatCents, parseCents } from '../../../common/money';
import type { AppContext } from '../../context';
import { lockInOrder } from '../../db/lock-order';
import { transaction } from '../../unit-of-work';
import { onIntentSucceeded } from './payment-registry';
import { appendLedger, chargeEntryOf, findPayoutAccount, savePayoutAccount, updatePayment } from './payments.repo';
import { waitForPayoutAccount } from './payout-account-wait';
import { finishPayoutIfSettled } from './payout-release';
import { bumpStepAttempts, lockStep, settleStep, type StepRow } from './steps.repo';

/**
 * Runs one recorded money step (docs/decisions/011): the provider call with the step's idempotency key and no lock
 * held, then the settlement in a second transaction. Safe to repeat: the provider answers a repeated key with the
 * first outcome, and a settled step is never settled again. Steps of a kind whose owner runs them itself (the
 * selection's `balance_charge`) are resumed through the owner's registered resumer (payment-registry.ts), not here.
 */
export async function executeStep(ctx: AppContext, step: StepRow): Promise<void> {
  if (step.status !== 'pending') return;
  await bumpStepAttempts(ctx.db, step.id);
  const amount = parseCents(step.amount)!;
  const p = step.params;
  let result: Record<string, string>;
  switch (step.kind) {
    case 'refund': {
      const { refundId } = await ctx.payments.refund({ chargeId: p.chargeId, amount, idempotencyKey: step.idempotencyKey });
      result = { ref: refundId };
      break;
    }
    case 'transfer': {
      const accountId = await ctx.payments.ensurePayoutAccount(p.mediatorId, await findPayoutAccount(ctx.db, p.mediatorId));
      if (amount > 0) {
        // Never pay an account that cannot receive it yet: the step stays pending until the account is ready.
        const account = await ctx.payments.payoutAccountStatus(accountId);
        if (!account.ready) return waitForPayoutAccount(ctx, step, accountId, account.requirements);
      }
      const transfer =
        amount > 0
          ? await ctx.payments.transfer({
              accountId,
              amount,
              idempotencyKey: step.idempotencyKey,
              sourceChargeId: p.sourceChargeId,
              transferGroup: step.paymentId,
            })
          : { transferId: 'none' };
      result = { ref: transfer.transferId, accountId };
      break;
    }
    case 'cancel_intent': {
      await ctx.payments.cancelIntent(p.intentId);
      // A paid intent cannot be closed. If its success was never acted on (a process died between a webhook's claim
      // and its effect, and the reconciler skips a payment no longer pending), act on it now: money that arrived for
      // a cancelled request is recorded and refunded on arrival. The intent's own claim makes this a no-op otherwise.
      const intent = await ctx.payments.retrieveIntent(p.intentId);
      if (intent?.status === 'succeeded') await onIntentSucceeded(ctx, intent);
      result = {};
      break;
    }
    default:
      throw new Error(`executeStep cannot run a ${step.kind} step`);
  }
  await settle(ctx, step, result);
}

async function settle(ctx: AppContext, step: StepRow, result: Record<string, string>): Promise<void> {
  const now = ctx.clock.now();
  await transaction(ctx, async (tx) => {
    const { request, payment } = await lockInOrder(tx, { requestId: step.params.requestId, payment: true });
    const locked = await lockStep(tx, step.id);
    if (!request || !payment || locked?.status !== 'pending') return;
    const amount = parseCents(step.amount)!;
    // Whose money moves (decision 049): the payer of the charge the refund goes back to, or the transfer is paid from.
    const source = await chargeEntryOf(tx, payment.id, step.kind === 'refund' ? step.params.chargeId : step.params.sourceChargeId);
    const owner = { payerId: source?.payerId ?? payment.lawyerId, shareSide: source?.shareSide ?? null };
    if (step.kind === 'refund') {
      await appendLedger(tx, {
        paymentId: payment.id,
        kind: 'refund',
        amount,
        providerRef: result.ref,
        idempotencyKey: step.idempotencyKey,
        note: step.params.reason,
        ...owner,
        at: now,
      });
      await updatePayment(tx, payment.id, { refundAmount: formatCents(parseCents(payment.refundAmount)! + amount), updatedAt: now });
    }
    if (step.kind === 'transfer') {
      await savePayoutAccount(tx, step.params.mediatorId, result.accountId);
      await appendLedger(tx, {
        paymentId: payment.id,
        kind: step.params.ledgerKind === 'payout_transfer' ? 'payout_transfer' : 'cancellation_fee',
        amount,
        platformFee: parseCents(step.params.platformFee ?? '0') ?? 0,
        providerRef: result.ref,
        idempotencyKey: step.idempotencyKey,
        note: step.params.note,
        ...owner,
        at: now,
      });
      if (result.ref !== 'none') await updatePayment(tx, payment.id, { transferId: result.ref, updatedAt: now });
    }
    await settleStep(tx, step.id, 'succeeded', result, now);
    if (step.params.ledgerKind === 'payout_transfer') await finishPayoutIfSettled(tx, now, request, payment);
  });
}

/**
 * Runs steps right after the transaction that recorded them. A provider that fails or cannot be reached leaves the
 * step pending for the reconciler (reconcile.ts): the change the caller made stands, and the money follows.
 */
export async function executeSteps(ctx: AppContext, steps: StepRow[]): Promise<void> {
  for (const step of steps) {
    try {
      await executeStep(ctx, step);
    } catch (error) {
      ctx.log.warn({ err: error, stepId: step.id, kind: step.kind }, 'payment step failed; the reconciler will retry it');
    }
  }
}

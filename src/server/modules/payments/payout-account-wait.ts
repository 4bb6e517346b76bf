import type { AppContext } from '../../context';
import { transaction } from '../../unit-of-work';
import { notify } from '../notifications/notifications.service';
import { eventKeys } from './idempotency-keys';
import { savePayoutAccount } from './payments.repo';
import { claimProviderEvent, type StepRow } from './steps.repo';

/**
 * A payout transfer whose mediator's payout account cannot receive money yet (Stripe: hosted onboarding not finished).
 * The step stays pending — the reconciler retries it, and an `account.updated` webhook runs it as soon as the account
 * is ready — and the account id is kept so that webhook finds the mediator. The mediator is told once per payment
 * what is still missing (the claim makes a retried or concurrent step tell nobody twice). In the app only: the
 * e-mailed kinds are about money sent, and this is not one.
 */
export async function waitForPayoutAccount(ctx: AppContext, step: StepRow, accountId: string, requirements: string[]): Promise<void> {
  const mediatorId = step.params.mediatorId;
  await transaction(ctx, async (tx) => {
    await savePayoutAccount(tx, mediatorId, accountId);
    if (!(await claimProviderEvent(tx, eventKeys.payoutWaiting(step.paymentId)))) return;
    const missing = requirements.length ? ` Still needed: ${requirements.join('; ')}.` : '';
    await notify(tx, [
      {
        userId: mediatorId,
        type: 'payment_failed',
        title: 'Payout waiting for your payout account',
        message: `A payout is ready for you but cannot be sent until your payout account setup with our payment provider is complete.${missing} It is sent automatically once your account is ready.`,
        // The Earnings page, where the payout account card shows what is missing and the onboarding link.
        linkUrl: '/payments',
      },
    ]);
  });
  ctx.log.info({ stepId: step.id, accountId }, 'payout waits for the payout account to be ready');
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { parseCents, type Cents } from '../../../common/money';
import type { DbOrTx } from '../../db/client';
import { mediatorProfiles, paymentSteps, processedProviderEvents } from '../../db/schema';
import type { StepRow } from './steps.repo';

/** Gives a webhook event back when handling it failed, so Stripe's redelivery is handled rather than skipped. */
export async function releaseProviderEvent(db: DbOrTx, eventKey: string): Promise<void> {
  await db.delete(processedProviderEvents).where(eq(processedProviderEvents.eventKey, eventKey));
}

/** The mediator whose payout account this is, if it is one of ours. */
export async function findMediatorByPayoutAccount(db: DbOrTx, accountId: string): Promise<string | null> {
  const [row] = await db.select({ userId: mediatorProfiles.userId }).from(mediatorProfiles).where(eq(mediatorProfiles.payoutAccountId, accountId)).limit(1);
  return row?.userId ?? null;
}

/** Transfers to a mediator still waiting to run (a payout or cancellation fee held back until their account is ready). */
export async function pendingTransfersTo(db: DbOrTx, mediatorId: string): Promise<StepRow[]> {
  return db
    .select()
    .from(paymentSteps)
    .where(and(eq(paymentSteps.kind, 'transfer'), eq(paymentSteps.status, 'pending'), sql`${paymentSteps.params}->>'mediatorId' = ${mediatorId}`));
}

/** What our refund steps (made or under way) take from a charge: a provider refund beyond it was not made by us. */
export async function refundedByUs(db: DbOrTx, chargeId: string): Promise<Cents> {
  const rows = await db
    .select({ amount: paymentSteps.amount })
    .from(paymentSteps)
    .where(
      and(eq(paymentSteps.kind, 'refund'), inArray(paymentSteps.status, ['pending', 'succeeded']), sql`${paymentSteps.params}->>'chargeId' = ${chargeId}`),
    );
  return rows.reduce((sum, r) => sum + parseCents(r.amount)!, 0);
}

import { and, asc, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { SubscriptionTier } from '../../../common/enums';
import { formatCents, type Cents } from '../../../common/money';
import type { DbOrTx, Tx } from '../../db/client';
import { mediatorProfiles, subscriptionCharges, subscriptions } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type ProfileTierRow = { subscriptionTier: SubscriptionTier; userId: string };

export async function findSubscription(db: DbOrTx, mediatorId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.mediatorId, mediatorId)).limit(1);
  return row;
}

export async function findSubscriptionById(db: DbOrTx, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row;
}

/** The tier the monthly cap and counteroffer rules read (mediator_profiles.subscriptionTier). */
export async function findProfileTier(db: DbOrTx, mediatorId: string): Promise<SubscriptionTier | undefined> {
  const [row] = await db.select({ tier: mediatorProfiles.subscriptionTier }).from(mediatorProfiles).where(eq(mediatorProfiles.userId, mediatorId)).limit(1);
  return row?.tier;
}

/**
 * The mediator's subscription row, locked: created (Free) first if onboarding predates subscriptions. The caller has
 * already locked the mediator's profile (lockInOrder): the subscription row comes after it in the lock order.
 */
export async function lockSubscriptionRow(tx: Tx, mediatorId: string): Promise<SubscriptionRow> {
  await tx.insert(subscriptions).values({ mediatorId, tier: 'free' }).onConflictDoNothing({ target: subscriptions.mediatorId });
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.mediatorId, mediatorId)).for('update');
  return row;
}

export async function updateSubscription(tx: DbOrTx, id: string, values: Partial<typeof subscriptions.$inferInsert>): Promise<SubscriptionRow> {
  const [row] = await tx.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning();
  return row;
}

/**
 * Takes back a cancellation (POST /api/subscription/resume): one conditional update, so a second resume, or one that
 * lost to the period's end, changes nothing. True when this call cleared it.
 */
export async function clearCancellation(tx: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: false, updatedAt: at })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.cancelAtPeriodEnd, true)))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/** The tier both rows carry: the subscription's and the profile's (which the cap and counteroffer rules read). */
export async function setProfileTier(tx: DbOrTx, mediatorId: string, tier: SubscriptionTier, startedAt: Date | null): Promise<void> {
  await tx
    .update(mediatorProfiles)
    .set(startedAt ? { subscriptionTier: tier, subscriptionStartDate: startedAt } : { subscriptionTier: tier })
    .where(eq(mediatorProfiles.userId, mediatorId));
}

export interface NewSubscriptionCharge {
  subscriptionId: string;
  mediatorId: string;
  kind: 'upgrade' | 'renewal' | 'refund';
  tier: SubscriptionTier;
  amount: Cents;
  status: 'succeeded' | 'failed';
  idempotencyKey: string;
  providerRef: string | null;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  failureMessage?: string | null;
  /** For a refund: the provider's id of the charge it gives back. */
  refundOf?: string | null;
  at: Date;
}

/** Appends one charge the provider answered; the idempotency key makes a replay a no-op. True when it was new. */
export async function appendSubscriptionCharge(tx: DbOrTx, charge: NewSubscriptionCharge): Promise<boolean> {
  const { at, amount, ...rest } = charge;
  const rows = await tx
    .insert(subscriptionCharges)
    .values({ ...rest, amount: formatCents(amount), createdAt: at })
    .onConflictDoNothing({ target: subscriptionCharges.idempotencyKey })
    .returning({ id: subscriptionCharges.id });
  return rows.length > 0;
}

export async function hasSubscriptionCharge(db: DbOrTx, idempotencyKey: string, kind?: NewSubscriptionCharge['kind']): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptionCharges.id })
    .from(subscriptionCharges)
    .where(
      kind
        ? and(eq(subscriptionCharges.idempotencyKey, idempotencyKey), eq(subscriptionCharges.kind, kind))
        : eq(subscriptionCharges.idempotencyKey, idempotencyKey),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Subscriptions whose money is in flight and untouched since `before`, for the reconciler: renewal charges recorded
 * but not settled (a crash, a job out of retries), then upgrade intents whose outcome we may not have heard, newest
 * first (an abandoned payment dialog stays open and must not crowd out the recent ones).
 */
export async function subscriptionsInFlight(db: DbOrTx, before: Date, limit = 100): Promise<SubscriptionRow[]> {
  const renewals = await db
    .select()
    .from(subscriptions)
    .where(and(isNotNull(subscriptions.renewalKey), lte(subscriptions.updatedAt, before)))
    .orderBy(asc(subscriptions.updatedAt))
    .limit(limit);
  const upgrades = await db
    .select()
    .from(subscriptions)
    .where(and(isNotNull(subscriptions.pendingIntentId), lte(subscriptions.updatedAt, before)))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(limit);
  return [...renewals, ...upgrades.filter((u) => !renewals.some((r) => r.id === u.id))];
}

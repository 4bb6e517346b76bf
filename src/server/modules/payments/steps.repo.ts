import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { formatCents, type Cents } from '../../../common/money';
import type { DbOrTx } from '../../db/client';
import { paymentSteps, processedProviderEvents } from '../../db/schema';

export type StepRow = typeof paymentSteps.$inferSelect;
export type StepKind = 'refund' | 'transfer' | 'balance_charge' | 'cancel_intent';

export interface NewStep {
  paymentId: string;
  kind: StepKind;
  idempotencyKey: string;
  amount?: Cents;
  params: Record<string, string>;
  /** The app's clock, as every row of ours: the reconciler reads steps' age on it (ctx.clock). */
  createdAt: Date;
}

/** Records a step `pending`; a repeat with the same key returns the step already recorded. */
export async function recordStep(tx: DbOrTx, step: NewStep): Promise<StepRow> {
  await tx
    .insert(paymentSteps)
    .values({ ...step, amount: formatCents(step.amount ?? 0) })
    .onConflictDoNothing({ target: paymentSteps.idempotencyKey });
  const [row] = await tx.select().from(paymentSteps).where(eq(paymentSteps.idempotencyKey, step.idempotencyKey));
  return row;
}

/** The step, locked (after its request and payment: the lock order), for settling. */
export async function lockStep(tx: DbOrTx, id: string): Promise<StepRow | undefined> {
  const [row] = await tx.select().from(paymentSteps).where(eq(paymentSteps.id, id)).for('update');
  return row;
}

export async function settleStep(tx: DbOrTx, id: string, status: 'succeeded' | 'failed', result: Record<string, string>, at: Date): Promise<void> {
  await tx
    .update(paymentSteps)
    .set({ status, result, settledAt: at })
    .where(and(eq(paymentSteps.id, id), eq(paymentSteps.status, 'pending')));
}

export async function countSteps(tx: DbOrTx, paymentId: string, kind: StepKind): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentSteps)
    .where(and(eq(paymentSteps.paymentId, paymentId), eq(paymentSteps.kind, kind)));
  return Number(row?.n ?? 0);
}

/** Whether money is moving for this payment right now (a step recorded, its provider call not yet settled). */
export async function hasPendingStep(tx: DbOrTx, paymentId: string, kinds: StepKind[]): Promise<boolean> {
  const rows = await tx
    .select({ id: paymentSteps.id })
    .from(paymentSteps)
    .where(and(eq(paymentSteps.paymentId, paymentId), eq(paymentSteps.status, 'pending'), inArray(paymentSteps.kind, kinds)))
    .limit(1);
  return rows.length > 0;
}

/** Steps still pending since `before` or earlier: left by a crash or a failed call, for the reconciler. */
export async function stalePendingSteps(db: DbOrTx, before: Date, limit = 50): Promise<StepRow[]> {
  return db
    .select()
    .from(paymentSteps)
    .where(and(eq(paymentSteps.status, 'pending'), lte(paymentSteps.createdAt, before)))
    .orderBy(asc(paymentSteps.createdAt))
    .limit(limit);
}

export async function bumpStepAttempts(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(paymentSteps)
    .set({ attempts: sql`${paymentSteps.attempts} + 1` })
    .where(eq(paymentSteps.id, id));
}

/**
 * Marks a provider outcome as acted on. False when it already was: the caller is a replay (a second confirmation,
 * a duplicate webhook, the reconciler after the request path) and must change nothing.
 */
export async function claimProviderEvent(tx: DbOrTx, eventKey: string): Promise<boolean> {
  const rows = await tx.insert(processedProviderEvents).values({ eventKey }).onConflictDoNothing().returning({ key: processedProviderEvents.eventKey });
  return rows.length > 0;
}

/** Every step recorded for a payment (to work out what each charge still holds). */
export async function stepsOf(tx: DbOrTx, paymentId: string): Promise<StepRow[]> {
  return tx.select().from(paymentSteps).where(eq(paymentSteps.paymentId, paymentId)).orderBy(asc(paymentSteps.createdAt));
}

/** How many steps are pending and when the oldest was recorded (the metrics' view of the reconciler's work, decision 059). */
export async function pendingStepsSummary(db: DbOrTx): Promise<{ count: number; oldestCreatedAt: Date | null }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | Date | null>`min(${paymentSteps.createdAt})` })
    .from(paymentSteps)
    .where(eq(paymentSteps.status, 'pending'));
  return { count: Number(row?.n ?? 0), oldestCreatedAt: row?.oldest ? new Date(row.oldest) : null };
}

import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { CaseSide, LedgerKind } from '../../../common/enums';
import { formatCents, parseCents, type Cents } from '../../../common/money';
import type { DbOrTx } from '../../db/client';
import { disputes, ledgerEntries, mediatorProfiles, payments } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type LedgerRow = typeof ledgerEntries.$inferSelect;

export async function findPaymentForRequest(db: DbOrTx, requestId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.requestId, requestId)).limit(1);
  return row;
}

export async function updatePayment(tx: DbOrTx, id: string, values: Partial<typeof payments.$inferInsert>): Promise<PaymentRow> {
  const [row] = await tx.update(payments).set(values).where(eq(payments.id, id)).returning();
  return row;
}

/** Appends one money movement; the idempotency key makes a replay a no-op (RULES.md 2). */
export async function appendLedger(
  tx: DbOrTx,
  entry: {
    paymentId: string;
    kind: LedgerKind;
    amount: Cents;
    platformFee?: Cents;
    providerRef: string;
    idempotencyKey: string;
    note?: string;
    /** Whose money (decision 049): a charge's payer, or the payer of the charge a refund or transfer comes from. */
    payerId: string;
    shareSide?: CaseSide | null;
    at: Date;
  },
): Promise<void> {
  await tx
    .insert(ledgerEntries)
    .values({
      paymentId: entry.paymentId,
      kind: entry.kind,
      amount: formatCents(entry.amount),
      platformFee: formatCents(entry.platformFee ?? 0),
      providerRef: entry.providerRef,
      idempotencyKey: entry.idempotencyKey,
      note: entry.note ?? null,
      payerId: entry.payerId,
      shareSide: entry.shareSide ?? null,
      createdAt: entry.at,
    })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey });
}

/** The ledger entry of a charge (deposit or balance) by the provider's charge id: whose money a refund or transfer moves. */
export async function chargeEntryOf(db: DbOrTx, paymentId: string, chargeId: string): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.providerRef, chargeId), inArray(ledgerEntries.kind, ['deposit_charge', 'balance_charge'])),
    )
    .limit(1);
  return row;
}

/**
 * A payment's ledger, oldest first. Entries of the same instant (a two-sided selection charging both saved cards)
 * come the inviting side's first: the order decides which charge a payout's fee is taken from, so it must not be left
 * to the entries' random ids.
 */
export async function ledgerFor(db: DbOrTx, paymentId: string): Promise<LedgerRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, paymentId))
    .orderBy(asc(ledgerEntries.createdAt), sql`${ledgerEntries.shareSide} ASC NULLS FIRST`, asc(ledgerEntries.id));
}

/** Sums of a payment's ledger by kind, in cents. */
export function ledgerTotals(entries: LedgerRow[]) {
  const sum = (kind: LedgerKind) => entries.filter((e) => e.kind === kind).reduce((s, e) => s + parseCents(e.amount)!, 0);
  const feeKept = entries.filter((e) => e.kind === 'payout_transfer' || e.kind === 'cancellation_fee').reduce((s, e) => s + parseCents(e.platformFee)!, 0);
  const deposit = sum('deposit_charge');
  const balance = sum('balance_charge');
  const refunded = sum('refund');
  const paidToMediator = sum('payout_transfer') + sum('cancellation_fee');
  return { deposit, balance, charged: deposit + balance, refunded, paidToMediator, feeKept };
}

export function chargeOf(entries: LedgerRow[], kind: 'deposit_charge' | 'balance_charge'): LedgerRow | undefined {
  return entries.find((e) => e.kind === kind);
}

export async function insertPayment(tx: DbOrTx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row;
}

export async function findPayoutAccount(db: DbOrTx, mediatorId: string): Promise<string | null> {
  const [row] = await db.select({ id: mediatorProfiles.payoutAccountId }).from(mediatorProfiles).where(eq(mediatorProfiles.userId, mediatorId)).limit(1);
  return row?.id ?? null;
}

export async function savePayoutAccount(tx: DbOrTx, mediatorId: string, accountId: string): Promise<void> {
  await tx
    .update(mediatorProfiles)
    .set({ payoutAccountId: accountId })
    .where(and(eq(mediatorProfiles.userId, mediatorId), sql`${mediatorProfiles.payoutAccountId} IS DISTINCT FROM ${accountId}`));
}

/** Payments whose intent may have an outcome we have not heard of (a crash, a lost answer): for the reconciler. */
export async function paymentsAwaitingIntent(db: DbOrTx, limit = 200): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(or(and(eq(payments.status, 'pending'), sql`${payments.paymentIntentId} IS NOT NULL`), sql`${payments.balanceIntentId} IS NOT NULL`))
    .orderBy(desc(payments.updatedAt))
    .limit(limit);
}

/** The ledgers of many payments in one query, by payment id. */
export async function ledgersFor(db: DbOrTx, paymentIds: string[]): Promise<Map<string, LedgerRow[]>> {
  const rows = paymentIds.length
    ? await db.select().from(ledgerEntries).where(inArray(ledgerEntries.paymentId, paymentIds)).orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
    : [];
  const byPayment = new Map<string, LedgerRow[]>(paymentIds.map((id) => [id, []]));
  for (const row of rows) byPayment.get(row.paymentId)!.push(row);
  return byPayment;
}

/** Whether the lawyer has reported a problem that admins have not resolved yet (the payout waits: RULES.md 2.3). */
export async function hasOpenDispute(db: DbOrTx, requestId: string): Promise<boolean> {
  const rows = await db
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.requestId, requestId), eq(disputes.status, 'open')))
    .limit(1);
  return rows.length > 0;
}

import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries, mediatorProfiles, messages, payments } from '../../db/schema';

export async function countUnreadMessages(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.recipientId, userId), eq(messages.isRead, false)));
  return Number(row?.n ?? 0);
}

/** Money paid to a mediator since a date (payouts and cancellation fees), as a numeric string. */
export async function mediatorEarningsSince(db: DbOrTx, mediatorId: string, since: Date): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(payments, eq(payments.id, ledgerEntries.paymentId))
    .where(and(eq(payments.mediatorId, mediatorId), inArray(ledgerEntries.kind, ['payout_transfer', 'cancellation_fee']), gte(ledgerEntries.createdAt, since)));
  return String(row?.total ?? '0');
}

export async function findMediatorProfile(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(mediatorProfiles).where(eq(mediatorProfiles.userId, userId)).limit(1);
  return row;
}

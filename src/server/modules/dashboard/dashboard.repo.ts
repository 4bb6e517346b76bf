import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries, mediatorProfiles, payments } from '../../db/schema';
import { countUnreadInAllChannels } from '../messages/channels.repo';

/** Unread in every message channel the user takes part in (decision 046: the joint channels' read marks too). */
export async function countUnreadMessages(db: DbOrTx, userId: string): Promise<number> {
  return countUnreadInAllChannels(db, userId);
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

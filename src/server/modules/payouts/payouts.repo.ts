import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mediatorProfiles } from '../../db/schema';

export async function findPayoutAccountId(db: DbOrTx, mediatorId: string): Promise<string | null> {
  const [row] = await db.select({ id: mediatorProfiles.payoutAccountId }).from(mediatorProfiles).where(eq(mediatorProfiles.userId, mediatorId)).limit(1);
  return row?.id ?? null;
}

/**
 * Stores a new payout account only if the mediator has none yet: one conditional update, so of two concurrent
 * set-ups exactly one account is kept. Returns whether this one was stored.
 */
export async function claimPayoutAccount(db: DbOrTx, mediatorId: string, accountId: string): Promise<boolean> {
  const rows = await db
    .update(mediatorProfiles)
    .set({ payoutAccountId: accountId })
    .where(and(eq(mediatorProfiles.userId, mediatorId), isNull(mediatorProfiles.payoutAccountId)))
    .returning({ id: mediatorProfiles.payoutAccountId });
  return rows.length > 0;
}

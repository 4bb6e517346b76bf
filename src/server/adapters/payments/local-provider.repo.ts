import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providerCharges } from '../../db/schema';

/** The `local` provider's own records (its "remote" state), kept apart from the app's tables and transactions. */
export type ChargeRow = typeof providerCharges.$inferSelect;
export type NewCharge = typeof providerCharges.$inferInsert;

/** Inserts a record unless its idempotency key exists; returns the record stored under that key either way. */
export async function insertChargeOnce(db: Db, values: NewCharge): Promise<ChargeRow> {
  await db.insert(providerCharges).values(values).onConflictDoNothing();
  return (await findChargeByKey(db, values.idempotencyKey))!;
}

export async function findChargeByKey(db: Db, key: string): Promise<ChargeRow | undefined> {
  const [row] = await db.select().from(providerCharges).where(eq(providerCharges.idempotencyKey, key)).limit(1);
  return row;
}

export async function findChargeById(db: Db, id: string): Promise<ChargeRow | undefined> {
  const [row] = await db.select().from(providerCharges).where(eq(providerCharges.id, id)).limit(1);
  return row;
}

export async function findChargeBySecret(db: Db, clientSecret: string): Promise<ChargeRow | undefined> {
  const [row] = await db.select().from(providerCharges).where(eq(providerCharges.clientSecret, clientSecret)).limit(1);
  return row;
}

export async function updateCharge(db: Db, id: string, values: Partial<NewCharge>, onlyIfStatus?: string): Promise<void> {
  await db
    .update(providerCharges)
    .set(values)
    .where(onlyIfStatus ? and(eq(providerCharges.id, id), eq(providerCharges.status, onlyIfStatus)) : eq(providerCharges.id, id));
}

import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../../common/ids';
import type { DbOrTx } from '../../db/client';
import { contactMessages, users } from '../../db/schema';

function selectSupportMessages(db: DbOrTx) {
  return db
    .select({ message: contactMessages, handledBy: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.handledById));
}
export type SupportMessageRow = Awaited<ReturnType<ReturnType<typeof selectSupportMessages>['limit']>>[number];

/** Contact-form messages for the Support tab, newest first, a page at a time (millisecond-precision cursor). */
export async function listSupportMessages(db: DbOrTx, handled: boolean | undefined, limit: number, after: { createdAt: Date; id: string } | null) {
  const createdMs = sql`date_trunc('milliseconds', ${contactMessages.createdAt})`;
  const conditions: (SQL | undefined)[] = [
    handled === undefined ? undefined : eq(contactMessages.handled, handled),
    after ? sql`(${createdMs}, ${contactMessages.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
  ];
  return selectSupportMessages(db)
    .where(and(...conditions))
    .orderBy(desc(createdMs), desc(contactMessages.id))
    .limit(limit + 1);
}

export async function findSupportMessage(db: DbOrTx, id: string): Promise<SupportMessageRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await selectSupportMessages(db).where(eq(contactMessages.id, id)).limit(1);
  return row;
}

/** Marks a message handled (by whom, when) or back to unhandled; false for an unknown id. */
export async function setSupportHandled(tx: DbOrTx, id: string, handled: boolean, adminId: string, now: Date): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await tx
    .update(contactMessages)
    .set(handled ? { handled, handledById: adminId, handledAt: now } : { handled, handledById: null, handledAt: null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return rows.length === 1;
}

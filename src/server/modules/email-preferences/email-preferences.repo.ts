import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationEmailKind } from '../../../common/schemas/email-preferences';
import type { DbOrTx } from '../../db/client';
import { emailOptOuts } from '../../db/schema';

/** The e-mail kinds a user turned off. */
export async function listOptOuts(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ kind: emailOptOuts.kind }).from(emailOptOuts).where(eq(emailOptOuts.userId, userId));
  return rows.map((r) => r.kind);
}

/** Turns kinds off (idempotent); a user that no longer exists is left alone. */
export async function addOptOuts(db: DbOrTx, userId: string, kinds: NotificationEmailKind[]): Promise<void> {
  if (!kinds.length) return;
  await db.execute(sql`
    INSERT INTO email_opt_outs (user_id, kind)
    SELECT u.id, k.kind FROM users u CROSS JOIN unnest(${`{${kinds.join(',')}}`}::text[]) AS k(kind)
    WHERE u.id = ${userId}
    ON CONFLICT DO NOTHING`);
}

/** Turns kinds back on. */
export async function removeOptOuts(db: DbOrTx, userId: string, kinds: NotificationEmailKind[]): Promise<void> {
  if (!kinds.length) return;
  await db.delete(emailOptOuts).where(and(eq(emailOptOuts.userId, userId), inArray(emailOptOuts.kind, kinds)));
}

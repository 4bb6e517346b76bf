import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { NotificationType } from '../../../common/enums';
import { isUuid } from '../../../common/ids';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  linkUrl?: string | null;
}

export async function insertNotifications(db: DbOrTx, items: NewNotification[]): Promise<void> {
  if (items.length) await db.insert(notifications).values(items);
}

export async function listNotifications(db: DbOrTx, userId: string, limit: number, after: { createdAt: Date; id: string } | null) {
  // The cursor carries a JS Date (milliseconds) while PostgreSQL keeps microseconds: order and compare at millisecond
  // precision, or rows created within the cursor row's millisecond would be skipped.
  const createdMs = sql`date_trunc('milliseconds', ${notifications.createdAt})`;
  const cursorCondition = after ? sql`(${createdMs}, ${notifications.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined;
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), cursorCondition))
    .orderBy(desc(createdMs), desc(notifications.id))
    .limit(limit + 1);
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return Number(row?.n ?? 0);
}

/** Marks one notification read; false when it is not this user's (→ 404). */
export async function markRead(db: DbOrTx, userId: string, id: string): Promise<NotificationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function markAllRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

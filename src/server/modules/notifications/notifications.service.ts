import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { insertNotifications, type NewNotification } from './notifications.repo';

/** Stores notifications for the bell (and, with the realtime module, pushes the new unread count). */
export async function notify(ctx: AppContext, items: NewNotification[], db: DbOrTx = ctx.db): Promise<void> {
  if (!items.length) return;
  await insertNotifications(db, items);
  ctx.events.emit('notifications', [...new Set(items.map((i) => i.userId))]);
}

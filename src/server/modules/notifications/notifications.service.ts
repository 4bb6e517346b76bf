import type { DbOrTx } from '../../db/client';
import { insertNotifications, type NewNotification } from './notifications.repo';

/**
 * Stores notifications for the bell. Called with the transaction of the change that causes them (DESIGN 4): they
 * exist if and only if that change commits.
 */
export async function notify(tx: DbOrTx, items: NewNotification[]): Promise<void> {
  if (items.length) await insertNotifications(tx, items);
}

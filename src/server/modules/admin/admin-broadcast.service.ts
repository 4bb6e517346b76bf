import { BROADCAST_TEXTS, type BroadcastInput } from '../../../common/schemas/admin-broadcast';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { findLiveUserIds } from '../notifications/notifications.repo';
import { broadcast } from '../notifications/notifications.service';
import { appendAudit } from '../../audit/audit.repo';

/**
 * POST /api/admin/broadcast-notification (spec 7): without userIds, every active user (verified, not suspended, not
 * deleted; the sending admin excepted); with userIds, exactly those, and an unknown or deleted id is a 400 that sends
 * nothing. One statement inserts them all; audited in the same transaction.
 */
export async function broadcastNotification(ctx: AppContext, admin: SessionUser, input: BroadcastInput): Promise<{ sent: number }> {
  const now = ctx.clock.now();
  const userIds = input.userIds ? [...new Set(input.userIds.map((id) => id.toLowerCase()))] : undefined;
  return transaction(ctx, async (tx) => {
    if (userIds) {
      const live = new Set(await findLiveUserIds(tx, userIds));
      const unknown = userIds.filter((id) => !live.has(id));
      if (unknown.length) throw badRequest(BROADCAST_TEXTS.unknownUsers, { userIds: `${BROADCAST_TEXTS.unknownUsers}: ${unknown.slice(0, 5).join(', ')}` });
    }
    const { type, title, message, linkUrl } = input.notification;
    const told = await broadcast(tx, { type, title, message, linkUrl: linkUrl ?? null }, userIds ? { userIds } : { allActiveExcept: admin.id });
    await appendAudit(tx, {
      actorId: admin.id,
      action: 'notification.broadcast',
      targetType: userIds ? 'users' : 'all_users',
      details: { title, message, linkUrl: linkUrl ?? null, sent: told.length, ...(userIds ? { userIds } : {}) },
      at: now,
    });
    return { sent: told.length };
  });
}

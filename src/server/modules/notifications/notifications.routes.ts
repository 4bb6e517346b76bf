import type { NotificationDto } from '../../../common/api-types';
import type { FastifyInstance } from 'fastify';
import { isUuid } from '../../../common/ids';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { decodeCursor, PageQuerySchema, sendPage } from '../../pagination';
import { requireUser } from '../../plugins/guards';
import { countUnread, listNotifications, markAllRead, markRead, type NotificationRow } from './notifications.repo';

const tags = ['Notifications'];

export const presentNotification = (n: NotificationRow): NotificationDto => ({
  id: n.id,
  userId: n.userId,
  type: n.type,
  title: n.title,
  message: n.message,
  linkUrl: n.linkUrl,
  isRead: n.isRead,
  createdAt: n.createdAt.toISOString(),
});

export function notificationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/notifications', { schema: { tags, summary: 'My notifications, newest first', querystring: PageQuerySchema } }, async (request, reply) => {
    const user = requireUser(request);
    const rows = await listNotifications(ctx.db, user.id, request.query.limit, decodeCursor(request.query.cursor));
    return sendPage(reply, rows, request.query.limit).map(presentNotification);
  });

  r.get('/api/notifications/unread', { schema: { tags, summary: 'Unread count: { count }' } }, async (request) => {
    const user = requireUser(request);
    return { count: await countUnread(ctx.db, user.id) };
  });

  r.patch('/api/notifications/read-all', { schema: { tags, summary: 'Mark all read' } }, async (request) => {
    const user = requireUser(request);
    const updated = await markAllRead(ctx.db, user.id);
    return { updated, count: 0 };
  });

  r.patch('/api/notifications/:id/read', { schema: { tags, summary: 'Mark one read' } }, async (request) => {
    const user = requireUser(request);
    const { id } = request.params as { id: string };
    const row = isUuid(id) ? await markRead(ctx.db, user.id, id) : undefined;
    if (!row) throw notFound('Notification not found');
    return presentNotification(row);
  });
}

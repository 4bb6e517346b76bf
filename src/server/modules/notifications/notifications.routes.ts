import type { NotificationDto } from '../../../common/api-types';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CountSchema, NotificationDtoSchema, ReadAllSchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { decodeCursor, PageQuerySchema, sendPage } from '../../pagination';
import { requireUser } from '../../plugins/guards';
import { readErrors, writeErrors } from '../../route-responses';
import { countUnread, listNotifications, type NotificationRow } from './notifications.repo';
import { markAllNotificationsRead, markNotificationRead } from './notifications.service';

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

  r.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'My notifications, newest first (next page: X-Next-Cursor)',
        querystring: PageQuerySchema,
        response: { 200: z.array(NotificationDtoSchema), ...readErrors(400, 401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const rows = await listNotifications(ctx.db, user.id, request.query.limit, decodeCursor(request.query.cursor));
      return sendPage(reply, rows, request.query.limit).map(presentNotification);
    },
  );

  r.get(
    '/api/notifications/unread',
    { schema: { tags, summary: 'Unread count: { count }', response: { 200: CountSchema, ...readErrors(401) } } },
    async (request) => {
      const user = requireUser(request);
      return { count: await countUnread(ctx.db, user.id) };
    },
  );

  r.patch(
    '/api/notifications/read-all',
    { schema: { tags, summary: 'Mark all read', response: { 200: ReadAllSchema, ...writeErrors(401) } } },
    async (request) => {
      const user = requireUser(request);
      const updated = await markAllNotificationsRead(ctx, user.id);
      return { updated, count: 0 };
    },
  );

  r.patch(
    '/api/notifications/:id/read',
    { schema: { tags, summary: 'Mark one read', response: { 200: NotificationDtoSchema, ...writeErrors(401, 404) } } },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params as { id: string };
      return presentNotification(await markNotificationRead(ctx, user.id, id));
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BroadcastInputSchema, BroadcastResultSchema } from '../../../common/schemas/admin-broadcast';
import type { AppContext } from '../../context';
import { takeBody } from '../../plugins/error-handler';
import { requireRole } from '../../plugins/guards';
import { writeErrors } from '../../route-responses';
import { broadcastNotification } from './admin-broadcast.service';

/** Broadcast a notification to every active user, or to the users named (spec 7; admins only, 401 → 403 → 400). */
export function adminBroadcastRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/admin/broadcast-notification',
    {
      attachValidation: true,
      schema: {
        tags: ['Admin'],
        summary: 'Send a notification (type broadcast) to every active user, or to userIds (admins)',
        body: BroadcastInputSchema,
        response: { 200: BroadcastResultSchema, ...writeErrors(401) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      return broadcastNotification(ctx, admin, takeBody(request));
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireActiveMember } from '../../plugins/guards';
import { dashboardFor } from './dashboard.service';

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/dashboard', { schema: { tags: ['Dashboard'], summary: "The dashboard's cards and recent activity" } }, async (request) => {
    const user = requireActiveMember(request);
    return dashboardFor(ctx, user);
  });
}

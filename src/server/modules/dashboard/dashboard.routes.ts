import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardDtoSchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { requireActiveMember } from '../../plugins/guards';
import { readErrors } from '../../route-responses';
import { dashboardFor } from './dashboard.service';

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/dashboard',
    { schema: { tags: ['Dashboard'], summary: "The dashboard's cards and recent activity", response: { 200: DashboardDtoSchema, ...readErrors(401, 403) } } },
    async (request) => {
      const user = requireActiveMember(request);
      return dashboardFor(ctx, user);
    },
  );
}

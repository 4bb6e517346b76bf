import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AnalyticsQuerySchema, AnalyticsSchema } from '../../../common/schemas/admin-analytics';
import type { AppContext } from '../../context';
import { takeBody } from '../../plugins/error-handler';
import { requireRole } from '../../plugins/guards';
import { readErrors } from '../../route-responses';
import { getAnalytics } from './admin-analytics.service';

/** The /admin stat cards and charts (spec 2 + 7): admins only; figures defined in docs/decisions/021. */
export function adminAnalyticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/analytics',
    {
      attachValidation: true,
      schema: {
        tags: ['Admin'],
        summary:
          'Signups, mediations, revenue (and what of it is still held in escrow), payouts and active users for a range of days (default: the last 30), in total and per day',
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsSchema, ...readErrors(400, 401, 403) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      const query = takeBody({ body: request.query, validationError: request.validationError });
      return getAnalytics(ctx, query);
    },
  );
}

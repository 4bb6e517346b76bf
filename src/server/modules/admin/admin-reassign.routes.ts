import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminMediationSchema, ReassignInputSchema } from '../../../common/schemas/admin-lists';
import type { AppContext } from '../../context';
import { takeBody } from '../../plugins/error-handler';
import { requireRole } from '../../plugins/guards';
import { writeErrors } from '../../route-responses';
import { findAdminMediation } from './admin-lists.repo';
import { presentAdminMediation } from './admin-lists.presenter';
import { assertRequestExists, reassignMediator } from './admin-reassign.service';

/** PATCH /api/admin/mediations/{requestId}/reassign (RULES.md 4 + 7): answers with the request as the Mediations tab lists it. */
export function adminReassignRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/api/admin/mediations/:requestId/reassign',
    {
      attachValidation: true,
      schema: {
        tags: ['Admin'],
        summary: 'Replace the selected mediator of a matched or in-progress mediation (admins); the price does not change',
        params: z.object({ requestId: z.string() }),
        body: ReassignInputSchema,
        response: { 200: AdminMediationSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      await assertRequestExists(ctx, request.params.requestId);
      const body = takeBody(request);
      const updated = await reassignMediator(ctx, admin, request.params.requestId, body);
      return presentAdminMediation((await findAdminMediation(ctx.db, updated.id))!);
    },
  );
}

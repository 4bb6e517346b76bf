import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminCancelInputSchema, AdminCancelResultSchema } from '../../../common/schemas/admin-cancellation';
import type { AppContext } from '../../context';
import { takeBody } from '../../plugins/error-handler';
import { requireRole } from '../../plugins/guards';
import { writeErrors } from '../../route-responses';
import { cancelRequest } from '../requests/cancellation.service';
import { findVisibleRequest } from '../requests/requests.service';

/**
 * Admin actions on a mediation (RULES.md 6 + 7). Cancel with a chosen refund of the deposit (full, half, none; the
 * balance always goes back, the kept part to the selected mediator less the commission: RULES.md 2.4); anything not
 * completed. Audited in the cancelling transaction (cancellation.service.ts).
 */
export function adminMediationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/mediations/:requestId/cancel',
    {
      attachValidation: true,
      schema: {
        tags: ['Admin'],
        summary: 'Cancel a mediation with a chosen refund of the deposit (admins); the balance is always refunded',
        params: z.object({ requestId: z.string() }),
        body: AdminCancelInputSchema,
        response: { 200: AdminCancelResultSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      await findVisibleRequest(ctx, admin, request.params.requestId); // 404 before 400 (RULES.md 6)
      const body = takeBody(request);
      const result = await cancelRequest(ctx, admin, request.params.requestId, { reason: body.reason, adminRefund: body.refund });
      return { id: result.request.id, status: result.request.status, refundAmount: result.refundAmount, kind: result.kind };
    },
  );
}

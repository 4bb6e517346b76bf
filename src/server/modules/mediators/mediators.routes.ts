import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MediatorAcceptanceSchema, PublicMediatorSchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { requireActiveMember } from '../../plugins/guards';
import { readErrors } from '../../route-responses';
import { getPublicMediator, listMediatorAcceptances } from './mediators.service';

const tags = ['Mediators'];
const Params = z.object({ id: z.string() });

export function mediatorsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/mediators/:id',
    { schema: { tags, summary: "A mediator's public profile", params: Params, response: { 200: PublicMediatorSchema, ...readErrors(401, 403, 404) } } },
    async (request) => getPublicMediator(ctx, requireActiveMember(request), request.params.id),
  );

  r.get(
    '/api/mediators/:id/acceptances',
    {
      schema: {
        tags,
        summary: "A mediator's acceptances (that mediator or an admin)",
        params: Params,
        response: { 200: z.array(MediatorAcceptanceSchema), ...readErrors(401, 403, 404) },
      },
    },
    async (request) => listMediatorAcceptances(ctx, requireActiveMember(request), request.params.id),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CasePartiesInputSchema, CasePartyDtoSchema, ConflictPreviewSchema } from '../../../common/schemas/cases';
import type { AppContext } from '../../context';
import { takeBody } from '../../plugins/error-handler';
import { requireActiveMember } from '../../plugins/guards';
import { readErrors, writeErrors } from '../../route-responses';
import * as service from './parties.service';

const tags = ['Cases'];
const IdParams = z.object({ id: z.string() });

export function partiesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The body is checked after visibility (404) and the seat (403): RULES.md 6's order.
  r.put(
    '/api/requests/:id/parties',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Replace one side's parties and firms (counsel of that side; the first side also for an empty second seat)",
        params: IdParams,
        body: CasePartiesInputSchema,
        response: { 200: z.array(CasePartyDtoSchema), ...writeErrors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      const { seat } = await service.partiesSeat(ctx, user, request.params.id);
      return service.replaceSideParties(ctx, seat, request.params.id, takeBody(request));
    },
  );

  r.get(
    '/api/requests/:id/conflicts',
    {
      schema: {
        tags,
        summary: "The mediator's conflict check before accepting: this case's parties and firms found in their earlier cases",
        params: IdParams,
        response: { 200: ConflictPreviewSchema, ...readErrors(401, 403, 404) },
      },
    },
    async (request) => service.previewConflicts(ctx, requireActiveMember(request), request.params.id),
  );
}

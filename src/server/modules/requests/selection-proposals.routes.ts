import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeclineProposalSchema } from '../../../common/schemas/cases';
import { RequestDtoSchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { takeBody } from '../../plugins/error-handler';
import { requireActiveMember } from '../../plugins/guards';
import { writeErrors } from '../../route-responses';
import { getRequest } from './requests.service';
import { approveProposal, declineProposal, requireSecondSide, withdrawProposal } from './selection-proposals.service';

const tags = ['Requests'];
const IdParams = z.object({ id: z.string() });

/** The other side's answer to the inviting side's proposal of a mediator (two-sided case, decision 045). */
export function selectionProposalsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/requests/:id/selection-proposal/approve',
    {
      schema: {
        tags,
        summary: 'Approve the proposed mediator (opposing counsel): the selection and its balance charge go ahead',
        params: IdParams,
        response: { 200: RequestDtoSchema, ...writeErrors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      const updated = await approveProposal(ctx, user, request.params.id);
      return getRequest(ctx, user, updated.id);
    },
  );

  // The reason is checked after visibility (404) and the seat (403): RULES.md 6's order.
  r.post(
    '/api/requests/:id/selection-proposal/decline',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Decline the proposed mediator with a reason (opposing counsel): the request stays awaiting selection',
        params: IdParams,
        body: DeclineProposalSchema,
        response: { 200: RequestDtoSchema, ...writeErrors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      await requireSecondSide(ctx, user, request.params.id, 'decline');
      const body = takeBody(request);
      await declineProposal(ctx, user, request.params.id, body.reason);
      return getRequest(ctx, user, request.params.id);
    },
  );

  r.delete(
    '/api/requests/:id/selection-proposal',
    {
      schema: {
        tags,
        summary: 'Withdraw the open proposal (the inviting lawyer)',
        params: IdParams,
        response: { 200: RequestDtoSchema, ...writeErrors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      await withdrawProposal(ctx, user, request.params.id);
      return getRequest(ctx, user, request.params.id);
    },
  );
}

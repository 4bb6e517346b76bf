import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CASE_SIDES } from '../../../common/enums';
import { FeeSplitDtoSchema, FeeSplitInputSchema, SharePaymentSchema } from '../../../common/schemas/fee-split';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { takeBody } from '../../plugins/error-handler';
import { requireActiveMember } from '../../plugins/guards';
import { fileBody, readErrors, writeErrors } from '../../route-responses';
import { invoiceFor } from './invoice.service';
import * as split from './fee-split.service';
import { payShare } from './share-payments.service';

const tags = ['Cases'];
const IdParams = z.object({ id: z.string() });

// The fee split and each side's share of the deposit (issue 24, docs/decisions/049).
export function feeSplitRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The case's invoice (decision 053), once a mediator is selected.
  r.get(
    '/api/requests/:id/invoice',
    {
      schema: {
        tags,
        summary: "The case's numbered invoice as a PDF: each side's share of the fee and who paid it (counsel, the selected mediator, admins; once matched)",
        params: IdParams,
        response: { 200: fileBody('The invoice (PDF)', ['application/pdf']), ...readErrors(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const invoice = await invoiceFor(ctx, requireActiveMember(request), request.params.id);
      reply.header('Content-Type', 'application/pdf');
      reply.header('Cache-Control', 'private, no-store');
      reply.header('Content-Disposition', `attachment; filename="${invoice.fileName}"`);
      return reply.send(Readable.from(invoice.body));
    },
  );

  r.get(
    '/api/requests/:id/fee-split',
    {
      schema: {
        tags,
        summary: "How the sides share the fee, and each side's money under it (counsel, the mediator, admins); null when one-sided",
        params: IdParams,
        response: { 200: FeeSplitDtoSchema.nullable(), ...readErrors(401, 403, 404) },
      },
    },
    async (request) => split.getFeeSplit(ctx, requireActiveMember(request), request.params.id),
  );

  // The body is checked after visibility (404) and the seat (403): RULES.md 6's order.
  r.post(
    '/api/requests/:id/fee-split',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Propose a split of the fee (either side; the other accepts). Proposing what the other side proposed accepts it',
        params: IdParams,
        body: FeeSplitInputSchema,
        response: { 200: FeeSplitDtoSchema.nullable(), ...writeErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      await split.counselSeat(ctx, user, request.params.id);
      return split.proposeFeeSplit(ctx, user, request.params.id, takeBody(request));
    },
  );

  r.post(
    '/api/requests/:id/fee-split/accept',
    {
      schema: {
        tags,
        summary: "Accept the other side's proposed split: it becomes the agreed split",
        params: IdParams,
        response: { 200: FeeSplitDtoSchema.nullable(), ...writeErrors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      await split.counselSeat(ctx, user, request.params.id);
      return split.acceptFeeSplit(ctx, user, request.params.id);
    },
  );

  r.post(
    '/api/requests/:id/shares/:side/pay',
    {
      schema: {
        tags,
        summary: "Pay a side's outstanding share of the deposit by card (that side's counsel, or the other side's on its behalf)",
        params: z.object({ id: z.string(), side: z.string() }),
        response: { 200: SharePaymentSchema, ...writeErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      const side = request.params.side;
      if (!(CASE_SIDES as readonly string[]).includes(side)) {
        await split.counselSeat(ctx, user, request.params.id);
        throw badRequest('The side must be first or second', { side: 'The side must be first or second' });
      }
      return payShare(ctx, user, request.params.id, side as (typeof CASE_SIDES)[number]);
    },
  );
}

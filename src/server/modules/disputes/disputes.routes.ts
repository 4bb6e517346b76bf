import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DISPUTE_STATUSES } from '../../../common/enums';
import { AdminDisputeDtoSchema, DisputeInputSchema, RequestDisputeSchema, ResolveDisputeInputSchema } from '../../../common/schemas/disputes';
import type { AppContext } from '../../context';
import { decodeCursor, PageQuerySchema, sendPage } from '../../pagination';
import { takeBody } from '../../plugins/error-handler';
import { requireRole, requireUser } from '../../plugins/guards';
import { readErrors, writeErrors } from '../../route-responses';
import { listDisputes } from './disputes.repo';
import { getAdminDispute, raiseDispute, resolveDispute, withPayers } from './disputes.service';

const ListQuerySchema = PageQuerySchema.extend({ status: z.enum(DISPUTE_STATUSES, 'status must be open or resolved').optional() });

/** Disputes (RULES.md 2.3, 2.5, 7): the lawyer reports a problem; admins list, read and resolve. */
export function disputesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The body is checked inside the service, after visibility (404) and ownership (403): RULES.md 6.
  r.post(
    '/api/requests/:id/dispute',
    {
      attachValidation: true,
      schema: {
        tags: ['Requests'],
        summary: 'Report a problem with a completed mediation (the owning lawyer, within the hold window): the payout pauses',
        params: z.object({ id: z.string() }),
        body: DisputeInputSchema,
        response: { 201: RequestDisputeSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await raiseDispute(ctx, user, request.params.id, request.body));
    },
  );

  const tags = ['Admin'];
  r.get(
    '/api/admin/disputes',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Disputes, newest first (admins)',
        querystring: ListQuerySchema,
        response: { 200: z.array(AdminDisputeDtoSchema), ...readErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      const { status, limit, cursor } = takeBody({ body: request.query, validationError: request.validationError });
      const rows = await listDisputes(ctx.db, status, limit, decodeCursor(cursor));
      const page = sendPage(
        reply,
        rows.map((row) => ({ ...row, createdAt: row.dispute.createdAt, id: row.dispute.id })),
        limit,
      );
      return Promise.all(page.map((row) => withPayers(ctx.db, row)));
    },
  );

  r.get(
    '/api/admin/disputes/:id',
    {
      schema: {
        tags,
        summary: 'One dispute (admins)',
        params: z.object({ id: z.string() }),
        response: { 200: AdminDisputeDtoSchema, ...readErrors(401, 403, 404) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return getAdminDispute(ctx, request.params.id);
    },
  );

  r.post(
    '/api/admin/disputes/:id/resolve',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Resolve a dispute: release, full refund, or a partial refund (admins)',
        params: z.object({ id: z.string() }),
        body: ResolveDisputeInputSchema,
        response: { 200: AdminDisputeDtoSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      return resolveDispute(ctx, admin, request.params.id, request.body);
    },
  );
}

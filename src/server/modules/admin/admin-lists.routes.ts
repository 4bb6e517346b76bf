import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_STATUSES, REQUEST_STATUSES } from '../../../common/enums';
import { ADMIN_LIST_TEXTS, AdminMediationSchema, AdminPaymentSchema, MediatorRatingSchema } from '../../../common/schemas/admin-lists';
import type { AppContext } from '../../context';
import { PageQuerySchema } from '../../pagination';
import { takeBody } from '../../plugins/error-handler';
import { requireRole } from '../../plugins/guards';
import { readErrors } from '../../route-responses';
import { adminMediationsPage, adminPaymentsPage, mediatorRatingsPage } from './admin-lists.service';

const MediationsQuerySchema = PageQuerySchema.extend({
  status: z.enum(REQUEST_STATUSES, ADMIN_LIST_TEXTS.requestStatus).optional(),
  // PostgreSQL text cannot hold NUL: refused here, not at the database (a 500 found by the API fuzzer).
  search: z
    .string()
    .max(200, ADMIN_LIST_TEXTS.search)
    .refine((s) => !s.includes('\u0000'), ADMIN_LIST_TEXTS.searchNul)
    .optional()
    .describe('Case name or number, or a party’s name or e-mail'),
});
const PaymentsQuerySchema = PageQuerySchema.extend({ status: z.enum(PAYMENT_STATUSES, ADMIN_LIST_TEXTS.paymentStatus).optional() });

/** The admin dashboard's Mediations, Payments and Ratings tabs (spec 2 + 7): admins only, paginated (X-Next-Cursor). */
export function adminListsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Admin'];

  r.get(
    '/api/admin/mediations',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Every mediation request, newest first, with the lawyer, the selected mediator and the escrow status (admins)',
        querystring: MediationsQuerySchema,
        response: { 200: z.array(AdminMediationSchema), ...readErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      const query = takeBody({ body: request.query, validationError: request.validationError });
      const { items, next } = await adminMediationsPage(ctx, query);
      if (next) reply.header('X-Next-Cursor', next);
      return items;
    },
  );

  r.get(
    '/api/admin/payments',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Every payment, newest first, with its whole ledger and parties (admins)',
        querystring: PaymentsQuerySchema,
        response: { 200: z.array(AdminPaymentSchema), ...readErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      const query = takeBody({ body: request.query, validationError: request.validationError });
      const { items, next } = await adminPaymentsPage(ctx, query);
      if (next) reply.header('X-Next-Cursor', next);
      return items;
    },
  );

  r.get(
    '/api/admin/mediator-ratings',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Mediators by average rating, then number of reviews (admins)',
        querystring: PageQuerySchema,
        response: { 200: z.array(MediatorRatingSchema), ...readErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      const query = takeBody({ body: request.query, validationError: request.validationError });
      const { items, next } = await mediatorRatingsPage(ctx, query);
      if (next) reply.header('X-Next-Cursor', next);
      return items;
    },
  );
}

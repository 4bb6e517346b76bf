import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LocalConfirmSchema } from '../../../common/schemas/payments';
import { PaymentViewSchema } from '../../../common/schemas/payment-history';
import { PaymentConfirmedSchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { PageQuerySchema, sendPage } from '../../pagination';
import { takeBody } from '../../plugins/error-handler';
import { requireUser } from '../../plugins/guards';
import { readErrors, writeErrors } from '../../route-responses';
import { confirmLocalPayment } from './confirm.service';
import { getPayment, listPayments } from './payments.service';

const tags = ['Payments'];

export function paymentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // attachValidation: signed out is 401 before a bad body is 400 (RULES.md 6 precedence).
  r.post(
    '/api/payments/local/confirm',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Pay with the built-in card form (local provider): 200 or 402',
        body: LocalConfirmSchema,
        response: { 200: PaymentConfirmedSchema, ...writeErrors(401, 402, 404, 409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = takeBody(request);
      return confirmLocalPayment(ctx, user, body.clientSecret, body.card);
    },
  );

  r.get(
    '/api/payments',
    {
      schema: {
        tags,
        summary: 'My payments, newest first, with their ledger (lawyer: my requests; mediator: paid to me; admin: all). Next page: X-Next-Cursor',
        querystring: PageQuerySchema,
        response: { 200: z.array(PaymentViewSchema), ...readErrors(400, 401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const rows = await listPayments(ctx, user, request.query);
      return sendPage(reply, rows, request.query.limit).map((row) => row.view);
    },
  );

  r.get(
    '/api/payments/:id',
    {
      schema: {
        tags,
        summary: 'One payment with its ledger, for the receipt (the owning lawyer, the mediator paid from it, admins)',
        response: { 200: PaymentViewSchema, ...readErrors(401, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params as { id: string };
      return getPayment(ctx, user, id);
    },
  );
}

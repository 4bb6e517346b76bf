import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LocalConfirmSchema } from '../../../common/schemas/payments';
import { PaymentConfirmedSchema, PaymentDtoSchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { takeBody } from '../../plugins/error-handler';
import { requireUser } from '../../plugins/guards';
import { readErrors, writeErrors } from '../../route-responses';
import { confirmLocalPayment } from './confirm.service';
import { listPayments } from './payments.service';

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
        summary: 'My payments (lawyer: paid; mediator: paid to me) with their ledger',
        response: { 200: z.array(PaymentDtoSchema), ...readErrors(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return listPayments(ctx, user);
    },
  );
}

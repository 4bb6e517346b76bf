import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AcceptSchema, CancelSchema, CreateRequestSchema, RequestListQuerySchema } from '../../../common/schemas/requests';
import {
  AcceptanceDtoSchema,
  AcceptanceSchema,
  CancellationPreviewDtoSchema,
  CancellationResultSchema,
  DepositIntentSchema,
  MessageSchema,
  PaymentDeclinedBodySchema,
  RequestCountsSchema,
  RequestDtoSchema,
} from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { AppError, forbidden } from '../../errors';
import { decodeCursor, sendPage } from '../../pagination';
import { takeBody } from '../../plugins/error-handler';
import { requireActiveMember, requireUser } from '../../plugins/guards';
import { hitLocalRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import { readErrors, writeErrors } from '../../route-responses';
import { cancelRequest, previewCancellation } from './cancellation.service';
import { submitRequest } from './submit.service';
import { proposeOrSelect } from './selection-proposals.service';
import { acceptRequest, withdrawAcceptance } from './acceptances.service';
import { completeMediation, startMediation } from './completion.service';
import { CompleteSchema } from '../../../common/schemas/after-match';
import { CancellationPreviewQuerySchema } from '../../../common/schemas/admin-cancellation';
import * as service from './requests.service';

const tags = ['Requests'];
const IdParams = z.object({ id: z.string() });

export function requestsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/requests',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'My requests (lawyer) or a tab (mediator: ?view=available|accepted|completed)',
        querystring: RequestListQuerySchema,
        response: { 200: z.array(RequestDtoSchema), ...readErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = requireActiveMember(request);
      takeBody(request); // a bad query is 400 only after 401/403 (RULES.md 6)
      const { view, limit, cursor } = request.query;
      const rows = sendPage(reply, await service.listRequests(ctx, user, view, limit, decodeCursor(cursor)), limit);
      return service.presentMany(ctx, user, rows);
    },
  );

  r.get(
    '/api/requests/counts',
    { schema: { tags, summary: 'Tab counts (mediator) or counts by status (lawyer)', response: { 200: RequestCountsSchema, ...readErrors(401, 403) } } },
    async (request) => {
      const user = requireActiveMember(request);
      return service.requestCounts(ctx, user);
    },
  );

  r.post(
    '/api/requests',
    {
      attachValidation: true,
      schema: { tags, summary: 'Create a draft request', body: CreateRequestSchema, response: { 201: RequestDtoSchema, ...writeErrors(401, 409) } },
    },
    async (request, reply) => {
      const user = requireActiveMember(request);
      if (user.role !== 'lawyer') throw forbidden('Only lawyers can create mediation requests');
      const body = takeBody(request);
      return reply.status(201).send(await service.createRequest(ctx, user, body));
    },
  );

  r.get(
    '/api/requests/:id',
    {
      schema: {
        tags,
        summary: 'One request (404 when not visible to you)',
        params: IdParams,
        response: { 200: RequestDtoSchema, ...readErrors(401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      return service.getRequest(ctx, user, request.params.id);
    },
  );

  r.post(
    '/api/requests/:id/submit',
    {
      schema: {
        tags,
        summary: 'Create the deposit payment: returns clientSecret',
        params: IdParams,
        response: { 200: DepositIntentSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      return submitRequest(ctx, user, request.params.id);
    },
  );

  r.get(
    '/api/requests/:id/pending-acceptances',
    {
      schema: {
        tags,
        summary: 'The selection list (at most 3, while awaiting selection)',
        params: IdParams,
        response: { 200: z.array(AcceptanceDtoSchema), ...readErrors(401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      return service.pendingAcceptances(ctx, user, request.params.id);
    },
  );

  // The body is validated inside the service, after visibility (404) and tier/cap (403): RULES.md 6 precedence.
  r.post(
    '/api/requests/:id/accept',
    {
      attachValidation: true,
      schema: { tags, summary: 'Accept (mediator)', params: IdParams, body: AcceptSchema, response: { 201: AcceptanceSchema, ...writeErrors(401, 404, 409) } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      hitLocalRateLimit(ctx, `accept:${user.id}`, RATE_LIMITS.accepts);
      const acceptance = await acceptRequest(ctx, user, request.params.id, request.body);
      return reply.status(201).send({
        id: acceptance.id,
        requestId: acceptance.requestId,
        mediatorId: acceptance.mediatorId,
        status: acceptance.status,
        proposedRate: acceptance.proposedRate,
        note: acceptance.note,
        acceptedAt: acceptance.acceptedAt.toISOString(),
      });
    },
  );

  r.delete(
    '/api/requests/:id/acceptance',
    { schema: { tags, summary: 'Withdraw my pending acceptance', params: IdParams, response: { 200: MessageSchema, ...writeErrors(401, 404, 409) } } },
    async (request) => {
      const user = requireActiveMember(request);
      await withdrawAcceptance(ctx, user, request.params.id);
      return { message: 'Acceptance withdrawn' };
    },
  );

  r.post(
    '/api/requests/:id/select-mediator/:mediatorId',
    {
      schema: {
        tags,
        summary:
          'Select a mediator: charges the balance (402 { message, clientSecret } if the saved card declines); in a two-sided case, proposes them to opposing counsel (202) until they approve',
        params: z.object({ id: z.string(), mediatorId: z.string() }),
        response: {
          200: RequestDtoSchema,
          202: RequestDtoSchema.describe('Proposed to opposing counsel, who approves or declines (two-sided case)'),
          ...writeErrors(401, 404, 409, 503),
          402: PaymentDeclinedBodySchema.describe('The saved card declined: pay `amount` with another card through `clientSecret`'),
        },
      },
    },
    async (request, reply) => {
      const user = requireActiveMember(request);
      const outcome = await proposeOrSelect(ctx, user, request.params.id, request.params.mediatorId);
      if (outcome.kind === 'declined') throw new AppError(402, outcome.message, { extra: { clientSecret: outcome.clientSecret, amount: outcome.amount } });
      // A two-sided case's selection waits for the other side's approval (decision 045): 202, the request unchanged.
      // Once approved, it waits for each side's share (decision 050): 202, each side's due shown on the request.
      if (outcome.kind === 'proposed' || outcome.kind === 'awaiting_shares')
        return reply.status(202).send(await service.getRequest(ctx, user, outcome.request.id));
      return service.present(ctx, user, outcome.request);
    },
  );

  r.get(
    '/api/requests/:id/cancellation',
    {
      schema: {
        tags,
        summary: 'What cancelling now would refund (shown before confirming); admins may pass the refund they would choose',
        params: IdParams,
        querystring: CancellationPreviewQuerySchema,
        response: { 200: CancellationPreviewDtoSchema, ...readErrors(400, 401, 403, 404, 409) },
      },
      attachValidation: true,
    },
    async (request) => {
      const user = requireActiveMember(request);
      const query = takeBody({ body: request.query, validationError: request.validationError });
      return previewCancellation(ctx, user, request.params.id, query.refund);
    },
  );

  r.post(
    '/api/requests/:id/cancel',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Cancel: refunds per the policy',
        params: IdParams,
        body: CancelSchema,
        response: { 200: CancellationResultSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      if (user.role !== 'admin') await service.findVisibleRequest(ctx, user, request.params.id); // 404 before 400 (RULES.md 6)
      const body = takeBody(request);
      const result = await cancelRequest(ctx, user, request.params.id, { reason: body.reason });
      return { ...result, request: await service.present(ctx, user, result.request) }; // presented, never the raw row
    },
  );

  r.post(
    '/api/requests/:id/start',
    {
      schema: {
        tags,
        summary: 'Start the mediation (selected mediator): matched → in_progress',
        params: IdParams,
        response: { 200: RequestDtoSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      return service.present(ctx, user, await startMediation(ctx, user, request.params.id));
    },
  );

  // The body is checked inside the service, after visibility (404) and the selected-mediator check (403).
  r.post(
    '/api/requests/:id/complete',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Mark as complete (selected mediator): schedules the payout after the hold window',
        params: IdParams,
        body: CompleteSchema,
        response: { 200: RequestDtoSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      return service.present(ctx, user, await completeMediation(ctx, user, request.params.id, request.body));
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChannelSchema, MessageDtoSchema, SendMessageSchema, ThreadSummarySchema } from '../../../common/schemas/messages';
import type { AppContext } from '../../context';
import { decodeCursor, PageQuerySchema, sendPage } from '../../pagination';
import { takeBody } from '../../plugins/error-handler';
import { requireUser } from '../../plugins/guards';
import { hitLocalRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import { readErrors, writeErrors } from '../../route-responses';
import { presentMessage, presentThreadSummary } from './messages.presenter';
import { findThread, listMyThreads, markThreadRead, readThread, sendMessage, type Caller } from './messages.service';

const tags = ['Messages'];

/** `?channel=` of a thread's routes (decision 046). */
const ChannelQuerySchema = z.object({ channel: ChannelSchema.optional() });

/** The acting user, and the admin behind them when an admin is viewing as that user. */
function callerOf(request: FastifyRequest): Caller {
  return { user: requireUser(request), impersonatorId: request.sessionData?.impersonatorId ?? null };
}

export function messagesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/messages',
    {
      attachValidation: true, // signed out is 401 before a bad query is 400 (RULES.md 6)
      schema: {
        tags,
        summary: 'My threads: one per request I take part in from matched on, latest activity first (paginated)',
        querystring: PageQuerySchema,
        response: { 200: z.array(ThreadSummarySchema), ...readErrors(400, 401) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { limit, cursor } = takeBody({ body: request.query, validationError: request.validationError });
      const rows = await listMyThreads(ctx, caller, limit, decodeCursor(cursor));
      const page = sendPage(
        reply,
        rows.map((row) => ({ ...row, createdAt: row.activityAt, id: row.requestId })),
        limit,
      );
      return page.map(presentThreadSummary);
    },
  );

  r.get(
    '/api/messages/:requestId',
    {
      attachValidation: true,
      schema: {
        tags,
        summary:
          "A request's thread, newest message first (the next cursor pages to earlier messages). Participants and admins; 404 for anyone else and before the request is matched. `channel` (two-sided cases): `joint`, `first` or `second`; without it, counsel read their side's private channel and the mediator and admins the joint one (a one-sided case has only `first`). Private channels are 404 to the other side and to admins; an admin's read of a joint channel is written to the audit log",
        params: z.object({ requestId: z.string() }),
        querystring: PageQuerySchema.extend(ChannelQuerySchema.shape),
        response: { 200: z.array(MessageDtoSchema), ...readErrors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      // 404 before 400: an unknown thread is not found whatever the query says.
      if (request.validationError) await findThread(ctx.db, caller, request.params.requestId);
      const { limit, cursor, channel } = takeBody({ body: request.query, validationError: request.validationError });
      const rows = await readThread(ctx, caller, request.params.requestId, channel, limit, decodeCursor(cursor));
      return sendPage(reply, rows, limit, (row) => row.message).map(presentMessage);
    },
  );

  // The body is validated inside the service, after the thread check (404) and the admin refusal (403): RULES.md 6.
  r.post(
    '/api/messages',
    {
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Send a message: { requestId, content, attachmentUrl?, channel? } (the server works out sender and recipient; `channel` as for reading a thread, the same default)',
        body: SendMessageSchema,
        response: { 201: MessageDtoSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      hitLocalRateLimit(ctx, `message:${caller.user.id}`, RATE_LIMITS.messages);
      return reply.status(201).send(await sendMessage(ctx, caller, request.body));
    },
  );

  r.post(
    '/api/messages/:requestId/read',
    {
      attachValidation: true,
      schema: {
        tags,
        summary:
          "Mark my received messages in a thread read (and the thread's new-message notification); `?channel=` as for reading a thread, the same default",
        params: z.object({ requestId: z.string() }),
        querystring: ChannelQuerySchema,
        response: { 200: z.object({ marked: z.number().int() }), ...writeErrors(401, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (request.validationError) await findThread(ctx.db, caller, request.params.requestId);
      const { channel } = takeBody({ body: request.query, validationError: request.validationError });
      return { marked: await markThreadRead(ctx, caller, request.params.requestId, channel) };
    },
  );
}

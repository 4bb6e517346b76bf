import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageDtoSchema, SendMessageSchema, ThreadSummarySchema } from '../../../common/schemas/messages';
import type { AppContext } from '../../context';
import { decodeCursor, PageQuerySchema, sendPage } from '../../pagination';
import { takeBody } from '../../plugins/error-handler';
import { requireUser } from '../../plugins/guards';
import { hitRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import { readErrors, writeErrors } from '../../route-responses';
import { presentMessage, presentThreadSummary } from './messages.presenter';
import { findThread, listMyThreads, markThreadRead, readThread, sendMessage } from './messages.service';

const tags = ['Messages'];

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
      const user = requireUser(request);
      const { limit, cursor } = takeBody({ body: request.query, validationError: request.validationError });
      const rows = await listMyThreads(ctx, user, limit, decodeCursor(cursor));
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
          "A request's thread, newest message first (the next cursor pages to earlier messages). Participants and admins; 404 for anyone else and before the request is matched",
        params: z.object({ requestId: z.string() }),
        querystring: PageQuerySchema,
        response: { 200: z.array(MessageDtoSchema), ...readErrors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // 404 before 400: an unknown thread is not found whatever the query says.
      if (request.validationError) await findThread(ctx.db, user, request.params.requestId);
      const { limit, cursor } = takeBody({ body: request.query, validationError: request.validationError });
      const rows = await readThread(ctx, user, request.params.requestId, limit, decodeCursor(cursor));
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
        summary: 'Send a message: { requestId, content, attachmentUrl? } (the server works out sender and recipient)',
        body: SendMessageSchema,
        response: { 201: MessageDtoSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await hitRateLimit(ctx, `message:${user.id}`, RATE_LIMITS.messages);
      return reply.status(201).send(await sendMessage(ctx, user, request.body));
    },
  );

  r.post(
    '/api/messages/:requestId/read',
    {
      schema: {
        tags,
        summary: "Mark my received messages in a thread read (and the thread's new-message notification)",
        params: z.object({ requestId: z.string() }),
        response: { 200: z.object({ marked: z.number().int() }), ...writeErrors(401, 404) },
      },
    },
    async (request) => ({ marked: await markThreadRead(ctx, requireUser(request), request.params.requestId) }),
  );
}

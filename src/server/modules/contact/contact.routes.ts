import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactSchema } from '../../../common/schemas/contact';
import { ContactSentSchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { insertContactMessage } from './contact.repo';
import { hitRateLimit } from '../../plugins/rate-limit';
import { writeErrors } from '../../route-responses';

export function contactRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/contact',
    {
      schema: {
        tags: ['Support'],
        summary: "Contact support (reaches the admins' Support tab)",
        body: ContactSchema,
        response: { 201: ContactSentSchema, ...writeErrors() },
      },
    },
    async (request, reply) => {
      await hitRateLimit(ctx, `contact:ip:${request.ip}`, 5);
      const row = await insertContactMessage(ctx.db, { ...request.body, userId: request.user?.id ?? null, createdAt: ctx.clock.now() });
      return reply.status(201).send({ id: row.id, message: "Message sent! We'll get back to you within 24 hours." });
    },
  );
}

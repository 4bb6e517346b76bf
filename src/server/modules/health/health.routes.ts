import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthSchema, NotReadySchema, ReadySchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { pingDatabase } from '../../db/client';
import { readErrors } from '../../route-responses';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The general rate limit skips /api/health (plugins/rate-limit.ts), not /api/ready.
  r.get('/api/health', { schema: { tags: ['Operations'], summary: 'Liveness', response: { 200: HealthSchema } } }, async () => ({ status: 'ok' as const }));
  r.get(
    '/api/ready',
    { schema: { tags: ['Operations'], summary: 'Readiness: the database answers', response: { 200: ReadySchema, ...readErrors(), 503: NotReadySchema } } },
    async (_request, reply) => {
      try {
        await pingDatabase(ctx.db);
        return { status: 'ready' as const, database: ctx.database.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, message: 'The database is not reachable' });
      }
    },
  );
}

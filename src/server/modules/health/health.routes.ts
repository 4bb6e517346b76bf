import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { pingDatabase } from '../../db/client';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/health', { schema: { tags: ['Operations'], summary: 'Liveness' } }, async () => ({ status: 'ok' }));
  app.get('/api/ready', { schema: { tags: ['Operations'], summary: 'Readiness: the database answers' } }, async (_request, reply) => {
    try {
      await pingDatabase(ctx.db);
      return { status: 'ready', database: ctx.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'The database is not reachable' });
    }
  });
}

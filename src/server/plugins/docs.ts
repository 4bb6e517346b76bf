import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI description at /api/docs/json and the interactive page at /api/docs (DESIGN 9). */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'MediateHub API',
        version: '1.0.0',
        description:
          'JSON API of the MediateHub marketplace. Sign in with POST /api/login; the session cookie authorizes the rest. ' +
          'Errors are `{ message, code, fieldErrors? }` (`code`: what the client acts on). Money is a two-decimal string.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

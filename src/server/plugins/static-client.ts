import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built React app (dist/client) and falls back to index.html for client routes.
 * Unknown /api paths stay JSON 404s.
 */
export async function registerStaticClient(app: FastifyInstance, root: string): Promise<void> {
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET') {
      return reply.status(404).send({ message: `Not found: ${request.method} ${url}`, code: 'not_found' });
    }
    if (!hasBuild) {
      return reply.status(503).type('text/plain').send('The client is not built yet. Run `npm run build` (npm start does it for you).');
    }
    if (path.extname(url) && url !== '/') {
      return reply.status(404).type('text/plain').send('Not found');
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { forbidden } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Security headers and the cross-site defence of RULES.md 7. */
export async function registerSecurity(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Radix positions popovers with inline style attributes.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // With S3 storage the browser PUTs uploads straight to the bucket's presigned URL.
        'connect-src': ["'self'", 'ws:', 'wss:', ...storageOrigin(ctx)],
        'font-src': ["'self'", 'data:'],
        'frame-src': ["'self'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': ctx.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: ctx.publicUrl.startsWith('https:'),
  });

  const allowedOrigin = new URL(ctx.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return; // same-origin fetches from older browsers, and non-browser clients
    const sameHost = `${request.protocol}://${request.host}`;
    if (origin !== allowedOrigin && origin !== sameHost) throw forbidden('Cross-site request refused', 'cross_site');
  });
}

function storageOrigin(ctx: AppContext): string[] {
  const env = ctx.env;
  if (env.STORAGE_DRIVER !== 's3') return [];
  if (env.S3_ENDPOINT) return [new URL(env.S3_ENDPOINT).origin];
  return [`https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`];
}

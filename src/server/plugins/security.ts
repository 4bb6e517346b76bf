import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppContext } from '../context';
import { allowedOrigins, crossSiteRefused } from './allowed-origins';
import { ONE_CLICK_UNSUBSCRIBE_PATH, STRIPE_WEBHOOK_PATH } from '../http-paths';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The headers helmet sets for this configuration, worked out once. Helmet's middleware sets the same fixed headers on
 * every response (no nonces here); @fastify/helmet built it anew for each request, about 3 % of a hot read's CPU.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export function helmetOptions(ctx: AppContext): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Radix positions popovers with inline style attributes.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // 'self' covers our own WebSocket (/ws) as well; bare ws:/wss: would allow a socket to any host.
        // With S3 storage the browser PUTs uploads straight to the bucket's presigned URL.
        'connect-src': ["'self'", ...storageOrigin(ctx)],
        'font-src': ["'self'", 'data:'],
        'frame-src': ["'self'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': ctx.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: ctx.publicUrl.startsWith('https:'),
  };
}

/** Security headers and the cross-site defence of RULES.md 7. */
export async function registerSecurity(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const headers = securityHeaders(helmetOptions(ctx));
  // Set first, so every answer carries them, errors and 404s included; a route may still override one.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // Only the configured public origin counts: the Host header is the caller's to choose (DNS rebinding, another name
  // for this server), so "Origin equals our Host" proves nothing. Development sets PUBLIC_URL to the Vite origin;
  // outside production its other loopback spellings count too (allowed-origins.ts).
  const allowed = allowedOrigins(ctx.publicUrl, ctx.env.NODE_ENV);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // Stripe's servers call the webhook; its signature, not an Origin, is what it is checked by. A mail provider calls
    // the one-click unsubscribe (RFC 8058) with the signed token of the e-mail, and no cookie is read there: a forged
    // cross-site POST could do nothing its sender could not do without a browser (decision 060).
    const path = request.url.split('?')[0];
    if (path === STRIPE_WEBHOOK_PATH || path === ONE_CLICK_UNSUBSCRIBE_PATH) return;
    const origin = request.headers.origin;
    if (origin === undefined) return; // same-origin fetches from older browsers, and non-browser clients
    if (!allowed.has(origin)) throw crossSiteRefused(ctx.publicUrl);
  });
}

function storageOrigin(ctx: AppContext): string[] {
  const env = ctx.env;
  if (env.STORAGE_DRIVER !== 's3') return [];
  if (env.S3_ENDPOINT) return [new URL(env.S3_ENDPOINT).origin];
  return [`https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`];
}

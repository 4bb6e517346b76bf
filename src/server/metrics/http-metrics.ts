import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * Seconds. The edges fall on the product's bars (bench/README.md): 25 ms, the hot reads' p99; 200 ms, the admin
 * analytics' 30 days; 0.5 s, a sign-in's Argon2 at its p99; 10 s, the load test's timeout.
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10];

/** What a request is counted under when no route matched it: unknown paths, and the client's pages (its fallback). */
const UNMATCHED = 'unmatched';
/** The built client's files, one route each (hashed names change with every build): counted together. */
const STATIC_FILES = 'static';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route label: the pattern Fastify matched (`/api/requests/:id`, never the id itself), so that the label set is
 * the route table and stays bounded whatever callers send. `ownPaths`: the app's routes outside /api (/metrics, /ws).
 */
function routeLabel(request: FastifyRequest, ownPaths: ReadonlySet<string>): string {
  const url = request.routeOptions.url;
  if (request.is404 || url === undefined) return UNMATCHED;
  return url.startsWith('/api/') || ownPaths.has(url) ? url : STATIC_FILES;
}

/**
 * Per route: `http_requests_total{method,route,status}` and `http_request_duration_seconds{method,route}`, observed
 * when the answer is written (Fastify's own elapsed time, from the request's arrival). The only work on the request
 * path: two label lookups and two increments.
 */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry, prefix: string, ownPaths: ReadonlySet<string>): void {
  const requests = new Counter({
    name: `${prefix}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: 'Time from a request arriving to its answer written, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    const route = routeLabel(request, ownPaths);
    requests.inc({ method, route, status: String(reply.statusCode) });
    duration.observe({ method, route }, reply.elapsedTime / 1000);
    done();
  });
}

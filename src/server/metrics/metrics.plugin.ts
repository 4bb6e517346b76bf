import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { collectDefaultMetrics } from 'prom-client';
import { z } from 'zod';
import { ErrorBodySchema } from '../../common/schemas/responses';
import type { AppContext } from '../context';
import { AppError, notFound } from '../errors';
import { errorResponses } from '../route-responses';
import { clusterMetrics, newRegistry } from './cluster-scrape';
import { registerHttpMetrics } from './http-metrics';
import { registerStateGauges } from './state-gauges';

const METRICS_PATH = '/metrics';
/** Every metric's name starts with the product's name, the process metrics too (decision 059). */
const PREFIX = 'mediatehub_';

export interface MetricsSources {
  /** Open WebSocket connections on this process (the realtime hub's count). */
  openSockets: () => number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`; compared on digests, in constant time. */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const presented = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(sha256(presented), expected);
}

const refused = () =>
  new AppError(401, 'This endpoint needs Authorization: Bearer <METRICS_TOKEN>', { headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } });

/**
 * `GET /metrics`, Prometheus's text format (decision 059). Registered whatever the configuration, so the route table
 * does not depend on it: without METRICS_TOKEN it answers 404 and nothing is measured (no hook, no registry); with it,
 * a scraper sends the token as a bearer token (401 otherwise). Not under /api: the general rate limit does not count
 * it, so a scrape every 15 s never meets a 429.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext, sources: MetricsSources): void {
  const token = ctx.env.METRICS_TOKEN;
  const registry = token ? newRegistry() : null;
  if (registry) {
    collectDefaultMetrics({ register: registry, prefix: PREFIX });
    registerHttpMetrics(app, registry, PREFIX, new Set([METRICS_PATH, '/ws']));
    registerStateGauges(registry, PREFIX, ctx, sources.openSockets);
  }
  const expected = token ? sha256(token) : null;

  app.withTypeProvider<ZodTypeProvider>().get(
    METRICS_PATH,
    {
      schema: {
        tags: ['Operations'],
        summary: 'Prometheus metrics (only with METRICS_TOKEN set; send it as Authorization: Bearer <token>)',
        response: {
          200: { description: "Prometheus's text format", content: { 'text/plain': { schema: z.string() } } },
          ...errorResponses(401, 404),
          503: ErrorBodySchema.describe('With several server processes: one of them did not answer in time; the next scrape tries again'),
        },
      },
    },
    async (request, reply) => {
      if (!registry || !expected) throw notFound(`Not found: GET ${METRICS_PATH}`);
      if (!bearerMatches(request, expected)) throw refused();
      const gathered = clusterMetrics();
      let text: string;
      try {
        text = gathered ? await gathered : await registry.metrics();
      } catch (error) {
        request.log.warn({ err: error }, 'metrics could not be gathered from every server process');
        throw new AppError(503, 'The metrics of every server process could not be gathered; the next scrape tries again');
      }
      return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
    },
  );
}

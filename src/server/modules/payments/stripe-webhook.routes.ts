import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StripeWebhookAckSchema } from '../../../common/schemas/stripe-webhook';
import type { AppContext } from '../../context';
import { errorResponses } from '../../route-responses';
import { STRIPE_WEBHOOK_PATH } from '../../http-paths';
import { handleStripeWebhook } from './stripe-webhook.service';

/**
 * Registered whatever the provider, so the API's shape does not depend on configuration: with `local` it answers 404.
 * The body is kept raw — the signature covers its exact bytes — by a content-type parser that exists only inside
 * this route's own plugin scope; every other route keeps the JSON-only parsers.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      STRIPE_WEBHOOK_PATH,
      {
        schema: {
          tags: ['Payments'],
          summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET): payment intents, Connect accounts, refunds',
          response: { 200: StripeWebhookAckSchema, ...errorResponses(400, 404, 413) },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return handleStripeWebhook(ctx, raw, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
}

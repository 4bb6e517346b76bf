import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SubscriptionDtoSchema, UpgradeInputSchema, UpgradeIntentSchema } from '../../../common/schemas/subscription';
import type { AppContext } from '../../context';
import { takeBody } from '../../plugins/error-handler';
import { requireActiveMember } from '../../plugins/guards';
import { readErrors, writeErrors } from '../../route-responses';
import { cancelSubscription, getSubscription, upgradeSubscription } from './subscriptions.service';

/** Mediators' subscriptions (RULES.md 7): the plan and its period, the upgrade's payment, the cancellation. */
export function subscriptionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Subscriptions'];

  r.get(
    '/api/subscription',
    {
      schema: {
        tags,
        summary: 'My plan, its paid period, and this month’s mediations against the cap (mediators)',
        response: { 200: SubscriptionDtoSchema, ...readErrors(401, 403) },
      },
    },
    async (request) => getSubscription(ctx, requireActiveMember(request, 'mediator')),
  );

  // The body is checked after the role (401 → 403 → 400, RULES.md 6).
  r.post(
    '/api/subscription/upgrade',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Upgrade to a higher plan: returns the clientSecret of its first period’s payment; the plan changes when it is paid',
        body: UpgradeInputSchema,
        response: { 200: UpgradeIntentSchema, ...writeErrors(401, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request, 'mediator');
      const { tier } = takeBody(request);
      return upgradeSubscription(ctx, user, tier);
    },
  );

  r.post(
    '/api/subscription/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel the paid plan: it runs to the end of the period, then you return to Free',
        response: { 200: SubscriptionDtoSchema, ...writeErrors(401, 409) },
      },
    },
    async (request) => cancelSubscription(ctx, requireActiveMember(request, 'mediator')),
  );
}

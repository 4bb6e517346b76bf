import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SubscriptionDtoSchema, UpgradeInputSchema, UpgradeIntentSchema } from '../../../common/schemas/subscription';
import { SubscriptionChargeDtoSchema } from '../../../common/schemas/subscription-charges';
import type { AppContext } from '../../context';
import { PageQuerySchema, sendPage } from '../../pagination';
import { takeBody } from '../../plugins/error-handler';
import { requireActiveMember } from '../../plugins/guards';
import { readErrors, writeErrors } from '../../route-responses';
import { resumeSubscription } from './resume.service';
import { getSubscriptionCharge, listSubscriptionCharges } from './subscription-charges.service';
import { cancelSubscription, getSubscription, upgradeSubscription } from './subscriptions.service';

/**
 * Mediators' subscriptions (RULES.md 7): the plan and its period, the upgrade's payment, the cancellation and its
 * taking back, and the charges with their receipts (decision 038).
 */
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

  r.post(
    '/api/subscription/resume',
    {
      schema: {
        tags,
        summary: 'Keep the cancelled plan: it renews again at the end of the period (409 when nothing is cancelled or the period is over)',
        response: { 200: SubscriptionDtoSchema, ...writeErrors(401, 409) },
      },
    },
    async (request) => resumeSubscription(ctx, requireActiveMember(request, 'mediator')),
  );

  // The query is checked after the role (401 → 403 → 400, RULES.md 6).
  r.get(
    '/api/subscription/charges',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'My subscription charges, newest first: plan, period, amount, what was refunded, status (mediators). Next page: X-Next-Cursor',
        querystring: PageQuerySchema,
        response: { 200: z.array(SubscriptionChargeDtoSchema), ...readErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = requireActiveMember(request, 'mediator');
      const query = takeBody({ body: request.query, validationError: request.validationError });
      const rows = await listSubscriptionCharges(ctx, user, query);
      return sendPage(reply, rows, query.limit).map((row) => row.view);
    },
  );

  r.get(
    '/api/subscription/charges/:id',
    {
      schema: {
        tags,
        summary: 'One of my subscription charges, for its receipt (mediators; another mediator’s is 404)',
        params: z.object({ id: z.string() }),
        response: { 200: SubscriptionChargeDtoSchema, ...readErrors(401, 403, 404) },
      },
    },
    async (request) => getSubscriptionCharge(ctx, requireActiveMember(request, 'mediator'), request.params.id),
  );
}

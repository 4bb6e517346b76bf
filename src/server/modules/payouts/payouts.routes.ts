import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PayoutAccountSchema } from '../../../common/schemas/payment-history';
import type { AppContext } from '../../context';
import { requireActiveMember } from '../../plugins/guards';
import { readErrors, writeErrors } from '../../route-responses';
import { payoutAccountOf, setUpPayoutAccount } from './payouts.service';

const tags = ['Payouts'];

/** The mediator's payout account (RULES.md 3): `local` creates it on demand, `stripe` needs hosted onboarding. */
export function payoutsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/payouts/account',
    {
      schema: {
        tags,
        summary: 'My payout account: ready, what the provider still needs, the onboarding link (mediators)',
        response: { 200: PayoutAccountSchema, ...readErrors(401, 403) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request, 'mediator');
      return payoutAccountOf(ctx, user.id);
    },
  );

  r.post(
    '/api/payouts/account',
    {
      schema: {
        tags,
        summary: 'Set up my payout account (no body): created once, however many calls race; returns its state',
        response: { 200: PayoutAccountSchema, ...writeErrors(401, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request, 'mediator');
      return setUpPayoutAccount(ctx, user.id);
    },
  );
}

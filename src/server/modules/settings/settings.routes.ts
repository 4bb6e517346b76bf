import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicSettingsDtoSchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { readErrors } from '../../route-responses';
import { paymentsConfigOf } from './payments-config';
import { getSettings } from './settings.repo';
import { termsOf } from './terms';

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/settings/public',
    {
      schema: {
        tags: ['Settings'],
        summary: 'Deposit, fees, terms and privacy text, and the payment provider the card form uses',
        response: { 200: PublicSettingsDtoSchema, ...readErrors() },
      },
    },
    async () => {
      const s = await getSettings(ctx.db);
      return { ...termsOf(s), termsOfService: s.termsOfService, privacyPolicy: s.privacyPolicy, payments: paymentsConfigOf(ctx.env) };
    },
  );
}

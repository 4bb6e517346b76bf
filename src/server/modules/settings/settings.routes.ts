import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { getSettings } from './settings.repo';
import { termsOf } from './terms';

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/settings/public', { schema: { tags: ['Settings'], summary: 'Deposit, fees, terms and privacy text' } }, async () => {
    const s = await getSettings(ctx.db);
    return { ...termsOf(s), termsOfService: s.termsOfService, privacyPolicy: s.privacyPolicy };
  });
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { twoDecimals } from '../users/user.presenter';
import { getSettings } from './settings.repo';

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/settings/public', { schema: { tags: ['Settings'], summary: 'Deposit, fees, terms and privacy text' } }, async () => {
    const s = await getSettings(ctx.db);
    return {
      commissionPercentage: twoDecimals(s.commissionPercentage),
      minimumPlatformFee: twoDecimals(s.minimumPlatformFee),
      defaultDeposit: twoDecimals(s.defaultDeposit),
      matchWindowMinutes: s.matchWindowMinutes,
      priorityHeadStartMinutes: s.priorityHeadStartMinutes,
      payoutHoldHours: s.payoutHoldHours,
      termsOfService: s.termsOfService,
      privacyPolicy: s.privacyPolicy,
    };
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminSettingsInputSchema } from '../../../common/schemas/admin-settings';
import { AmountSchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { takeBody } from '../../plugins/error-handler';
import { requireRole } from '../../plugins/guards';
import { readErrors, writeErrors } from '../../route-responses';
import { transaction } from '../../unit-of-work';
import { getSettings, type SettingsRow } from '../settings/settings.repo';
import { termsOf } from '../settings/terms';
import { updateSettings } from './admin-settings.repo';
import { appendAudit } from './audit.repo';

const AdminSettingsSchema = z.object({
  commissionPercentage: AmountSchema,
  minimumPlatformFee: AmountSchema,
  defaultDeposit: AmountSchema,
  matchWindowMinutes: z.number().int(),
  priorityHeadStartMinutes: z.number().int(),
  payoutHoldHours: z.number().int(),
  termsOfService: z.string().nullable(),
  privacyPolicy: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});

const present = (s: SettingsRow) => ({ ...termsOf(s), termsOfService: s.termsOfService, privacyPolicy: s.privacyPolicy, updatedAt: s.updatedAt.toISOString() });

const requireAdmin = (request: FastifyRequest) => requireRole(request, 'admin');

/**
 * The platform settings (spec 7 `GET/PATCH /api/admin/settings`, RULES.md 1): admins only. A change applies to
 * requests submitted afterwards (each request keeps the terms copied at submit) and is written to the audit log.
 */
export function adminSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Admin'];

  r.get(
    '/api/admin/settings',
    { schema: { tags, summary: 'Platform settings', response: { 200: AdminSettingsSchema, ...readErrors(401, 403) } } },
    async (request) => {
      requireAdmin(request);
      return present(await getSettings(ctx.db));
    },
  );

  r.patch(
    '/api/admin/settings',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Change any subset of the settings',
        body: AdminSettingsInputSchema,
        response: { 200: AdminSettingsSchema, ...writeErrors(401) },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const changes = takeBody(request) ?? {};
      const now = ctx.clock.now();
      const row = await transaction(ctx, async (tx) => {
        const before = await getSettings(tx);
        const updated = await updateSettings(tx, { ...changes, updatedAt: now });
        const changed = Object.fromEntries(
          Object.keys(changes).map((k) => [k, { from: before[k as keyof SettingsRow] ?? null, to: updated[k as keyof SettingsRow] ?? null }]),
        );
        await appendAudit(tx, { actorId: admin.id, action: 'settings.update', targetType: 'settings', details: changed, at: now });
        return updated;
      });
      return present(row);
    },
  );
}

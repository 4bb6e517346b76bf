import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminSettingsInputSchema, EmailTemplateSettingSchema } from '../../../common/schemas/admin-settings';
import { AmountSchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { takeBody } from '../../plugins/error-handler';
import { requireRole } from '../../plugins/guards';
import { readErrors, writeErrors } from '../../route-responses';
import { getSettings, type SettingsRow } from '../settings/settings.repo';
import { termsOf } from '../settings/terms';
import { presentEmailTemplates, updatePlatformSettings } from './admin-settings.service';

const AdminSettingsSchema = z.object({
  id: z.number().int().describe("The settings row's id (spec 3 platform_settings; there is one row)"),
  commissionPercentage: AmountSchema,
  minimumPlatformFee: AmountSchema,
  defaultDeposit: AmountSchema,
  matchWindowMinutes: z.number().int(),
  priorityHeadStartMinutes: z.number().int(),
  payoutHoldHours: z.number().int(),
  shareDueDays: z.number().int().describe('Days a side of a two-sided case has to pay its share, at most (decision 051)'),
  termsOfService: z.string().nullable(),
  privacyPolicy: z.string().nullable(),
  emailTemplates: z.array(EmailTemplateSettingSchema),
  updatedAt: z.iso.datetime(),
});

const present = (s: SettingsRow) => ({
  id: s.id,
  ...termsOf(s),
  shareDueDays: s.shareDueDays,
  termsOfService: s.termsOfService,
  privacyPolicy: s.privacyPolicy,
  emailTemplates: presentEmailTemplates(s.emailTemplates),
  updatedAt: s.updatedAt.toISOString(),
});

const requireAdmin = (request: FastifyRequest) => requireRole(request, 'admin');

/**
 * The platform settings (spec 7 `GET/PATCH /api/admin/settings`, RULES.md 1): admins only. A change applies to
 * requests submitted afterwards (each request keeps the terms copied at submit) and to e-mails sent afterwards, and is
 * written to the audit log. `emailTemplates` lists every e-mail with its text in force and the placeholders it may use.
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
      return present(await updatePlatformSettings(ctx, admin.id, takeBody(request) ?? {}));
    },
  );
}

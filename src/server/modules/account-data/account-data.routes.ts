import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DataExportDtoSchema,
  DataExportStateSchema,
  DeleteAccountResultSchema,
  DeleteAccountSchema,
  RetentionDtoSchema,
  RetentionHoldInputSchema,
} from '../../../common/schemas/account-data';
import type { AppContext } from '../../context';
import { takeBody } from '../../plugins/error-handler';
import { requireRole, requireUser } from '../../plugins/guards';
import { SESSION_COOKIE } from '../../plugins/session';
import { fileBody, readErrors, writeErrors } from '../../route-responses';
import { deleteOwnAccount } from './account-deletion.service';
import { latestExport, openExport, requestExport } from './data-export.service';
import { retentionOf, setRetentionHold } from './retention.service';

const tags = ['Profile'];

/** People's own data on the profile (issue 28, docs/decisions/061). */
export function accountDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/profile/data-export',
    {
      schema: {
        tags,
        summary: 'My latest "Download my data" archive and its state (null when never asked for)',
        response: { 200: DataExportStateSchema, ...readErrors(401) },
      },
    },
    async (request) => ({ export: await latestExport(ctx, requireUser(request)) }),
  );

  r.post(
    '/api/profile/data-export',
    {
      schema: {
        tags,
        summary: 'Ask for an archive of my data (built in the background, e-mailed when ready; one at a time: 409)',
        response: { 202: DataExportDtoSchema, ...writeErrors(401, 409) },
      },
    },
    async (request, reply) => reply.code(202).send(await requestExport(ctx, requireUser(request))),
  );

  r.get(
    '/api/profile/data-export/:id/download',
    {
      schema: {
        tags,
        summary: 'Download my archive (its owner only; 409 while it is built, 410 once expired)',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: fileBody('The archive (zip)', ['application/zip']), ...readErrors(401, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { stream, size, requestedAt } = await openExport(ctx, user, request.params.id);
      reply.header('Content-Type', 'application/zip');
      reply.header('Cache-Control', 'private, no-store');
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Disposition', `attachment; filename="mediatehub-data-${requestedAt.toISOString().slice(0, 10)}.zip"`);
      if (size !== null) reply.header('Content-Length', String(size));
      return reply.send(stream);
    },
  );

  r.post(
    '/api/profile/delete-account',
    {
      // attachValidation: signed out is 401 before a bad body is 400 (RULES.md 6 precedence).
      attachValidation: true,
      schema: {
        tags,
        summary: 'Delete my account, confirmed with my password: anonymised with case or money history, removed otherwise; signs out',
        body: DeleteAccountSchema,
        response: { 200: DeleteAccountResultSchema, ...writeErrors(401, 409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { password } = takeBody(request);
      const result = await deleteOwnAccount(ctx, user, request.sessionData?.impersonatorId ?? null, password);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return result;
    },
  );

  const RequestParams = z.object({ requestId: z.string().max(100) });

  r.get(
    '/api/admin/mediations/:requestId/retention',
    {
      schema: {
        tags: ['Admin'],
        summary: "A case's document retention: when its documents go under the policy, the notice, an admin's hold (admins)",
        params: RequestParams,
        response: { 200: RetentionDtoSchema, ...readErrors(401, 403, 404) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return retentionOf(ctx, request.params.requestId);
    },
  );

  r.put(
    '/api/admin/mediations/:requestId/retention-hold',
    {
      attachValidation: true,
      schema: {
        tags: ['Admin'],
        summary: "Hold a case's documents from purging under the retention policy, or release them (admins; audited)",
        params: RequestParams,
        body: RetentionHoldInputSchema,
        response: { 200: RetentionDtoSchema, ...writeErrors(401, 404) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      await retentionOf(ctx, request.params.requestId); // 404 before 400 (RULES.md 6)
      return setRetentionHold(ctx, admin, request.params.requestId, takeBody(request).hold);
    },
  );
}

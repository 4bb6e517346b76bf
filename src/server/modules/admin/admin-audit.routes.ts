import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditEntryDtoSchema, AuditLogFilterSchema } from '../../../common/schemas/admin-audit';
import type { AppContext } from '../../context';
import { decodeCursor, PageQuerySchema, sendPage } from '../../pagination';
import { takeBody } from '../../plugins/error-handler';
import { requireRole } from '../../plugins/guards';
import { readErrors } from '../../route-responses';
import { presentAuditEntry } from './admin-audit.presenter';
import { describeAuditSubjects, listAuditLog } from './admin-audit.repo';

const ListQuerySchema = PageQuerySchema.extend(AuditLogFilterSchema.shape);

/** GET /api/admin/audit-log (RULES.md 6 + 7): who did what with admin power, when, to whom (admins). */
export function adminAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/audit-log',
    {
      attachValidation: true,
      schema: {
        tags: ['Admin'],
        summary: 'The audit log, newest first; filter by actorId, targetId, action (admins)',
        querystring: ListQuerySchema,
        response: { 200: z.array(AuditEntryDtoSchema), ...readErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      const { limit, cursor, ...filter } = takeBody({ body: request.query, validationError: request.validationError });
      const rows = await listAuditLog(ctx.db, filter, limit, decodeCursor(cursor));
      const page = sendPage(
        reply,
        rows.map((row) => ({ ...row, id: row.entry.id, createdAt: row.entry.createdAt })),
        limit,
      );
      const subjects = await describeAuditSubjects(ctx.db, page);
      return page.map((row) => presentAuditEntry(row, subjects));
    },
  );
}

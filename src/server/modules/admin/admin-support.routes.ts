import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SupportFilterSchema, SupportHandledInputSchema, SupportMessageDtoSchema, type SupportMessageDto } from '../../../common/schemas/admin-support';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { decodeCursor, PageQuerySchema, sendPage } from '../../pagination';
import { takeBody } from '../../plugins/error-handler';
import { requireRole } from '../../plugins/guards';
import { readErrors, writeErrors } from '../../route-responses';
import { transaction } from '../../unit-of-work';
import { findSupportMessage, listSupportMessages, setSupportHandled, type SupportMessageRow } from './admin-support.repo';
import { appendAudit } from '../../audit/audit.repo';

const ListQuerySchema = PageQuerySchema.extend(SupportFilterSchema.shape);
const NOT_FOUND = 'Message not found';

function presentSupportMessage({ message: m, handledBy }: SupportMessageRow): SupportMessageDto {
  return {
    id: m.id,
    userId: m.userId,
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
    handled: m.handled,
    handledAt: m.handledAt?.toISOString() ?? null,
    handledBy,
    createdAt: m.createdAt.toISOString(),
  };
}

/** The Support tab (RULES.md 7): the contact-form messages, and marking one handled (audited). Admins only. */
export function adminSupportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Admin'];

  r.get(
    '/api/admin/support',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Contact-form messages, newest first; ?handled=true|false (admins)',
        querystring: ListQuerySchema,
        response: { 200: z.array(SupportMessageDtoSchema), ...readErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      const { handled, limit, cursor } = takeBody({ body: request.query, validationError: request.validationError });
      const rows = await listSupportMessages(ctx.db, handled === undefined ? undefined : handled === 'true', limit, decodeCursor(cursor));
      return sendPage(
        reply,
        rows.map((row) => ({ ...row, id: row.message.id, createdAt: row.message.createdAt })),
        limit,
      ).map(presentSupportMessage);
    },
  );

  r.patch(
    '/api/admin/support/:id',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Mark a contact message handled, or unhandled again (admins)',
        params: z.object({ id: z.string() }),
        body: SupportHandledInputSchema,
        response: { 200: SupportMessageDtoSchema, ...writeErrors(401, 404) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      if (!(await findSupportMessage(ctx.db, request.params.id))) throw notFound(NOT_FOUND); // 404 before 400
      const { handled } = takeBody(request);
      const now = ctx.clock.now();
      await transaction(ctx, async (tx) => {
        if (!(await setSupportHandled(tx, request.params.id, handled, admin.id, now))) throw notFound(NOT_FOUND);
        await appendAudit(tx, {
          actorId: admin.id,
          action: 'support.handled',
          targetType: 'contact_message',
          targetId: request.params.id,
          details: { handled },
          at: now,
        });
      });
      const row = await findSupportMessage(ctx.db, request.params.id);
      if (!row) throw notFound(NOT_FOUND);
      return presentSupportMessage(row);
    },
  );
}

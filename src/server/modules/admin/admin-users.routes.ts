import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_USER_TEXTS,
  AdminUserDeletedSchema,
  AdminUserDtoSchema,
  AdminUsersFilterSchema,
  AdminUserStatusInputSchema,
} from '../../../common/schemas/admin-users';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { decodeCursor, PageQuerySchema, sendPage } from '../../pagination';
import { takeBody } from '../../plugins/error-handler';
import { requireRole } from '../../plugins/guards';
import { readErrors, writeErrors } from '../../route-responses';
import { presentAdminUser } from './admin-users.presenter';
import { findAdminUser, listAdminUsers } from './admin-users.repo';
import { changeUserStatus, deleteUser } from './admin-users.service';

const ListQuerySchema = PageQuerySchema.extend(AdminUsersFilterSchema.shape);
const params = z.object({ userId: z.string() });

/**
 * The admins' Users tab (spec 7, RULES.md 6; docs/decisions/020): list and search, change a status, delete. Admins
 * only; inputs are checked after the guard (401 → 403 → 400, RULES.md 6).
 */
export function adminUsersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Admin'];

  r.get(
    '/api/admin/users',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Accounts, newest first: search name and e-mail, filter by role and status (admins)',
        querystring: ListQuerySchema,
        response: { 200: z.array(AdminUserDtoSchema), ...readErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      const { search, role, status, limit, cursor } = takeBody({ body: request.query, validationError: request.validationError });
      const rows = await listAdminUsers(ctx.db, { search: search || undefined, role, status }, limit, decodeCursor(cursor));
      return sendPage(
        reply,
        rows.map((row) => ({ ...row, id: row.user.id, createdAt: row.user.createdAt })),
        limit,
      ).map(presentAdminUser);
    },
  );

  r.patch(
    '/api/admin/users/:userId/status',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Set a status: pending, approved or suspended (suspension ends their sessions at once; not yourself)',
        params,
        body: AdminUserStatusInputSchema,
        response: { 200: AdminUserDtoSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      if (!(await findAdminUser(ctx.db, request.params.userId))) throw notFound(ADMIN_USER_TEXTS.notFound); // 404 before 400
      const { status } = takeBody(request);
      return presentAdminUser(await changeUserStatus(ctx, admin, request.params.userId, status));
    },
  );

  r.delete(
    '/api/admin/users/:userId',
    {
      schema: {
        tags,
        summary: 'Delete an account: removed without history, anonymised with money or case history (not yourself, not the last admin)',
        params,
        response: { 200: AdminUserDeletedSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      return deleteUser(ctx, admin, request.params.userId);
    },
  );
}

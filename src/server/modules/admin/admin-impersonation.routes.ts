import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserDtoSchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import type { SessionData } from '../../db/schema';
import { requireRole, requireUser } from '../../plugins/guards';
import { writeErrors } from '../../route-responses';
import { currentUserDto } from '../users/current-user';
import type { UserRow } from '../users/users.repo';
import { startImpersonation, stopImpersonation, type CurrentSession } from './admin-impersonation.service';

const sessionOf = (request: FastifyRequest): CurrentSession => ({ sid: request.sessionId!, data: request.sessionData! });

/** The rest of this request runs as the session now says (the answer is `GET /api/user` of the new identity). */
function actAs(request: FastifyRequest, switched: { user: UserRow; data: SessionData }) {
  request.user = switched.user;
  request.sessionData = switched.data;
}

/**
 * Impersonation (spec 7, RULES.md 6; docs/decisions/020). Both calls take no body and answer what `GET /api/user`
 * answers next: the user being viewed with `impersonatedBy`, or the admin again.
 */
export function adminImpersonationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Admin'];

  // Registered before `/:userId` for readability; the router prefers the static path either way.
  r.post(
    '/api/admin/impersonate/stop',
    {
      schema: {
        tags,
        summary: 'Stop viewing as a user and act as the admin again (authorized by the admin kept in the session)',
        response: { 200: UserDtoSchema, ...writeErrors(401, 409) },
      },
    },
    async (request) => {
      const acting = requireUser(request);
      actAs(request, await stopImpersonation(ctx, acting, sessionOf(request)));
      return currentUserDto(ctx, request);
    },
  );

  r.post(
    '/api/admin/impersonate/:userId',
    {
      schema: {
        tags,
        summary: 'View the product as a user (not an admin, not suspended); the session keeps the admin (admins)',
        params: z.object({ userId: z.string() }),
        response: { 200: UserDtoSchema, ...writeErrors(401, 404) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      actAs(request, await startImpersonation(ctx, admin, sessionOf(request), request.params.userId));
      return currentUserDto(ctx, request);
    },
  );
}

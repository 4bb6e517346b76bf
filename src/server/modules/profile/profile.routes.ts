import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LawyerProfileSchema, MediatorProfileSchema, ProfileUpdateSchema } from '../../../common/schemas/profile';
import { UserDtoSchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { requireRole, requireUser } from '../../plugins/guards';
import { readErrors, writeErrors } from '../../route-responses';
import { currentUserDto } from '../users/current-user';
import { findUserById } from '../users/users.repo';
import { assertNotEmpty, saveLawyerProfile, saveMediatorProfile, updateProfile } from './profile.service';

const tags = ['Profile'];

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const refreshUser = async (id: string) => (await findUserById(ctx.db, id)) ?? null;

  r.post(
    '/api/profile/lawyer',
    { schema: { tags, summary: 'Complete (or redo) lawyer onboarding', body: LawyerProfileSchema, response: { 200: UserDtoSchema, ...writeErrors(401) } } },
    async (request) => {
      const user = requireRole(request, 'lawyer');
      await saveLawyerProfile(ctx, user, request.body);
      request.user = await refreshUser(user.id);
      return currentUserDto(ctx, request);
    },
  );

  r.post(
    '/api/profile/mediator',
    { schema: { tags, summary: 'Complete (or redo) mediator onboarding', body: MediatorProfileSchema, response: { 200: UserDtoSchema, ...writeErrors(401) } } },
    async (request) => {
      const user = requireRole(request, 'mediator');
      await saveMediatorProfile(ctx, user, request.body);
      request.user = await refreshUser(user.id);
      return currentUserDto(ctx, request);
    },
  );

  r.get(
    '/api/profile',
    { schema: { tags, summary: 'My profile (same shape as GET /api/user)', response: { 200: UserDtoSchema, ...readErrors(401) } } },
    async (request) => currentUserDto(ctx, request),
  );

  r.patch(
    '/api/profile',
    { schema: { tags, summary: 'Update names, photo or profile fields', body: ProfileUpdateSchema, response: { 200: UserDtoSchema, ...writeErrors(401) } } },
    async (request) => {
      const user = requireUser(request);
      assertNotEmpty(request.body);
      await updateProfile(ctx, user, request.body);
      request.user = await refreshUser(user.id);
      return currentUserDto(ctx, request);
    },
  );
}

import type { FastifyRequest } from 'fastify';
import { monthStartUtc } from '../../../common/domain/tiers';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/guards';
import { presentUser } from './user.presenter';
import { findProfiles, findUserById } from './users.repo';

/**
 * The signed-in user as `GET /api/me` answers it (profiles, and the admin behind an impersonation). The auth, profile
 * and impersonation routes all answer with it; it lives here, not in a routes file, because route files are not
 * libraries (decision 039).
 */
export async function currentUserDto(ctx: AppContext, request: FastifyRequest) {
  const user = requireUser(request);
  const profiles = await findProfiles(ctx.db, user.id, monthStartUtc(ctx.clock.now()));
  const adminId = request.sessionData?.impersonatorId;
  const admin = adminId ? await findUserById(ctx.db, adminId) : undefined;
  return presentUser(user, profiles, {
    impersonatedBy: admin ? { id: admin.id, email: admin.email, firstName: admin.firstName, lastName: admin.lastName } : null,
  });
}

import type { FastifyRequest } from 'fastify';
import { SESSION_END_MESSAGES } from '../../common/domain/session-end';
import type { UserRole } from '../../common/enums';
import { AppError, forbidden, unauthorized } from '../errors';
import type { SessionUser } from './session';

// Guards run inside handlers: `const user = requireUser(request)`. Precedence 401 → 404 → 403 (RULES.md 6).

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw signedOut(request);
  return request.user;
}

/** The 401, saying why when the server ended the session this request's cookie names (decision 038). */
function signedOut(request: FastifyRequest): AppError {
  const reason = request.sessionEnded;
  return reason ? new AppError(401, SESSION_END_MESSAGES[reason], { extra: { sessionEnded: reason } }) : unauthorized();
}

export function requireRole(request: FastifyRequest, ...roles: UserRole[]): SessionUser {
  const user = requireUser(request);
  if (!user.role || !roles.includes(user.role)) {
    throw forbidden(roles.length === 1 ? `Only ${roles[0]}s can do this` : 'Your role cannot do this');
  }
  return user;
}

/** A lawyer or mediator who finished onboarding, or an admin. */
export function requireActiveMember(request: FastifyRequest, ...roles: UserRole[]): SessionUser {
  const user = roles.length ? requireRole(request, ...roles) : requireUser(request);
  if (user.role !== 'admin' && !user.profileCompleted) throw forbidden('Complete your profile first');
  return user;
}

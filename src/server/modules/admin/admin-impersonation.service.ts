import type { AppContext } from '../../context';
import type { SessionData } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { replaceSessionData } from '../../plugins/session.repo';
import { publishEvents } from '../../realtime/events.repo';
import { transaction } from '../../unit-of-work';
import { findUserById, type UserRow } from '../users/users.repo';
import { lockLiveUser } from './admin-users.repo';
import { appendAudit } from '../../audit/audit.repo';

export const IMPERSONATION_TEXTS = {
  notFound: 'User not found',
  admin: 'You cannot view the product as another admin',
  suspended: 'You cannot view the product as a suspended user',
  notImpersonating: 'You are not viewing the product as another user',
  notAdmin: 'Only admins can do this',
} as const;

/** The signed-in session a handler acts in (requireUser guarantees one). */
export interface CurrentSession {
  sid: string;
  data: SessionData;
}

/**
 * POST /api/admin/impersonate/{userId} (RULES.md 6; docs/decisions/020): the session keeps its id and expiry, acts as
 * the user (`userId`) and keeps the admin in `impersonatorId`. Not an admin, not a suspended or deleted account.
 * Audited; the admin's socket on this session closes (the browser reloads as the user and reconnects).
 */
export async function startImpersonation(
  ctx: AppContext,
  admin: SessionUser,
  session: CurrentSession,
  userId: string,
): Promise<{ user: UserRow; data: SessionData }> {
  const now = ctx.clock.now();
  return transaction(ctx, async (tx) => {
    const target = await lockLiveUser(tx, userId);
    if (!target) throw notFound(IMPERSONATION_TEXTS.notFound);
    if (target.role === 'admin') throw forbidden(IMPERSONATION_TEXTS.admin);
    if (target.status === 'suspended') throw forbidden(IMPERSONATION_TEXTS.suspended);
    const data: SessionData = { userId: target.id, createdAt: session.data.createdAt, impersonatorId: admin.id };
    await replaceSessionData(tx, session.sid, data);
    await appendAudit(tx, { actorId: admin.id, action: 'user.impersonate.start', targetType: 'user', targetId: target.id, details: {}, at: now });
    await publishEvents(tx, [{ type: 'sessions_ended', userIds: [admin.id], sessionId: session.sid }]);
    return { user: target, data };
  });
}

/**
 * POST /api/admin/impersonate/stop: the one admin route a non-admin acting user may call, authorized by the admin
 * kept in the session (the session loader ends an impersonation whose admin is no longer one). Not impersonating:
 * 409 for an admin, 403 for anyone else. Audited; the socket acting as the user closes.
 */
export async function stopImpersonation(ctx: AppContext, acting: SessionUser, session: CurrentSession): Promise<{ user: UserRow; data: SessionData }> {
  const adminId = session.data.impersonatorId;
  if (!adminId) throw acting.role === 'admin' ? conflict(IMPERSONATION_TEXTS.notImpersonating) : forbidden(IMPERSONATION_TEXTS.notAdmin);
  const admin = await findUserById(ctx.db, adminId);
  if (!admin || admin.role !== 'admin') throw forbidden(IMPERSONATION_TEXTS.notAdmin);
  const now = ctx.clock.now();
  const data: SessionData = { userId: admin.id, createdAt: session.data.createdAt };
  await transaction(ctx, async (tx) => {
    await replaceSessionData(tx, session.sid, data);
    await appendAudit(tx, { actorId: admin.id, action: 'user.impersonate.stop', targetType: 'user', targetId: acting.id, details: {}, at: now });
    await publishEvents(tx, [{ type: 'sessions_ended', userIds: [acting.id], sessionId: session.sid }]);
  });
  return { user: admin, data };
}

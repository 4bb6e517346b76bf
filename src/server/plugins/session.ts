import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import type { SessionData, users } from '../db/schema';
import { publishEvents } from '../realtime/events.repo';
import { deleteExpiredSessions, deleteSession, deleteUserSessions, findLiveSession, insertSession, replaceSessionData, touchSession } from './session.repo';

// Sessions live in the `session` table (spec 3). The cookie holds a random token; the table keeps only its hash.
export const SESSION_COOKIE = 'sid';
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000; // ends after a week without use
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000; // and 30 days after sign-in whatever happens
const TOUCH_EVERY_MS = 10 * 60 * 1000; // idle expiry is pushed forward at most every 10 minutes

export type SessionUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in (acting) user, or null. */
    user: SessionUser | null;
    sessionId: string | null;
    sessionData: SessionData | null;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function registerSessions(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionData', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && request.url !== '/ws' && !request.url.startsWith('/ws?')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    await loadSession(ctx, request, hashToken(token));
  });
}

async function loadSession(ctx: AppContext, request: FastifyRequest, sid: string): Promise<void> {
  const now = ctx.clock.now();
  const row = await findLiveSession(ctx.db, sid, now);
  if (!row) return;
  const { session, user, impersonator } = row;
  const absoluteEnd = new Date(session.sess.createdAt).getTime() + SESSION_ABSOLUTE_MS;
  // An impersonation lasts only while the admin behind it still is one (docs/decisions/020).
  const impersonationLapsed =
    !!session.sess.impersonatorId && (!impersonator || impersonator.role !== 'admin' || impersonator.status === 'suspended' || !!impersonator.anonymizedAt);
  if (absoluteEnd <= now.getTime() || user.status === 'suspended' || user.anonymizedAt || impersonationLapsed) {
    await deleteSession(ctx.db, sid);
    return;
  }
  if (session.expire.getTime() - now.getTime() < SESSION_IDLE_MS - TOUCH_EVERY_MS) {
    const expire = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absoluteEnd));
    await touchSession(ctx.db, sid, expire);
  }
  request.user = user;
  request.sessionId = sid;
  request.sessionData = session.sess;
}

/** Starts a fresh session (a new id at every sign-in, so a planted cookie is worthless). */
export async function startSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, data: Omit<SessionData, 'createdAt'>): Promise<void> {
  if (request.sessionId) await deleteSession(ctx.db, request.sessionId);
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const sess: SessionData = { ...data, createdAt: now.toISOString() };
  await insertSession(ctx.db, hashToken(token), sess, new Date(now.getTime() + SESSION_IDLE_MS));
  // Now and then, sweep sessions that expired (a refused expired row would otherwise stay forever).
  if (Math.random() < 0.02) await deleteExpiredSessions(ctx.db, now);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.publicUrl.startsWith('https:') ? true : 'auto',
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

/** Replaces the data of the current session (impersonation), keeping its id and expiry. */
export async function updateSessionData(ctx: AppContext, request: FastifyRequest, data: SessionData): Promise<void> {
  if (!request.sessionId) return;
  await replaceSessionData(ctx.db, request.sessionId, data);
}

export async function endSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionId) {
    await deleteSession(ctx.db, request.sessionId);
    if (request.user) await publishEvents(ctx.db, [{ type: 'sessions_ended', userIds: [request.user.id], sessionId: request.sessionId }]);
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  request.user = null;
  request.sessionId = null;
  request.sessionData = null;
}

/** Ends every session of a user (suspension, password reset), optionally sparing one. */
export async function endUserSessions(ctx: AppContext, userId: string, exceptSid?: string | null): Promise<void> {
  await endUserSessionsIn(ctx.db, userId, exceptSid);
}

/**
 * The same in the caller's transaction (an admin's suspension or deletion ends the sessions with the change). An
 * admin's sessions include those in which they were viewing the product as someone else.
 */
export async function endUserSessionsIn(tx: DbOrTx, userId: string, exceptSid?: string | null): Promise<void> {
  const impersonating = await deleteUserSessions(tx, userId, exceptSid);
  // Open sockets of those sessions close at once, on every instance (docs/decisions/015).
  await publishEvents(tx, [
    { type: 'sessions_ended', userIds: [userId], exceptSessionId: exceptSid ?? null },
    ...impersonating.map((s) => ({ type: 'sessions_ended' as const, userIds: [s.userId], sessionId: s.sid })),
  ]);
}

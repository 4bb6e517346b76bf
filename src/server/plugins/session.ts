import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { sessions, users, type SessionData } from '../db/schema';

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
  const [row] = await ctx.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, sql`${users.id} = (${sessions.sess}->>'userId')::uuid`)
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, now)))
    .limit(1);
  if (!row) return;
  const { session, user } = row;
  const absoluteEnd = new Date(session.sess.createdAt).getTime() + SESSION_ABSOLUTE_MS;
  if (absoluteEnd <= now.getTime() || user.status === 'suspended' || user.anonymizedAt) {
    await ctx.db.delete(sessions).where(eq(sessions.sid, sid));
    return;
  }
  if (session.expire.getTime() - now.getTime() < SESSION_IDLE_MS - TOUCH_EVERY_MS) {
    const expire = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absoluteEnd));
    await ctx.db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
  }
  request.user = user;
  request.sessionId = sid;
  request.sessionData = session.sess;
}

/** Starts a fresh session (a new id at every sign-in, so a planted cookie is worthless). */
export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  data: Omit<SessionData, 'createdAt'>,
): Promise<void> {
  if (request.sessionId) await ctx.db.delete(sessions).where(eq(sessions.sid, request.sessionId));
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const sess: SessionData = { ...data, createdAt: now.toISOString() };
  await ctx.db.insert(sessions).values({ sid: hashToken(token), sess, expire: new Date(now.getTime() + SESSION_IDLE_MS) });
  // Now and then, sweep sessions that expired (a refused expired row would otherwise stay forever).
  if (Math.random() < 0.02) await ctx.db.delete(sessions).where(lt(sessions.expire, now));
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
  await ctx.db.update(sessions).set({ sess: data }).where(eq(sessions.sid, request.sessionId));
}

export async function endSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionId) await ctx.db.delete(sessions).where(eq(sessions.sid, request.sessionId));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  request.user = null;
  request.sessionId = null;
  request.sessionData = null;
}

/** Ends every session of a user (suspension, password reset), optionally sparing one. */
export async function endUserSessions(ctx: AppContext, userId: string, exceptSid?: string | null): Promise<void> {
  await ctx.db.execute(
    exceptSid
      ? sql`DELETE FROM session WHERE sess->>'userId' = ${userId} AND sid <> ${exceptSid}`
      : sql`DELETE FROM session WHERE sess->>'userId' = ${userId}`,
  );
}

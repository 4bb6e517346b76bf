import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionEndReason } from '../../common/domain/session-end';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { listen, type Listener } from '../db/listen';
import type { SessionData, users } from '../db/schema';
import { publishEvents } from '../realtime/events.repo';
import { SessionCache } from './session-cache';
import {
  deleteExpiredSessions,
  deleteOldEndedSessions,
  deleteSession,
  deleteUserSessions,
  endSessionWithReason,
  findLiveSession,
  findSessionEndReason,
  insertSession,
  notifySessionCache,
  SESSION_CACHE_CHANNEL,
  touchSession,
} from './session.repo';

// Sessions live in the `session` table (spec 3). The cookie holds a random token; the table keeps only its hash.
export const SESSION_COOKIE = 'sid';
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000; // ends after a week without use
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000; // and 30 days after sign-in whatever happens
const TOUCH_EVERY_MS = 10 * 60 * 1000; // idle expiry is pushed forward at most every 10 minutes
/** How often an idle instance checks that its listener still delivers (a barrier; decision 023). */
const HEARTBEAT_MS = 5_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type SessionUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in (acting) user, or null. */
    user: SessionUser | null;
    sessionId: string | null;
    sessionData: SessionData | null;
    /** Why the session this request's cookie names was ended by the server, if it was (the 401 says so). */
    sessionEnded: SessionEndReason | null;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Each app's session cache (tests build several apps in one process). */
const caches = new WeakMap<AppContext, SessionCache>();

/** The session cache of an app built on this context (tests look into it). @internal */
export function sessionCacheOf(ctx: AppContext): SessionCache | undefined {
  return caches.get(ctx);
}

/**
 * Waits until this app has heard every session-cache notification committed so far: for code that changes sessions or
 * users outside a write request (whose answer already waits for this), such as tests writing rows directly.
 * @internal
 */
export async function awaitSessionInvalidations(ctx: AppContext): Promise<void> {
  await caches.get(ctx)?.barrier((payload) => notifySessionCache(ctx.db, payload));
}

export function registerSessions(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionData', null);
  app.decorateRequest('sessionEnded', null);

  const cache = new SessionCache();
  caches.set(ctx, cache);
  const sendBarrier = (payload: string) => notifySessionCache(ctx.db, payload);
  let listener: Listener | null = null;
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  // The cache serves nothing until this instance listens for the triggers' notifications (decision 023).
  app.addHook('onReady', async () => {
    listener = await listen(ctx.database, SESSION_CACHE_CHANNEL, {
      onPayload: (payload) => cache.handle(payload),
      onGap: () => cache.listening(),
      onLost: () => cache.notListening(),
      onError: (error) => ctx.log.warn({ err: error }, 'session cache listener connection failed; the cache is bypassed until it is back'),
    });
    cache.listening();
    // A connection that died without a word is found out by a barrier that never comes back.
    heartbeat = setInterval(() => void cache.barrier(sendBarrier), HEARTBEAT_MS);
    heartbeat.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    cache.notListening();
    await listener?.stop();
  });

  app.addHook('onRequest', async (request) => {
    if (!readsSession(request)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const sid = hashToken(token);
    await loadSession(ctx, cache, request, sid);
    // A cookie naming no live session: its next answers say why it ended (decision 038). Only API calls need to know;
    // the lookup runs for such dead cookies alone, never on a signed-in request.
    if (!request.user && !request.sessionEnded && request.url.startsWith('/api/')) request.sessionEnded = (await findSessionEndReason(ctx.db, sid)) ?? 'ended';
  });

  // A write answers only once this instance has heard every notification its own commits sent, so the client's next
  // request cannot be served what this one just changed (a role, a name, a password, a suspension…) from the cache.
  app.addHook('onSend', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    await cache.barrier(sendBarrier);
  });
}

/**
 * The requests that need to know who is signed in: the API, the socket, and the dashboard's document, which carries the
 * user's first name in its heading (decision 064). Other documents and static files are the same for everyone.
 */
function readsSession(request: FastifyRequest): boolean {
  const { url } = request;
  if (url.startsWith('/api/') || url === '/ws' || url.startsWith('/ws?')) return true;
  return request.method === 'GET' && (url === '/dashboard' || url.startsWith('/dashboard?'));
}

async function loadSession(ctx: AppContext, cache: SessionCache, request: FastifyRequest, sid: string): Promise<void> {
  const now = ctx.clock.now().getTime();
  const cached = cache.get(sid);
  if (cached && cached.expireMs > now && cached.absoluteEndMs > now) {
    if (cached.expireMs - now < SESSION_IDLE_MS - TOUCH_EVERY_MS) {
      const expire = Math.min(now + SESSION_IDLE_MS, cached.absoluteEndMs);
      await touchSession(ctx.db, sid, new Date(expire));
      cached.expireMs = expire;
    }
    request.user = cached.user as SessionUser;
    request.sessionId = sid;
    request.sessionData = cached.sess as SessionData;
    return;
  }

  const generation = cache.generation;
  const row = await findLiveSession(ctx.db, sid, new Date(now));
  if (!row) return;
  const { session, user, impersonator } = row;
  const absoluteEnd = new Date(session.sess.createdAt).getTime() + SESSION_ABSOLUTE_MS;
  // An impersonation lasts only while the admin behind it still is one (docs/decisions/020).
  const impersonationLapsed =
    !!session.sess.impersonatorId && (!impersonator || impersonator.role !== 'admin' || impersonator.status === 'suspended' || !!impersonator.anonymizedAt);
  // Whose browser this is: the admin's while they view the product as someone else.
  const owner = session.sess.impersonatorId ? impersonator : user;
  const refusal: SessionEndReason | null =
    owner?.status === 'suspended'
      ? 'suspended'
      : absoluteEnd <= now
        ? 'expired'
        : user.status === 'suspended' || user.anonymizedAt || impersonationLapsed
          ? 'ended'
          : null;
  if (refusal) {
    await endSessionWithReason(ctx.db, sid, owner?.id ?? null, refusal);
    cache.evictSession(sid);
    request.sessionEnded = refusal;
    return;
  }
  let expire = session.expire.getTime();
  if (expire - now < SESSION_IDLE_MS - TOUCH_EVERY_MS) {
    expire = Math.min(now + SESSION_IDLE_MS, absoluteEnd);
    await touchSession(ctx.db, sid, new Date(expire));
  }
  cache.set({ sid, sess: session.sess, user, impersonatorId: session.sess.impersonatorId ?? null, expireMs: expire, absoluteEndMs: absoluteEnd }, generation);
  request.user = user;
  request.sessionId = sid;
  request.sessionData = session.sess;
}

/** Starts a fresh session (a new id at every sign-in, so a planted cookie is worthless). */
export async function startSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, data: Omit<SessionData, 'createdAt'>): Promise<void> {
  if (request.sessionId) {
    await deleteSession(ctx.db, request.sessionId);
    caches.get(ctx)?.evictSession(request.sessionId);
  }
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const sess: SessionData = { ...data, createdAt: now.toISOString() };
  await insertSession(ctx.db, hashToken(token), sess, new Date(now.getTime() + SESSION_IDLE_MS));
  // Now and then, sweep sessions that expired (a refused expired row would otherwise stay forever).
  if (Math.random() < 0.02) {
    await deleteExpiredSessions(ctx.db, now);
    await deleteOldEndedSessions(ctx.db);
  }
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.publicUrl.startsWith('https:') ? true : 'auto',
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export async function endSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionId) {
    await deleteSession(ctx.db, request.sessionId);
    // Also here, at once: `GET /api/logout` is a navigation, which the write barrier does not wait for.
    caches.get(ctx)?.evictSession(request.sessionId);
    if (request.user) await publishEvents(ctx.db, [{ type: 'sessions_ended', userIds: [request.user.id], sessionId: request.sessionId }]);
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  request.user = null;
  request.sessionId = null;
  request.sessionData = null;
}

/** Ends every session of a user (password change or reset), optionally sparing one, noting why (decision 038). */
export async function endUserSessions(ctx: AppContext, userId: string, exceptSid: string | null | undefined, reason: SessionEndReason): Promise<void> {
  await endUserSessionsIn(ctx.db, userId, exceptSid, reason);
}

/**
 * The same in the caller's transaction (an admin's suspension or deletion ends the sessions with the change). An
 * admin's sessions include those in which they were viewing the product as someone else. The reason defaults to
 * 'ended'; a suspension needs none, since a suspended user's dead cookie is told 'suspended' whatever was noted.
 */
export async function endUserSessionsIn(tx: DbOrTx, userId: string, exceptSid?: string | null, reason: SessionEndReason = 'ended'): Promise<void> {
  const impersonating = await deleteUserSessions(tx, userId, exceptSid, reason);
  // Open sockets of those sessions close at once, on every instance (docs/decisions/015).
  await publishEvents(tx, [
    { type: 'sessions_ended', userIds: [userId], exceptSessionId: exceptSid ?? null },
    ...impersonating.map((s) => ({ type: 'sessions_ended' as const, userIds: [s.userId], sessionId: s.sid })),
  ]);
}

import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { preparedOnce } from '../db/prepared-once';
import { withCompiledRows } from '../db/compiled-rows';
import type { SessionEndReason } from '../../common/domain/session-end';
import { endedSessions, sessions, users, type SessionData } from '../db/schema';

const impersonator = alias(users, 'impersonator');

/**
 * The channel the `session` and `users` triggers notify on (migration `session_cache_notify`): `s:<sid>` when a session
 * row is updated or deleted, `u:<user id>` when a user row is, `*` on a TRUNCATE of either; and the barriers the
 * session cache sends itself (`b:…`). docs/decisions/023-session-cache.md.
 */
export const SESSION_CACHE_CHANNEL = 'mediatehub_session_cache';

function buildFindLiveSession(db: DbOrTx) {
  return withCompiledRows(
    db
      .select({
        session: sessions,
        user: users,
        impersonator: { id: impersonator.id, role: impersonator.role, status: impersonator.status, anonymizedAt: impersonator.anonymizedAt },
      })
      .from(sessions)
      .innerJoin(users, sql`${users.id} = (${sessions.sess}->>'userId')::uuid`)
      .leftJoin(impersonator, sql`${impersonator.id} = (${sessions.sess}->>'impersonatorId')::uuid`)
      .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('now'))))
      .limit(1)
      .prepare('find_live_session'),
  );
}

// Built once per database: a named statement is parsed and planned once per connection, not at every request (the
// unnamed query cost ≈ 0.5 ms of PostgreSQL's time per call here, the named one ≈ 0.14 ms in all; decision 023).
const preparedFindLiveSession = preparedOnce(buildFindLiveSession);

/** A live session (not idle-expired) with its user, and the admin behind it while impersonating (RULES.md 6). */
export async function findLiveSession(db: DbOrTx, sid: string, now: Date) {
  const [row] = await preparedFindLiveSession(db).execute({ sid, now: now.toISOString() });
  return row;
}

/** Sends one notification on the session cache's channel (its barriers). */
export async function notifySessionCache(db: DbOrTx, payload: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${SESSION_CACHE_CHANNEL}, ${payload})`);
}

export async function insertSession(db: DbOrTx, sid: string, sess: SessionData, expire: Date): Promise<void> {
  await db.insert(sessions).values({ sid, sess, expire });
}

export async function touchSession(db: DbOrTx, sid: string, expire: Date): Promise<void> {
  await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
}

export async function replaceSessionData(db: DbOrTx, sid: string, sess: SessionData): Promise<void> {
  await db.update(sessions).set({ sess }).where(eq(sessions.sid, sid));
}

export async function deleteSession(db: DbOrTx, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, now));
}

/** How long the reason a session ended is kept: as long as its cookie can live (SESSION_ABSOLUTE_MS). */
const ENDED_KEPT = sql`interval '30 days'`;

/** Reasons kept longer than any cookie bearing them can live. */
export async function deleteOldEndedSessions(db: DbOrTx): Promise<void> {
  await db.delete(endedSessions).where(lt(endedSessions.endedAt, sql`now() - ${ENDED_KEPT}`));
}

/** Ends one session the server refuses (suspended user, lapsed impersonation, past its absolute end), noting why. */
export async function endSessionWithReason(db: DbOrTx, sid: string, ownerId: string | null, reason: SessionEndReason): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
  await db
    .insert(endedSessions)
    .values({ sid, userId: ownerId, reason })
    .onConflictDoUpdate({ target: endedSessions.sid, set: { userId: ownerId, reason, endedAt: sql`now()` } });
}

/**
 * Why the session behind a cookie that names no live session ended, or null when there is nothing to say (a cookie
 * never issued, a reason older than the cookie's lifetime). A noted reason first, else a row still there but past its
 * idle expiry ('expired'); either way 'suspended' when whoever's browser it was is suspended now.
 */
export async function findSessionEndReason(db: DbOrTx, sid: string): Promise<SessionEndReason | null> {
  const result = (await db.execute(sql`
    SELECT CASE WHEN u.status = 'suspended' THEN 'suspended' ELSE x.reason END AS reason
    FROM (
      SELECT e.user_id, e.reason, 0 AS rank FROM ended_sessions e WHERE e.sid = ${sid}
      UNION ALL
      SELECT (coalesce(s.sess->>'impersonatorId', s.sess->>'userId'))::uuid, 'expired', 1 FROM session s WHERE s.sid = ${sid}
    ) x
    LEFT JOIN users u ON u.id = x.user_id
    ORDER BY x.rank
    LIMIT 1`)) as unknown as { rows: { reason: SessionEndReason }[] };
  return result.rows[0]?.reason ?? null;
}

/**
 * Every session of a user, optionally sparing one; for an admin also the sessions in which they view the product as
 * someone else (those act as that user). Each is noted in `ended_sessions` with `reason`, under whoever's browser it
 * was (the admin while impersonating). Returns the latter (sid and acting user), whose sockets the caller closes.
 */
export async function deleteUserSessions(
  db: DbOrTx,
  userId: string,
  exceptSid: string | null | undefined,
  reason: SessionEndReason,
): Promise<{ sid: string; userId: string }[]> {
  const spare = exceptSid ? sql`AND sid <> ${exceptSid}` : sql``;
  const noteEnded = sql`
    noted AS (
      INSERT INTO ended_sessions (sid, user_id, reason)
      SELECT g.sid, u.id, ${reason} FROM gone g LEFT JOIN users u ON u.id = (coalesce(g.sess->>'impersonatorId', g.sess->>'userId'))::uuid
      ON CONFLICT (sid) DO UPDATE SET user_id = EXCLUDED.user_id, reason = EXCLUDED.reason, ended_at = now()
    )`;
  await db.execute(sql`
    WITH gone AS (DELETE FROM session WHERE sess->>'userId' = ${userId} ${spare} RETURNING sid, sess), ${noteEnded}
    SELECT 1`);
  // The EXISTS is a one-time filter: for anyone but an admin the session table is not scanned at all.
  const result = (await db.execute(sql`
    WITH gone AS (
      DELETE FROM session WHERE sess->>'impersonatorId' = ${userId} ${spare}
        AND EXISTS (SELECT 1 FROM users WHERE id = ${userId}::uuid AND role = 'admin')
      RETURNING sid, sess
    ), ${noteEnded}
    SELECT sid, sess->>'userId' AS "userId" FROM gone`)) as unknown as { rows: { sid: string; userId: string }[] };
  return result.rows;
}

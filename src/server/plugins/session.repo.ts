import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions, users, type SessionData } from '../db/schema';

/** A live session (not idle-expired) with its user. */
export async function findLiveSession(db: DbOrTx, sid: string, now: Date) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, sql`${users.id} = (${sessions.sess}->>'userId')::uuid`)
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, now)))
    .limit(1);
  return row;
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

/** Every session of a user, optionally sparing one. */
export async function deleteUserSessions(db: DbOrTx, userId: string, exceptSid?: string | null): Promise<void> {
  await db.execute(
    exceptSid ? sql`DELETE FROM session WHERE sess->>'userId' = ${userId} AND sid <> ${exceptSid}` : sql`DELETE FROM session WHERE sess->>'userId' = ${userId}`,
  );
}

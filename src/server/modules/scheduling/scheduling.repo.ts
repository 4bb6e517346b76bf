import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { LIVE_POLL_STATUSES } from '../../../common/enums';
import { isUuid } from '../../../common/ids';
import type { DbOrTx } from '../../db/client';
import {
  availabilityExceptions,
  calendarFeeds,
  caseSessionEvents,
  caseSessions,
  datePolls,
  mediationRequests,
  mediatorAvailability,
  pollAnswers,
  pollCandidates,
  sessionAttendees,
  sessionReminders,
  users,
} from '../../db/schema';

// Scheduling's SQL (issue 25, decision 054). Every write of a case's polls and sessions runs under the request's lock.

export type AvailabilityRow = typeof mediatorAvailability.$inferSelect;
export type ExceptionRow = typeof availabilityExceptions.$inferSelect;
export type AttendeeRow = typeof sessionAttendees.$inferSelect;
export type PollRow = typeof datePolls.$inferSelect;
export type CandidateRow = typeof pollCandidates.$inferSelect;
export type AnswerRow = typeof pollAnswers.$inferSelect;
export type SessionRow = typeof caseSessions.$inferSelect;
export type SessionEventRow = typeof caseSessionEvents.$inferSelect;

// --- time zones and availability ---

export async function userTimeZones(db: DbOrTx, ids: string[]): Promise<Map<string, string | null>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, timeZone: users.timeZone }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.timeZone]));
}

export async function setUserTimeZone(db: DbOrTx, userId: string, timeZone: string): Promise<void> {
  await db.update(users).set({ timeZone }).where(eq(users.id, userId));
}

export async function findAvailability(db: DbOrTx, mediatorId: string): Promise<AvailabilityRow | undefined> {
  const [row] = await db.select().from(mediatorAvailability).where(eq(mediatorAvailability.mediatorId, mediatorId)).limit(1);
  return row;
}

export async function saveAvailability(db: DbOrTx, values: typeof mediatorAvailability.$inferInsert): Promise<void> {
  await db
    .insert(mediatorAvailability)
    .values(values)
    .onConflictDoUpdate({ target: mediatorAvailability.mediatorId, set: { ...values } });
}

export function exceptionsOf(db: DbOrTx, mediatorId: string): Promise<ExceptionRow[]> {
  return db.select().from(availabilityExceptions).where(eq(availabilityExceptions.mediatorId, mediatorId)).orderBy(asc(availabilityExceptions.startDate));
}

export async function insertException(db: DbOrTx, values: typeof availabilityExceptions.$inferInsert): Promise<void> {
  await db.insert(availabilityExceptions).values(values);
}

export async function deleteException(db: DbOrTx, mediatorId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(availabilityExceptions)
    .where(and(eq(availabilityExceptions.id, id), eq(availabilityExceptions.mediatorId, mediatorId)))
    .returning({ id: availabilityExceptions.id });
  return rows.length > 0;
}

// --- attendees ---

export function attendeesOf(db: DbOrTx, requestId: string): Promise<AttendeeRow[]> {
  return db
    .select()
    .from(sessionAttendees)
    .where(and(eq(sessionAttendees.requestId, requestId), isNull(sessionAttendees.removedAt)))
    .orderBy(asc(sessionAttendees.side), asc(sessionAttendees.createdAt), asc(sessionAttendees.id));
}

/** The counsel's own row on their side, made once (the partial unique index on the address keeps it one). */
export async function ensureCounselAttendee(db: DbOrTx, requestId: string, side: 'first' | 'second', userId: string): Promise<void> {
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return;
  await db
    .insert(sessionAttendees)
    .values({ requestId, side, userId, name: `${user.firstName} ${user.lastName}`, email: user.email, role: 'Counsel', required: true })
    .onConflictDoNothing();
}

export async function insertAttendee(db: DbOrTx, values: typeof sessionAttendees.$inferInsert): Promise<AttendeeRow | undefined> {
  const [row] = await db.insert(sessionAttendees).values(values).onConflictDoNothing().returning();
  return row;
}

export async function removeAttendee(db: DbOrTx, requestId: string, id: string, side: 'first' | 'second', now: Date): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(sessionAttendees)
    .set({ removedAt: now })
    .where(
      and(
        eq(sessionAttendees.id, id),
        eq(sessionAttendees.requestId, requestId),
        eq(sessionAttendees.side, side),
        isNull(sessionAttendees.userId),
        isNull(sessionAttendees.removedAt),
      ),
    )
    .returning({ id: sessionAttendees.id });
  return rows.length > 0;
}

// --- polls ---

/** The live poll of a request, or else its latest one. */
export async function currentPoll(db: DbOrTx, requestId: string): Promise<PollRow | undefined> {
  const [row] = await db
    .select()
    .from(datePolls)
    .where(eq(datePolls.requestId, requestId))
    .orderBy(sql`${datePolls.status} IN ('open', 'proposed', 'no_date') DESC`, desc(datePolls.createdAt))
    .limit(1);
  return row;
}

export async function findPoll(db: DbOrTx, requestId: string, pollId: string): Promise<PollRow | undefined> {
  if (!isUuid(pollId)) return undefined;
  const [row] = await db
    .select()
    .from(datePolls)
    .where(and(eq(datePolls.id, pollId), eq(datePolls.requestId, requestId)))
    .limit(1);
  return row;
}

export async function insertPoll(db: DbOrTx, values: typeof datePolls.$inferInsert, starts: { startsAt: Date; endsAt: Date }[]): Promise<PollRow> {
  const [poll] = await db.insert(datePolls).values(values).returning();
  await db.insert(pollCandidates).values(starts.map((s) => ({ pollId: poll.id, ...s })));
  return poll;
}

export function candidatesOf(db: DbOrTx, pollId: string): Promise<CandidateRow[]> {
  return db.select().from(pollCandidates).where(eq(pollCandidates.pollId, pollId)).orderBy(asc(pollCandidates.startsAt), asc(pollCandidates.id));
}

export function answersOf(db: DbOrTx, pollId: string): Promise<AnswerRow[]> {
  return db.select().from(pollAnswers).where(eq(pollAnswers.pollId, pollId));
}

export async function upsertAnswers(db: DbOrTx, rows: (typeof pollAnswers.$inferInsert)[]): Promise<void> {
  await db
    .insert(pollAnswers)
    .values(rows)
    .onConflictDoUpdate({
      target: [pollAnswers.candidateId, pollAnswers.attendeeId],
      set: { answer: sql`excluded.answer`, answeredById: sql`excluded.answered_by_id`, answeredAt: sql`excluded.answered_at` },
    });
}

/** Moves a live poll to another state; false when it is no longer live (someone else closed or confirmed it first). */
export async function updateLivePoll(db: DbOrTx, pollId: string, set: Partial<typeof datePolls.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(datePolls)
    .set(set)
    .where(and(eq(datePolls.id, pollId), inArray(datePolls.status, [...LIVE_POLL_STATUSES])))
    .returning({ id: datePolls.id });
  return rows.length > 0;
}

/** Closes whatever poll of the request is live (the case ended, or a new poll replaces it). */
export async function closeLivePolls(db: DbOrTx, requestId: string, now: Date, reason: string): Promise<void> {
  await db
    .update(datePolls)
    .set({ status: 'closed', closedAt: now, closeReason: reason })
    .where(and(eq(datePolls.requestId, requestId), inArray(datePolls.status, [...LIVE_POLL_STATUSES])));
}

// --- sessions ---

export function sessionsOf(db: DbOrTx, requestId: string): Promise<SessionRow[]> {
  return db.select().from(caseSessions).where(eq(caseSessions.requestId, requestId)).orderBy(asc(caseSessions.startsAt), asc(caseSessions.id));
}

export async function findSession(db: DbOrTx, requestId: string, sessionId: string): Promise<SessionRow | undefined> {
  if (!isUuid(sessionId)) return undefined;
  const [row] = await db
    .select()
    .from(caseSessions)
    .where(and(eq(caseSessions.id, sessionId), eq(caseSessions.requestId, requestId)))
    .limit(1);
  return row;
}

export async function insertSession(db: DbOrTx, values: typeof caseSessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(caseSessions).values(values).returning();
  return row;
}

/** Changes a scheduled session whose sequence is still `sequence`; undefined when it changed or was cancelled meanwhile. */
export async function updateScheduledSession(
  db: DbOrTx,
  sessionId: string,
  sequence: number,
  set: Partial<typeof caseSessions.$inferInsert>,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(caseSessions)
    .set(set)
    .where(and(eq(caseSessions.id, sessionId), eq(caseSessions.status, 'scheduled'), eq(caseSessions.sequence, sequence)))
    .returning();
  return row;
}

export async function insertSessionEvent(db: DbOrTx, values: typeof caseSessionEvents.$inferInsert): Promise<void> {
  await db.insert(caseSessionEvents).values(values);
}

/** Sessions' history, oldest first (the card reads it in its own statement; the tests compare with this). @internal */
export function eventsOf(db: DbOrTx, sessionIds: string[]): Promise<SessionEventRow[]> {
  if (!sessionIds.length) return Promise.resolve([]);
  return db.select().from(caseSessionEvents).where(inArray(caseSessionEvents.sessionId, sessionIds)).orderBy(asc(caseSessionEvents.id));
}

/** Records a reminder as sent; false when it already was (a retried or repeated job). */
export async function claimReminder(db: DbOrTx, sessionId: string, kind: string, startsAt: Date, now: Date): Promise<boolean> {
  const rows = await db
    .insert(sessionReminders)
    .values({ sessionId, kind, startsAt, sentAt: now })
    .onConflictDoNothing()
    .returning({ kind: sessionReminders.kind });
  return rows.length > 0;
}

export interface SessionWithCase {
  session: SessionRow;
  caseName: string;
  windowHours: number;
}

/**
 * A user's sessions: as a case's counsel or its selected mediator. `from`/`to` bound the start (the calendar's week);
 * `scheduledOnly` leaves the cancelled out (the dashboard), the feed keeps them so calendars drop them.
 */
export async function sessionsForUser(db: DbOrTx, userId: string, range: { from?: Date; to?: Date; scheduledOnly: boolean }): Promise<SessionWithCase[]> {
  const rows = await db
    .select({
      session: caseSessions,
      caseName: mediationRequests.caseName,
      windowHours: sql<number>`coalesce(${mediatorAvailability.cancellationWindowHours}, 48)`.mapWith(Number),
    })
    .from(caseSessions)
    .innerJoin(mediationRequests, eq(mediationRequests.id, caseSessions.requestId))
    .leftJoin(mediatorAvailability, eq(mediatorAvailability.mediatorId, mediationRequests.selectedMediatorId))
    .where(
      and(
        or(eq(mediationRequests.lawyerId, userId), eq(mediationRequests.opposingLawyerId, userId), eq(mediationRequests.selectedMediatorId, userId)),
        range.from ? gte(caseSessions.endsAt, range.from) : undefined,
        range.to ? lt(caseSessions.startsAt, range.to) : undefined,
        range.scheduledOnly ? eq(caseSessions.status, 'scheduled') : undefined,
      ),
    )
    .orderBy(asc(caseSessions.startsAt))
    .limit(200);
  return rows;
}

// --- calendar feeds ---

export async function findFeed(db: DbOrTx, userId: string): Promise<typeof calendarFeeds.$inferSelect | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  return row;
}

export async function feedOwner(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash)).limit(1);
  return row?.userId;
}

export async function replaceFeed(db: DbOrTx, userId: string, tokenHash: string, now: Date): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: now } });
}

export async function deleteFeed(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

export function usersByIds(db: DbOrTx, ids: string[]) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, timeZone: users.timeZone })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Closes the live poll that was moving a session (the session was cancelled). */
export async function closePollsOfSession(db: DbOrTx, sessionId: string, now: Date, reason: string): Promise<void> {
  await db
    .update(datePolls)
    .set({ status: 'closed', closedAt: now, closeReason: reason })
    .where(and(eq(datePolls.sessionId, sessionId), inArray(datePolls.status, [...LIVE_POLL_STATUSES])));
}

import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { LIVE_POLL_STATUSES, type RequestStatus } from '../../../common/enums';
import { isUuid } from '../../../common/ids';
import type { DbOrTx } from '../../db/client';
import { withCompiledRows } from '../../db/compiled-rows';
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
import { signedLatestAgreementSql, viewerSeatSql, type CardReader } from '../signing/signing.repo';

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

// --- the Session card in one statement (decision 063) ---

/** An attendee as the card shows it (AttendeeDtoSchema's fields). */
export interface CardAttendee {
  id: string;
  side: AttendeeRow['side'];
  name: string;
  email: string;
  role: string;
  required: boolean;
  isCounsel: boolean;
}

/** The current poll as the card's statement reads it: times as JSON strings, the answers the reader may read. */
export interface CardPoll {
  id: string;
  status: PollRow['status'];
  sessionId: string | null;
  durationMinutes: number;
  location: string | null;
  meetingLink: string | null;
  note: string | null;
  openedBy: string | null;
  createdAt: string;
  candidates: { id: string; startsAt: string; endsAt: string; answers: { attendeeId: string; answer: AnswerRow['answer'] }[] }[];
  proposedCandidateId: string | null;
  autoConfirmAt: string | null;
  confirmedCandidateId: string | null;
  firstAnswered: boolean;
  secondAnswered: boolean;
}

/** A session with its history as the card's statement reads it (times as JSON strings, the actors' names). */
export interface CardSession {
  id: string;
  status: SessionRow['status'];
  startsAt: string;
  endsAt: string;
  timeZone: string;
  location: string | null;
  meetingLink: string | null;
  sequence: number;
  lateCancellation: boolean;
  cancelReason: string | null;
  history: {
    kind: SessionEventRow['kind'];
    startsAt: string;
    endsAt: string;
    previousStartsAt: string | null;
    sequence: number;
    byUserId: string | null;
    by: string | null;
    reason: string | null;
    late: boolean;
    at: string;
  }[];
}

function schedulingCardQuery(db: DbOrTx) {
  const viewer = sql`${sql.placeholder('viewerId')}::uuid`;
  const seat = viewerSeatSql(viewer, sql`${sql.placeholder('mayMediate')}::boolean`, sql`${sql.placeholder('admin')}::boolean`);
  // What the reader's seat reads of a side's rows: their own side's (counsel); both (the mediator and admins).
  const readsSide = (side: SQL) => sql`(s.seat IN ('mediator', 'admin') OR ${side}::text = s.seat)`;
  // Whether every required attendee of a side answered every candidate of the poll (never what they answered).
  const sideAnswered = (side: 'first' | 'second') => sql`NOT EXISTS (
    SELECT 1 FROM session_attendees a JOIN poll_candidates pc ON pc.poll_id = p.id
     WHERE a.request_id = r.id AND a.removed_at IS NULL AND a.required AND a.side = ${sql.raw(`'${side}'`)}
       AND NOT EXISTS (SELECT 1 FROM poll_answers pa WHERE pa.candidate_id = pc.id AND pa.attendee_id = a.id))`;
  const name = (userId: SQL) => sql`(SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = ${userId})`;
  return db
    .select({
      id: sql<string>`r.id`,
      seat: sql<SeatName>`s.seat`,
      held: sql<boolean>`(r.agreement_pending AND s.seat IN ('first', 'second') AND NOT ${signedLatestAgreementSql(viewer)})`,
      status: sql<RequestStatus>`r.status`,
      caseName: sql<string>`r.case_name`,
      twoSided: sql<boolean>`(r.opposing_lawyer_id IS NOT NULL)`,
      // mediatorTerms: the saved terms, else the mediator's own zone (or UTC) and the defaults; no mediator, none.
      mediatorTimeZone: sql<string | null>`CASE WHEN r.selected_mediator_id IS NOT NULL THEN coalesce(av.time_zone, mu.time_zone, 'UTC') END`,
      sessionMinutes: sql<number>`coalesce(av.session_minutes, 240)`,
      cancellationWindowHours: sql<number>`coalesce(av.cancellation_window_hours, 48)`,
      meetingLink: sql<string | null>`av.meeting_link`,
      attendees: sql<CardAttendee[]>`(SELECT coalesce(json_agg(json_build_object('id', a.id, 'side', a.side, 'name', a.name, 'email', a.email,
          'role', a.role, 'required', a.required, 'isCounsel', a.user_id IS NOT NULL) ORDER BY a.side, a.created_at, a.id), '[]')
        FROM session_attendees a WHERE a.request_id = r.id AND a.removed_at IS NULL AND ${readsSide(sql`a.side`)})`,
      poll: sql<CardPoll | null>`CASE WHEN p.id IS NOT NULL THEN json_build_object('id', p.id, 'status', p.status, 'sessionId', p.session_id,
        'durationMinutes', p.duration_minutes, 'location', p.location, 'meetingLink', p.meeting_link, 'note', p.note,
        'openedBy', ${name(sql`p.opened_by_id`)}, 'createdAt', p.created_at,
        'candidates', (SELECT coalesce(json_agg(json_build_object('id', pc.id, 'startsAt', pc.starts_at, 'endsAt', pc.ends_at,
            'answers', (SELECT coalesce(json_agg(json_build_object('attendeeId', pa.attendee_id, 'answer', pa.answer) ORDER BY a.side, a.created_at, a.id), '[]')
              FROM poll_answers pa JOIN session_attendees a ON a.id = pa.attendee_id
             WHERE pa.candidate_id = pc.id AND a.request_id = r.id AND a.removed_at IS NULL AND ${readsSide(sql`a.side`)}))
            ORDER BY pc.starts_at, pc.id), '[]') FROM poll_candidates pc WHERE pc.poll_id = p.id),
        'proposedCandidateId', p.proposed_candidate_id, 'autoConfirmAt', p.auto_confirm_at, 'confirmedCandidateId', p.confirmed_candidate_id,
        'firstAnswered', ${sideAnswered('first')}, 'secondAnswered', ${sideAnswered('second')}) END`,
      sessions: sql<CardSession[]>`(SELECT coalesce(json_agg(json_build_object('id', cs.id, 'status', cs.status, 'startsAt', cs.starts_at,
          'endsAt', cs.ends_at, 'timeZone', cs.time_zone, 'location', cs.location, 'meetingLink', cs.meeting_link, 'sequence', cs.sequence,
          'lateCancellation', cs.late_cancellation, 'cancelReason', cs.cancel_reason,
          'history', (SELECT coalesce(json_agg(json_build_object('kind', e.kind, 'startsAt', e.starts_at, 'endsAt', e.ends_at,
              'previousStartsAt', e.previous_starts_at, 'sequence', e.sequence, 'byUserId', e.by_user_id, 'by', ${name(sql`e.by_user_id`)},
              'reason', e.reason, 'late', e.late, 'at', e.at) ORDER BY e.id), '[]')
            FROM case_session_events e WHERE e.session_id = cs.id)) ORDER BY cs.starts_at, cs.id), '[]')
        FROM case_sessions cs WHERE cs.request_id = r.id)`,
    })
    .from(
      sql`mediation_requests r CROSS JOIN LATERAL (SELECT ${seat} AS seat) s
        LEFT JOIN mediator_availability av ON av.mediator_id = r.selected_mediator_id
        LEFT JOIN users mu ON mu.id = r.selected_mediator_id AND av.mediator_id IS NULL
        LEFT JOIN LATERAL (SELECT * FROM date_polls dp WHERE dp.request_id = r.id
          ORDER BY dp.status IN ('open', 'proposed', 'no_date') DESC, dp.created_at DESC LIMIT 1) p ON true`,
    )
    .where(sql`r.id = ${sql.placeholder('requestId')}::uuid AND s.seat IS NOT NULL`);
}

type SeatName = 'first' | 'second' | 'mediator' | 'admin';
type PreparedCard = ReturnType<ReturnType<typeof schedulingCardQuery>['prepare']>;
const preparedCards = new WeakMap<DbOrTx, PreparedCard>();

/** The Session card's rows (decision 063). */
export type SchedulingCardRow = Awaited<ReturnType<PreparedCard['execute']>>[number];

/**
 * Everything the Session card shows `reader`, and the reader's seat, in one prepared statement (decision 063): the
 * request's row, the reader's seat and whether the agreement to mediate holds them, the mediator's terms, the
 * attendees and the current poll's answers the seat may read (counsel: their own side's; the mediator and admins:
 * both), whether each side answered everything, the sessions with their history and every name. Undefined when the
 * request does not exist or the reader has no seat in it (the caller asks the access check why).
 */
export async function schedulingCard(db: DbOrTx, requestId: string, reader: CardReader): Promise<SchedulingCardRow | undefined> {
  let prepared = preparedCards.get(db);
  if (!prepared) preparedCards.set(db, (prepared = withCompiledRows(schedulingCardQuery(db).prepare('scheduling_card'))));
  const [row] = await prepared.execute({ requestId, viewerId: reader.id, mayMediate: reader.mayMediate, admin: reader.admin });
  return row;
}

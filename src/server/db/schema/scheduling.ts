// Scheduling the session (issue 25, docs/decisions/054): the mediator's availability, a case's date polls (candidates,
// attendees, answers), the sessions they confirm with their history, reminders sent, and each user's calendar feed.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { WeeklyHours } from '../../../common/domain/scheduling';
import { createdAt, users } from './accounts';
import { caseSide, pollAnswer, pollStatus, sessionEventKind, sessionStatus } from './enums';
import { mediationRequests } from './mediation';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A mediator's weekly working hours in their own zone, the length they offer by default and their late window. */
export const mediatorAvailability = pgTable('mediator_availability', {
  mediatorId: uuid('mediator_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: varchar('time_zone', { length: 64 }).notNull(),
  weekly: jsonb('weekly').$type<WeeklyHours>().notNull(),
  sessionMinutes: smallint('session_minutes').notNull().default(240),
  /** Hours before a session inside which a cancellation is late. */
  cancellationWindowHours: smallint('cancellation_window_hours').notNull().default(48),
  /** The mediator's own meeting link, offered as a new session's video link. */
  meetingLink: varchar('meeting_link', { length: 500 }),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Dates a mediator does not work (days off, blocked dates), inclusive, in their zone. */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mediatorId: uuid('mediator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    note: varchar('note', { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [index('availability_exceptions_mediator_idx').on(t.mediatorId, t.startDate)],
);

/** Who attends a case's sessions, per side: its counsel (a user) and whoever else they name. */
export const sessionAttendees = pgTable(
  'session_attendees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => mediationRequests.id, { onDelete: 'cascade' }),
    side: caseSide('side').notNull(),
    /** The side's counsel; null for the others a side names (a client, an insurer's representative). */
    userId: uuid('user_id').references(() => users.id),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    role: varchar('role', { length: 100 }).notNull(),
    required: boolean('required').notNull().default(true),
    removedAt: at('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('session_attendees_request_idx').on(t.requestId, t.side),
    uniqueIndex('session_attendees_email_uq')
      .on(t.requestId, sql`lower(${t.email})`)
      .where(sql`removed_at IS NULL`),
  ],
);

/** A session that belongs to the case: confirmed from a poll, moved by a later one, or cancelled (kept). */
export const caseSessions = pgTable(
  'case_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => mediationRequests.id, { onDelete: 'cascade' }),
    status: sessionStatus('status').notNull().default('scheduled'),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    /** The organizer's (mediator's) zone: the calendar files are written in it. */
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    location: varchar('location', { length: 300 }),
    meetingLink: varchar('meeting_link', { length: 500 }),
    /** The iCalendar SEQUENCE: raised by every change the attendees' calendars must apply. */
    sequence: integer('sequence').notNull().default(0),
    cancelledAt: at('cancelled_at'),
    cancelledById: uuid('cancelled_by_id').references(() => users.id),
    cancelReason: text('cancel_reason'),
    lateCancellation: boolean('late_cancellation').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('case_sessions_request_idx').on(t.requestId, t.startsAt), index('case_sessions_starts_idx').on(t.startsAt)],
);

/** A session's history, append-only: scheduled, each move (from and to), its cancellation. */
export const caseSessionEvents = pgTable(
  'case_session_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => caseSessions.id, { onDelete: 'cascade' }),
    kind: sessionEventKind('kind').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    previousStartsAt: at('previous_starts_at'),
    sequence: integer('sequence').notNull(),
    /** Null when the proposal stood after the mediator's silence. */
    byUserId: uuid('by_user_id').references(() => users.id),
    reason: text('reason'),
    late: boolean('late').notNull().default(false),
    at: at('at').notNull(),
  },
  (t) => [index('case_session_events_session_idx').on(t.sessionId, t.id)],
);

/** A date poll: candidates offered to the attendees; for a first session, or to move `sessionId`. */
export const datePolls = pgTable(
  'date_polls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => mediationRequests.id, { onDelete: 'cascade' }),
    /** The session this poll moves; null for a new session. */
    sessionId: uuid('session_id').references(() => caseSessions.id),
    openedById: uuid('opened_by_id')
      .notNull()
      .references(() => users.id),
    status: pollStatus('status').notNull().default('open'),
    durationMinutes: smallint('duration_minutes').notNull(),
    location: varchar('location', { length: 300 }),
    meetingLink: varchar('meeting_link', { length: 500 }),
    note: text('note'),
    /** Hours the mediator has to confirm a proposal before it stands. */
    confirmWithinHours: smallint('confirm_within_hours').notNull().default(48),
    proposedCandidateId: uuid('proposed_candidate_id'),
    /** When a proposal stands if the mediator has not confirmed it (the job `poll.auto-confirm`). */
    autoConfirmAt: at('auto_confirm_at'),
    confirmedCandidateId: uuid('confirmed_candidate_id'),
    closedAt: at('closed_at'),
    closeReason: text('close_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('date_polls_request_idx').on(t.requestId, t.createdAt),
    uniqueIndex('date_polls_one_live_uq')
      .on(t.requestId)
      .where(sql`status IN ('open', 'proposed', 'no_date')`),
  ],
);

export const pollCandidates = pgTable(
  'poll_candidates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => datePolls.id, { onDelete: 'cascade' }),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
  },
  (t) => [uniqueIndex('poll_candidates_start_uq').on(t.pollId, t.startsAt)],
);

/** One attendee's answer to one candidate, given by their side's counsel; seen by that side and the mediator only. */
export const pollAnswers = pgTable(
  'poll_answers',
  {
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => pollCandidates.id, { onDelete: 'cascade' }),
    attendeeId: uuid('attendee_id')
      .notNull()
      .references(() => sessionAttendees.id, { onDelete: 'cascade' }),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => datePolls.id, { onDelete: 'cascade' }),
    answer: pollAnswer('answer').notNull(),
    answeredById: uuid('answered_by_id')
      .notNull()
      .references(() => users.id),
    answeredAt: at('answered_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.candidateId, t.attendeeId] }), index('poll_answers_poll_idx').on(t.pollId)],
);

/** Each reminder sent once: a session's kind of reminder for the start it was sent for. */
export const sessionReminders = pgTable(
  'session_reminders',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => caseSessions.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).notNull(),
    startsAt: at('starts_at').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.kind, t.startsAt] })],
);

/** A user's private calendar feed: the token is in the URL and stored only as its SHA-256; a new one replaces it. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  createdAt: createdAt(),
});

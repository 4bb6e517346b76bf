import { sql, type SQL } from 'drizzle-orm';
import type { RequestStatus } from '../../../common/enums';
import type { DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared-once';
import { withCompiledRows } from '../../db/compiled-rows';
import { signedLatestAgreementSql, viewerSeatSql, type CardReader } from '../signing/signing.repo';
import type { AnswerRow, AttendeeRow, PollRow, SessionEventRow, SessionRow } from './scheduling.repo';

// The Session card in one prepared statement (decision 063): what `GET /api/requests/{id}/scheduling` reads.

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
const preparedCard = preparedOnce((db) => withCompiledRows(schedulingCardQuery(db).prepare('scheduling_card')));

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
  const [row] = await preparedCard(db).execute({ requestId, viewerId: reader.id, mayMediate: reader.mayMediate, admin: reader.admin });
  return row;
}

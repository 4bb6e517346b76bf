// What the request page's Session card shows each viewer (issue 25, decision 054). The privacy of the answers is
// decided here: counsel read their own side's attendees and answers only (and whether the other side has finished,
// never what it answered); the mediator and admins read both sides'.
import { everyoneRequiredCanMake, lastFreeCancellation } from '../../../common/domain/scheduling';
import type { SchedulingDto, SessionDto } from '../../../common/schemas/scheduling';
import { isUuid } from '../../../common/ids';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../plugins/session';
import { agreementRequired } from '../signing/agreement-hold';
import { cardReader } from '../signing/signing-access';
import { isLive } from './polls.service';
import { SCHEDULABLE, seatIn } from './scheduling-access';
import { schedulingCard } from './scheduling-card.repo';
import * as repo from './scheduling.repo';

const iso = (d: Date) => d.toISOString();

/** The fields of a session and of its events the card shows. */
type SessionFields = Pick<
  repo.SessionRow,
  'id' | 'requestId' | 'status' | 'startsAt' | 'endsAt' | 'timeZone' | 'location' | 'meetingLink' | 'sequence' | 'lateCancellation' | 'cancelReason'
>;
type SessionEventFields = Pick<repo.SessionEventRow, 'kind' | 'startsAt' | 'endsAt' | 'previousStartsAt' | 'sequence' | 'byUserId' | 'reason' | 'late' | 'at'>;

export function presentSession(
  session: SessionFields,
  caseName: string,
  windowHours: number,
  history: SessionEventFields[],
  names: Map<string, string>,
): SessionDto {
  return {
    id: session.id,
    requestId: session.requestId,
    caseName,
    status: session.status,
    startsAt: iso(session.startsAt),
    endsAt: iso(session.endsAt),
    timeZone: session.timeZone,
    location: session.location,
    meetingLink: session.meetingLink,
    sequence: session.sequence,
    lateCancellation: session.lateCancellation,
    cancelReason: session.cancelReason,
    lastFreeCancellation: iso(lastFreeCancellation(session.startsAt, windowHours)),
    history: history.map((e) => ({
      kind: e.kind,
      startsAt: iso(e.startsAt),
      endsAt: iso(e.endsAt),
      previousStartsAt: e.previousStartsAt ? iso(e.previousStartsAt) : null,
      sequence: e.sequence,
      by: e.byUserId ? (names.get(e.byUserId) ?? null) : null,
      reason: e.reason,
      late: e.late,
      at: iso(e.at),
    })),
  };
}

/** A time as the card's JSON carries it (PostgreSQL's ISO form, microseconds) in the API's form (milliseconds, UTC). */
const isoOf = (json: string) => iso(new Date(json));
const dateOf = (json: string | null) => (json === null ? null : new Date(json));

/**
 * GET /api/requests/{id}/scheduling: the card in one statement (`schedulingCard`, decision 063). A reader the
 * statement finds no seat for is refused by seatIn, with its own 404 or 403.
 */
export async function getScheduling(ctx: AppContext, user: SessionUser, requestId: string): Promise<SchedulingDto> {
  const card = isUuid(requestId) ? await schedulingCard(ctx.db, requestId, cardReader(user)) : undefined;
  if (!card) {
    await seatIn(ctx, user, requestId);
    throw new Error('scheduling card: seatIn admitted a reader the card statement found no seat for');
  }
  if (card.held) throw agreementRequired(card.id);
  const { seat, poll } = card;
  const seesAll = seat === 'mediator' || seat === 'admin';
  const live = isLive(poll ?? undefined);
  const schedulable = SCHEDULABLE.includes(card.status);
  const windowHours = card.cancellationWindowHours;
  // The mediator and admins read every attendee and answer: whether everyone required can make a time is theirs.
  const required = seesAll ? card.attendees.filter((a) => a.required).map((a) => a.id) : [];
  const answers = seesAll && poll ? poll.candidates.flatMap((c) => c.answers.map((a) => ({ candidateId: c.id, ...a }))) : [];
  return {
    viewerTimeZone: user.timeZone,
    mediatorTimeZone: card.mediatorTimeZone,
    sessionMinutes: card.sessionMinutes,
    cancellationWindowHours: windowHours,
    meetingLink: card.meetingLink,
    canOpenPoll: schedulable && !live && (seat === 'mediator' || seat === 'first'),
    canConfirm: schedulable && live && seat === 'mediator',
    attendees: card.attendees,
    poll: poll
      ? {
          id: poll.id,
          status: poll.status,
          sessionId: poll.sessionId,
          durationMinutes: poll.durationMinutes,
          location: poll.location,
          meetingLink: poll.meetingLink,
          note: poll.note,
          openedBy: poll.openedBy ?? '',
          createdAt: isoOf(poll.createdAt),
          candidates: poll.candidates.map((c) => ({
            id: c.id,
            startsAt: isoOf(c.startsAt),
            endsAt: isoOf(c.endsAt),
            answers: c.answers,
            everyoneRequiredCanMake: seesAll ? everyoneRequiredCanMake(c.id, required, answers) : null,
          })),
          proposedCandidateId: poll.proposedCandidateId,
          autoConfirmAt: poll.autoConfirmAt ? isoOf(poll.autoConfirmAt) : null,
          confirmedCandidateId: poll.confirmedCandidateId,
          myAnswersComplete: seat === 'first' ? poll.firstAnswered : seat === 'second' ? poll.secondAnswered : true,
          sidesAnswered: { first: poll.firstAnswered, second: card.twoSided ? poll.secondAnswered : null },
        }
      : null,
    sessions: card.sessions.map((s) => {
      const names = new Map(s.history.flatMap((e) => (e.byUserId && e.by !== null ? [[e.byUserId, e.by] as const] : [])));
      const history = s.history.map((e) => ({
        ...e,
        startsAt: new Date(e.startsAt),
        endsAt: new Date(e.endsAt),
        previousStartsAt: dateOf(e.previousStartsAt),
        at: new Date(e.at),
      }));
      const session = { ...s, requestId: card.id, startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt) };
      return presentSession(session, card.caseName, windowHours, history, names);
    }),
  };
}

/** The caller's sessions (dashboard: those to come; the mediator's week view: a range). */
export async function sessionsForViewer(ctx: AppContext, user: SessionUser, range: { from?: Date; to?: Date }) {
  const from = range.from ?? ctx.clock.now();
  const rows = await repo.sessionsForUser(ctx.db, user.id, { from, to: range.to, scheduledOnly: true });
  return {
    sessions: rows.map(({ session, caseName, windowHours }) => {
      const { history: _history, ...rest } = presentSession(session, caseName, windowHours, [], new Map());
      return rest;
    }),
  };
}

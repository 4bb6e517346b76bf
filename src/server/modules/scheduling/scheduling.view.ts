// What the request page's Session card shows each viewer (issue 25, decision 054). The privacy of the answers is
// decided here: counsel read their own side's attendees and answers only (and whether the other side has finished,
// never what it answered); the mediator and admins read both sides'.
import { everyoneRequiredCanMake, lastFreeCancellation } from '../../../common/domain/scheduling';
import type { CaseSide } from '../../../common/enums';
import type { SchedulingDto, SessionDto } from '../../../common/schemas/scheduling';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { SessionUser } from '../../plugins/session';
import { mediatorTerms } from './availability.service';
import { isLive } from './polls.service';
import { SCHEDULABLE, seatIn } from './scheduling-access';
import * as repo from './scheduling.repo';

const iso = (d: Date) => d.toISOString();

export function presentSession(
  session: repo.SessionRow,
  caseName: string,
  windowHours: number,
  history: repo.SessionEventRow[],
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

/** Whether every required attendee of a side answered every candidate. */
function sideAnswered(side: CaseSide, attendees: repo.AttendeeRow[], candidates: repo.CandidateRow[], answers: repo.AnswerRow[]): boolean {
  const given = new Set(answers.map((a) => `${a.candidateId}:${a.attendeeId}`));
  return attendees.filter((a) => a.side === side && a.required).every((a) => candidates.every((c) => given.has(`${c.id}:${a.id}`)));
}

async function namesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  return new Map((await repo.usersByIds(db, unique)).map((u) => [u.id, `${u.firstName} ${u.lastName}`]));
}

export async function getScheduling(ctx: AppContext, user: SessionUser, requestId: string): Promise<SchedulingDto> {
  const { request, seat } = await seatIn(ctx, user, requestId);
  const seesAll = seat === 'mediator' || seat === 'admin';
  const mediatorId = request.selectedMediatorId;
  const [terms, attendees, poll, sessions] = await Promise.all([
    mediatorId ? mediatorTerms(ctx.db, mediatorId) : null,
    repo.attendeesOf(ctx.db, request.id),
    repo.currentPoll(ctx.db, request.id),
    repo.sessionsOf(ctx.db, request.id),
  ]);
  const visibleAttendees = seesAll ? attendees : attendees.filter((a) => a.side === seat);
  const visibleIds = new Set(visibleAttendees.map((a) => a.id));
  const [candidates, answers, history] = await Promise.all([
    poll ? repo.candidatesOf(ctx.db, poll.id) : [],
    poll ? repo.answersOf(ctx.db, poll.id) : [],
    repo.eventsOf(
      ctx.db,
      sessions.map((s) => s.id),
    ),
  ]);
  const names = await namesOf(ctx.db, [...history.flatMap((e) => (e.byUserId ? [e.byUserId] : [])), ...(poll ? [poll.openedById] : [])]);
  const required = attendees.filter((a) => a.required).map((a) => a.id);
  const live = isLive(poll);
  const schedulable = SCHEDULABLE.includes(request.status);
  const windowHours = terms?.cancellationWindowHours ?? 48;
  return {
    viewerTimeZone: user.timeZone,
    mediatorTimeZone: terms?.timeZone ?? null,
    sessionMinutes: terms?.sessionMinutes ?? 240,
    cancellationWindowHours: windowHours,
    meetingLink: terms?.meetingLink ?? null,
    canOpenPoll: schedulable && !live && (seat === 'mediator' || seat === 'first'),
    canConfirm: schedulable && live && seat === 'mediator',
    attendees: visibleAttendees.map((a) => ({
      id: a.id,
      side: a.side,
      name: a.name,
      email: a.email,
      role: a.role,
      required: a.required,
      isCounsel: a.userId !== null,
    })),
    poll: poll
      ? {
          id: poll.id,
          status: poll.status,
          sessionId: poll.sessionId,
          durationMinutes: poll.durationMinutes,
          location: poll.location,
          meetingLink: poll.meetingLink,
          note: poll.note,
          openedBy: names.get(poll.openedById) ?? '',
          createdAt: iso(poll.createdAt),
          candidates: candidates.map((c) => ({
            id: c.id,
            startsAt: iso(c.startsAt),
            endsAt: iso(c.endsAt),
            answers: answers.filter((a) => a.candidateId === c.id && visibleIds.has(a.attendeeId)).map((a) => ({ attendeeId: a.attendeeId, answer: a.answer })),
            everyoneRequiredCanMake: seesAll ? everyoneRequiredCanMake(c.id, required, answers) : null,
          })),
          proposedCandidateId: poll.proposedCandidateId,
          autoConfirmAt: poll.autoConfirmAt ? iso(poll.autoConfirmAt) : null,
          confirmedCandidateId: poll.confirmedCandidateId,
          myAnswersComplete: seat === 'first' || seat === 'second' ? sideAnswered(seat, attendees, candidates, answers) : true,
          sidesAnswered: {
            first: sideAnswered('first', attendees, candidates, answers),
            second: request.opposingLawyerId ? sideAnswered('second', attendees, candidates, answers) : null,
          },
        }
      : null,
    sessions: sessions.map((s) =>
      presentSession(
        s,
        request.caseName,
        windowHours,
        history.filter((e) => e.sessionId === s.id),
        names,
      ),
    ),
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

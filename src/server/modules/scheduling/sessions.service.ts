// A case's sessions (issue 25, decision 054): made or moved by a confirmed poll, cancelled by the mediator or either
// counsel, each change recorded in the session's history with the iCalendar SEQUENCE raised, the attendees' calendar
// files e-mailed, and the reminders scheduled as durable jobs keyed by the start they are for (a moved session's old
// reminders find another start and send nothing; a repeated job finds its reminder already claimed).
import { formatSessionTime, isLateCancellation, reminderSchedule, type ReminderKind } from '../../../common/domain/scheduling';
import type { NotificationType } from '../../../common/enums';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { lockInOrder } from '../../db/lock-order';
import { conflict, notFound } from '../../errors';
import { enqueueJob } from '../../outbox/messages';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { notify } from '../notifications/notifications.service';
import { announceRequestChange } from '../requests/request-events';
import type { RequestRow } from '../requests/requests.repo';
import { mediatorTerms } from './availability.service';
import { sessionInvite } from './ics';
import { lockSchedulable, requireSeat, SCHEDULABLE, seatIn } from './scheduling-access';
import * as repo from './scheduling.repo';
import { calendarEventOf, cancelBySentence, enqueueSessionMails, type SessionContext } from './session-mail';

export const SESSION_TEXTS = {
  notFound: 'Session not found',
  cancelled: 'This session is already cancelled',
  past: 'This session has already taken place',
  changed: 'This session changed meanwhile: reload the page to see it',
  cancellers: 'Only the mediator or counsel of this case can cancel its sessions',
} as const;

/** The people of a session: the mediator as organizer, every attendee of both sides still listed. */
export async function sessionContext(db: Tx | AppContext['db'], request: RequestRow, session: repo.SessionRow): Promise<SessionContext> {
  const [organizer] = await repo.usersByIds(db, [request.selectedMediatorId!]);
  const attendees = await repo.attendeesOf(db, request.id);
  return {
    session,
    caseName: request.caseName,
    organizer: { id: organizer.id, name: `${organizer.firstName} ${organizer.lastName}`, email: organizer.email },
    attendees: attendees.map((a) => ({ name: a.name, email: a.email, required: a.required, userId: a.userId })),
  };
}

const participantsOf = (request: RequestRow) => [request.lawyerId, request.opposingLawyerId, request.selectedMediatorId].filter((id): id is string => !!id);

/** An in-app notice to the case's counsel and mediator, each reading the time in their own zone. */
async function tellParticipants(tx: Tx, request: RequestRow, session: repo.SessionRow, type: NotificationType, title: string, text: (when: string) => string) {
  const ids = participantsOf(request);
  const zones = await repo.userTimeZones(tx, ids);
  await notify(
    tx,
    ids.map((userId) => ({
      userId,
      type,
      title,
      message: text(formatSessionTime(session.startsAt, session.endsAt, zones.get(userId) || session.timeZone)),
      linkUrl: `/requests/${request.id}#session`,
    })),
  );
}

function scheduleReminders(tx: Tx, session: repo.SessionRow, now: Date) {
  return Promise.all(
    reminderSchedule(session.startsAt, now).map(({ kind, at }) =>
      enqueueJob(
        tx,
        'session.reminder',
        { requestId: session.requestId, sessionId: session.id, kind, startsAt: session.startsAt.toISOString() },
        at,
        `session-reminder:${session.id}:${kind}:${session.startsAt.getTime()}`,
      ),
    ),
  );
}

export interface Confirmation {
  poll: repo.PollRow;
  candidate: repo.CandidateRow;
  byUserId: string | null;
}

/**
 * The effect of a confirmed poll, under the request's lock: a new session (sequence 0) or the poll's session moved
 * (sequence raised), its history, its reminders, the invites and the notices. Throws 409 when the session to move was
 * cancelled or changed meanwhile, so the whole transaction (the poll's confirmation included) rolls back.
 */
export async function applyConfirmation(tx: Tx, ctx: AppContext, request: RequestRow, { poll, candidate, byUserId }: Confirmation): Promise<repo.SessionRow> {
  const now = ctx.clock.now();
  const terms = await mediatorTerms(tx, request.selectedMediatorId!);
  let session: repo.SessionRow | undefined;
  let previousStartsAt: Date | null = null;
  if (poll.sessionId) {
    const current = await repo.findSession(tx, request.id, poll.sessionId);
    if (!current) throw conflict(SESSION_TEXTS.changed);
    previousStartsAt = current.startsAt;
    session = await repo.updateScheduledSession(tx, current.id, current.sequence, {
      startsAt: candidate.startsAt,
      endsAt: candidate.endsAt,
      sequence: current.sequence + 1,
      location: poll.location ?? current.location,
      meetingLink: poll.meetingLink ?? current.meetingLink,
    });
    if (!session) throw conflict(SESSION_TEXTS.changed);
  } else {
    session = await repo.insertSession(tx, {
      requestId: request.id,
      startsAt: candidate.startsAt,
      endsAt: candidate.endsAt,
      timeZone: terms.timeZone,
      location: poll.location,
      meetingLink: poll.meetingLink ?? terms.meetingLink,
    });
  }
  const moved = previousStartsAt !== null;
  await repo.insertSessionEvent(tx, {
    sessionId: session.id,
    kind: moved ? 'rescheduled' : 'scheduled',
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    previousStartsAt,
    sequence: session.sequence,
    byUserId,
    at: now,
  });
  await scheduleReminders(tx, session, now);
  await enqueueSessionMails(tx, ctx, await sessionContext(tx, request, session), now, { kind: 'session_invite', withCalendar: true });
  await tellParticipants(tx, request, session, moved ? 'session_rescheduled' : 'session_scheduled', moved ? 'Session moved' : 'Session scheduled', (when) =>
    moved ? `The session for ${request.caseName} moved to ${when}.` : `The session for ${request.caseName} is on ${when}.`,
  );
  await announceRequestChange(tx, request);
  return session;
}

/** Cancels a scheduled session (mediator or either counsel), marking it late inside the mediator's window. */
export async function cancelSession(ctx: AppContext, user: SessionUser, requestId: string, sessionId: string, reason: string): Promise<void> {
  const { seat } = await seatIn(ctx, user, requestId);
  requireSeat(seat, ['first', 'second', 'mediator'], SESSION_TEXTS.cancellers);
  await transaction(ctx, async (tx) => {
    const request = await lockSchedulable(tx, requestId);
    const session = await repo.findSession(tx, request.id, sessionId);
    if (!session) throw notFound(SESSION_TEXTS.notFound);
    await cancelScheduled(tx, ctx, request, session, { byUserId: user.id, reason });
  });
}

async function cancelScheduled(tx: Tx, ctx: AppContext, request: RequestRow, session: repo.SessionRow, by: { byUserId: string | null; reason: string }) {
  const now = ctx.clock.now();
  if (session.status === 'cancelled') throw conflict(SESSION_TEXTS.cancelled);
  if (session.endsAt.getTime() <= now.getTime()) throw conflict(SESSION_TEXTS.past);
  const { cancellationWindowHours } = await mediatorTerms(tx, request.selectedMediatorId!);
  const late = isLateCancellation(session.startsAt, now, cancellationWindowHours);
  const cancelled = await repo.updateScheduledSession(tx, session.id, session.sequence, {
    status: 'cancelled',
    sequence: session.sequence + 1,
    cancelledAt: now,
    cancelledById: by.byUserId,
    cancelReason: by.reason,
    lateCancellation: late,
  });
  if (!cancelled) throw conflict(SESSION_TEXTS.changed);
  await repo.insertSessionEvent(tx, {
    sessionId: session.id,
    kind: 'cancelled',
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    sequence: cancelled.sequence,
    byUserId: by.byUserId,
    reason: by.reason,
    late,
    at: now,
  });
  // A poll that was moving this session has nothing left to move.
  await repo.closePollsOfSession(tx, session.id, now, 'The session was cancelled');
  await enqueueSessionMails(tx, ctx, await sessionContext(tx, request, cancelled), now, { kind: 'session_cancelled', withCalendar: true });
  await tellParticipants(
    tx,
    request,
    cancelled,
    'session_cancelled',
    late ? 'Session cancelled (late)' : 'Session cancelled',
    (when) => `The session for ${request.caseName} on ${when} is cancelled${late ? ', inside the mediator’s cancellation window' : ''}: ${by.reason}`,
  );
  await announceRequestChange(tx, request);
}

/**
 * When a case ends (cancelled or completed), in its transaction: the live poll closes and, if cancelled, every session
 * still to come is cancelled, its attendees sent the calendar's cancellation.
 */
export async function endCaseSchedule(tx: Tx, ctx: AppContext, request: RequestRow, reason: string): Promise<void> {
  const now = ctx.clock.now();
  await repo.closeLivePolls(tx, request.id, now, reason);
  if (request.status !== 'cancelled' || !request.selectedMediatorId) return;
  for (const session of await repo.sessionsOf(tx, request.id)) {
    if (session.status === 'scheduled' && session.endsAt.getTime() > now.getTime()) {
      await cancelScheduled(tx, ctx, request, session, { byUserId: null, reason });
    }
  }
}

/** The job 'session.reminder': once per session, kind and start; nothing for a session moved, cancelled or closed. */
export async function sendSessionReminder(ctx: AppContext, data: { requestId: string; sessionId: string; kind: ReminderKind; startsAt: string }) {
  await transaction(ctx, async (tx) => {
    const { request } = await lockInOrder(tx, { requestId: data.requestId });
    if (!request || !SCHEDULABLE.includes(request.status) || !request.selectedMediatorId) return;
    const session = await repo.findSession(tx, request.id, data.sessionId);
    if (!session || session.status !== 'scheduled' || session.startsAt.toISOString() !== data.startsAt) return;
    const now = ctx.clock.now();
    if (!(await repo.claimReminder(tx, session.id, data.kind, session.startsAt, now))) return;
    const { cancellationWindowHours } = await mediatorTerms(tx, request.selectedMediatorId);
    const cancelBy = cancelBySentence(session, cancellationWindowHours, now);
    await enqueueSessionMails(tx, ctx, await sessionContext(tx, request, session), now, { kind: 'session_reminder', cancelBy, withCalendar: false });
    const lead = { week: 'in a week', day: 'tomorrow', hour: 'in an hour' }[data.kind];
    await tellParticipants(tx, request, session, 'session_reminder', `Session ${lead}`, (when) => `The session for ${request.caseName} is ${lead}: ${when}.`);
  });
}

/** A session's calendar file for one of its participants: the invite, or the cancellation once cancelled. */
export async function sessionIcsFor(ctx: AppContext, user: SessionUser, requestId: string, sessionId: string): Promise<string> {
  const { request } = await seatIn(ctx, user, requestId);
  const session = await repo.findSession(ctx.db, request.id, sessionId);
  if (!session || !request.selectedMediatorId) throw notFound(SESSION_TEXTS.notFound);
  return sessionInvite(calendarEventOf(ctx.publicUrl, await sessionContext(ctx.db, request, session), ctx.clock.now()));
}

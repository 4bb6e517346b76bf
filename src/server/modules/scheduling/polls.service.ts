// A case's date poll (issue 25, decision 054). The mediator or the requesting counsel offers candidate times; each
// side's counsel answers for its own attendees (yes, if need be, no), privately: the other side never reads them, the
// mediator reads all. Once every required attendee answered every candidate, the earliest time they can all make is
// proposed; the mediator confirms it (or another they can all make), or it stands when the time given runs out (the
// job 'poll.auto-confirm'). Every write holds the request's lock, so a confirmation, a cancellation and a new poll of
// one case happen one after another and each sees what the other did.
import { everyoneRequiredCanMake, pollOutcome } from '../../../common/domain/scheduling';
import { LIVE_POLL_STATUSES, type CaseSide, type PollStatus } from '../../../common/enums';
import type { PollInput } from '../../../common/schemas/scheduling';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { lockInOrder } from '../../db/lock-order';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../errors';
import { enqueueJob } from '../../outbox/messages';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { notify } from '../notifications/notifications.service';
import { announceRequestChange } from '../requests/request-events';
import type { RequestRow } from '../requests/requests.repo';
import { lockSchedulable, requireSchedulable, requireSeat, SCHEDULABLE, SCHEDULING_TEXTS, seatIn } from './scheduling-access';
import * as repo from './scheduling.repo';
import { applyConfirmation, SESSION_TEXTS } from './sessions.service';

export const POLL_TEXTS = {
  notFound: 'Date poll not found',
  live: 'A date poll is already open for this case: close it before opening another',
  closed: 'This date poll is closed',
  future: 'Every candidate must be in the future',
  notCandidate: 'That time is not one of this poll’s candidates',
  notYourAttendee: 'You answer only for your own side’s attendees',
  cannotMake: 'Not every required attendee can make this time',
  attendeeNotFound: 'Attendee not found',
  duplicateAttendee: 'This address is already an attendee of the case',
  moveWhich: 'Only a scheduled session still to come can be moved',
} as const;

const MAX_ATTENDEES_PER_SIDE = 10;

export const isLive = (poll: { status: PollStatus } | undefined): poll is repo.PollRow =>
  !!poll && (LIVE_POLL_STATUSES as readonly PollStatus[]).includes(poll.status);

const seatedSides = (request: RequestRow): { side: CaseSide; userId: string }[] => [
  { side: 'first', userId: request.lawyerId },
  ...(request.opposingLawyerId ? [{ side: 'second' as const, userId: request.opposingLawyerId }] : []),
];

/** Each seated counsel is an attendee of their side (required) from the first poll on. */
async function ensureCounsel(tx: Tx, request: RequestRow): Promise<void> {
  for (const { side, userId } of seatedSides(request)) await repo.ensureCounselAttendee(tx, request.id, side, userId);
}

export async function openPoll(ctx: AppContext, user: SessionUser, requestId: string, input: PollInput): Promise<void> {
  const { request, seat } = await seatIn(ctx, user, requestId);
  requireSeat(seat, ['mediator', 'first'], SCHEDULING_TEXTS.openers);
  requireSchedulable(request);
  const now = ctx.clock.now();
  const starts = input.candidates.map((c) => new Date(c.startsAt)).sort((a, b) => a.getTime() - b.getTime());
  if (starts.some((s) => s.getTime() <= now.getTime())) throw fieldError('candidates', POLL_TEXTS.future);
  await transaction(ctx, async (tx) => {
    const locked = await lockSchedulable(tx, requestId);
    if (input.sessionId) {
      const session = await repo.findSession(tx, locked.id, input.sessionId);
      if (!session || session.status !== 'scheduled' || session.endsAt.getTime() <= now.getTime()) throw conflict(POLL_TEXTS.moveWhich);
    }
    if (isLive(await repo.currentPoll(tx, locked.id))) throw conflict(POLL_TEXTS.live);
    await ensureCounsel(tx, locked);
    await repo.insertPoll(
      tx,
      {
        requestId: locked.id,
        sessionId: input.sessionId ?? null,
        openedById: user.id,
        durationMinutes: input.durationMinutes,
        location: input.location ?? null,
        meetingLink: input.meetingLink ?? null,
        note: input.note || null,
        confirmWithinHours: input.confirmWithinHours,
        createdAt: now,
      },
      starts.map((startsAt) => ({ startsAt, endsAt: new Date(startsAt.getTime() + input.durationMinutes * 60_000) })),
    );
    const counsel = seatedSides(locked)
      .map((s) => s.userId)
      .filter((id) => id !== user.id);
    await notify(
      tx,
      counsel.map((userId) => ({
        userId,
        type: 'date_poll_opened' as const,
        title: input.sessionId ? 'New dates offered to move the session' : 'Choose dates for the session',
        message: `Say which of the ${starts.length} offered times suit your side's attendees for ${locked.caseName}.`,
        linkUrl: `/requests/${locked.id}#session`,
      })),
    );
    await announceRequestChange(tx, locked);
  });
}

/** Under the lock: the poll of this request, live. */
async function livePoll(tx: Tx, requestId: string, pollId: string): Promise<repo.PollRow> {
  const poll = await repo.findPoll(tx, requestId, pollId);
  if (!poll) throw notFound(POLL_TEXTS.notFound);
  if (!isLive(poll)) throw conflict(POLL_TEXTS.closed);
  return poll;
}

const requiredIdsOf = (attendees: repo.AttendeeRow[]) => attendees.filter((a) => a.required).map((a) => a.id);

/**
 * What the answers now decide, applied to the poll: back to open while answers are missing, proposed (with the job
 * that lets the proposal stand) when a time suits every required attendee, no_date when none does.
 */
async function settlePoll(tx: Tx, ctx: AppContext, request: RequestRow, poll: repo.PollRow): Promise<void> {
  const [candidates, attendees, answers] = await Promise.all([repo.candidatesOf(tx, poll.id), repo.attendeesOf(tx, request.id), repo.answersOf(tx, poll.id)]);
  const outcome = pollOutcome(candidates, requiredIdsOf(attendees), answers);
  const now = ctx.clock.now();
  if (outcome.kind === 'waiting') {
    if (poll.status !== 'open') await repo.updateLivePoll(tx, poll.id, { status: 'open', proposedCandidateId: null, autoConfirmAt: null });
    return;
  }
  if (outcome.kind === 'none') {
    if (poll.status === 'no_date') return;
    await repo.updateLivePoll(tx, poll.id, { status: 'no_date', proposedCandidateId: null, autoConfirmAt: null });
    await notify(
      tx,
      [...new Set([request.selectedMediatorId!, poll.openedById])].map((userId) => ({
        userId,
        type: 'session_proposed' as const,
        title: 'No offered time suits everyone',
        message: `No time in the date poll for ${request.caseName} suits every required attendee: offer other times.`,
        linkUrl: `/requests/${request.id}#session`,
      })),
    );
    return;
  }
  if (poll.status === 'proposed' && poll.proposedCandidateId === outcome.candidateId) return;
  const autoConfirmAt = new Date(now.getTime() + poll.confirmWithinHours * 3600_000);
  await repo.updateLivePoll(tx, poll.id, { status: 'proposed', proposedCandidateId: outcome.candidateId, autoConfirmAt });
  await enqueueJob(
    tx,
    'poll.auto-confirm',
    { requestId: request.id, pollId: poll.id, candidateId: outcome.candidateId, autoConfirmAt: autoConfirmAt.toISOString() },
    autoConfirmAt,
    `poll-auto-confirm:${poll.id}:${outcome.candidateId}:${autoConfirmAt.getTime()}`,
  );
  await notify(tx, [
    {
      userId: request.selectedMediatorId!,
      type: 'session_proposed',
      title: 'A time suits everyone',
      message: `Every required attendee of ${request.caseName} can make a time in the date poll: confirm it, or it stands in ${poll.confirmWithinHours} hours.`,
      linkUrl: `/requests/${request.id}#session`,
    },
  ]);
}

export async function answerPoll(
  ctx: AppContext,
  user: SessionUser,
  requestId: string,
  pollId: string,
  answers: { candidateId: string; attendeeId: string; answer: 'yes' | 'if_need_be' | 'no' }[],
): Promise<void> {
  const { seat } = await seatIn(ctx, user, requestId);
  const side = requireSeat(seat, ['first', 'second'], SCHEDULING_TEXTS.answerers);
  await transaction(ctx, async (tx) => {
    const request = await lockSchedulable(tx, requestId);
    const poll = await livePoll(tx, request.id, pollId);
    await ensureCounsel(tx, request);
    const [candidates, attendees] = await Promise.all([repo.candidatesOf(tx, poll.id), repo.attendeesOf(tx, request.id)]);
    const candidateIds = new Set(candidates.map((c) => c.id));
    const ownAttendees = new Set(attendees.filter((a) => a.side === side).map((a) => a.id));
    // Everything is checked before anything is written: a bad answer changes nothing.
    if (answers.some((a) => !candidateIds.has(a.candidateId))) throw badRequest(POLL_TEXTS.notCandidate);
    if (answers.some((a) => !ownAttendees.has(a.attendeeId))) throw forbidden(POLL_TEXTS.notYourAttendee);
    const now = ctx.clock.now();
    await repo.upsertAnswers(
      tx,
      answers.map((a) => ({ ...a, pollId: poll.id, answeredById: user.id, answeredAt: now })),
    );
    await settlePoll(tx, ctx, request, poll);
    await announceRequestChange(tx, request);
  });
}

export async function confirmPoll(ctx: AppContext, user: SessionUser, requestId: string, pollId: string, candidateId: string): Promise<void> {
  const { seat } = await seatIn(ctx, user, requestId);
  requireSeat(seat, ['mediator'], SCHEDULING_TEXTS.confirmer);
  await transaction(ctx, async (tx) => {
    const request = await lockSchedulable(tx, requestId);
    const poll = await livePoll(tx, request.id, pollId);
    const candidate = (await repo.candidatesOf(tx, poll.id)).find((c) => c.id === candidateId);
    if (!candidate) throw badRequest(POLL_TEXTS.notCandidate);
    const [attendees, answers] = await Promise.all([repo.attendeesOf(tx, request.id), repo.answersOf(tx, poll.id)]);
    if (!everyoneRequiredCanMake(candidate.id, requiredIdsOf(attendees), answers)) throw conflict(POLL_TEXTS.cannotMake);
    await confirmLive(tx, ctx, request, poll, candidate, user.id);
  });
}

async function confirmLive(tx: Tx, ctx: AppContext, request: RequestRow, poll: repo.PollRow, candidate: repo.CandidateRow, byUserId: string | null) {
  const now = ctx.clock.now();
  const closed = await repo.updateLivePoll(tx, poll.id, { status: 'confirmed', confirmedCandidateId: candidate.id, closedAt: now });
  if (!closed) throw conflict(POLL_TEXTS.closed);
  await applyConfirmation(tx, ctx, request, { poll, candidate, byUserId });
}

/** The job 'poll.auto-confirm': the proposal stands if it is still the poll's proposal and its time ran out. */
export async function autoConfirmPoll(ctx: AppContext, data: { requestId: string; pollId: string; candidateId: string }): Promise<void> {
  await transaction(ctx, async (tx) => {
    const { request } = await lockInOrder(tx, { requestId: data.requestId });
    if (!request || !SCHEDULABLE.includes(request.status)) return;
    const poll = await repo.findPoll(tx, request.id, data.pollId);
    const now = ctx.clock.now();
    if (!poll || poll.status !== 'proposed' || poll.proposedCandidateId !== data.candidateId) return;
    if (!poll.autoConfirmAt || poll.autoConfirmAt.getTime() > now.getTime()) return;
    const candidate = (await repo.candidatesOf(tx, poll.id)).find((c) => c.id === data.candidateId);
    if (!candidate || candidate.startsAt.getTime() <= now.getTime()) return;
    try {
      await confirmLive(tx, ctx, request, poll, candidate, null);
    } catch (error) {
      // The session it would move was cancelled meanwhile: the poll stays as it is for people to decide.
      if ((error as { message?: string }).message !== SESSION_TEXTS.changed) throw error;
    }
  });
}

/** Closes the live poll (its opener or the mediator): no time is chosen from it. */
export async function closePoll(ctx: AppContext, user: SessionUser, requestId: string, pollId: string): Promise<void> {
  const { seat } = await seatIn(ctx, user, requestId);
  requireSeat(seat, ['mediator', 'first'], SCHEDULING_TEXTS.openers);
  await transaction(ctx, async (tx) => {
    const request = await lockSchedulable(tx, requestId);
    const poll = await livePoll(tx, request.id, pollId);
    await repo.updateLivePoll(tx, poll.id, { status: 'closed', closedAt: ctx.clock.now(), closeReason: 'Closed without a date' });
    await announceRequestChange(tx, request);
  });
}

export async function addAttendee(
  ctx: AppContext,
  user: SessionUser,
  requestId: string,
  input: { name: string; email: string; role: string; required: boolean },
): Promise<void> {
  const { seat } = await seatIn(ctx, user, requestId);
  const side = requireSeat(seat, ['first', 'second'], SCHEDULING_TEXTS.answerers);
  await transaction(ctx, async (tx) => {
    const request = await lockSchedulable(tx, requestId);
    await ensureCounsel(tx, request);
    const attendees = await repo.attendeesOf(tx, request.id);
    if (attendees.filter((a) => a.side === side).length >= MAX_ATTENDEES_PER_SIDE) throw badRequest(`A side lists at most ${MAX_ATTENDEES_PER_SIDE} attendees`);
    const row = await repo.insertAttendee(tx, {
      requestId: request.id,
      side,
      name: input.name,
      email: input.email,
      role: input.role,
      required: input.required,
    });
    if (!row) throw fieldError('email', POLL_TEXTS.duplicateAttendee);
    await resettleLivePoll(tx, ctx, request);
  });
}

export async function removeAttendee(ctx: AppContext, user: SessionUser, requestId: string, attendeeId: string): Promise<void> {
  const { seat } = await seatIn(ctx, user, requestId);
  const side = requireSeat(seat, ['first', 'second'], SCHEDULING_TEXTS.answerers);
  await transaction(ctx, async (tx) => {
    const request = await lockSchedulable(tx, requestId);
    // Counsel themselves cannot be removed; another side's attendee is not found from here.
    if (!(await repo.removeAttendee(tx, request.id, attendeeId, side, ctx.clock.now()))) throw notFound(POLL_TEXTS.attendeeNotFound);
    await resettleLivePoll(tx, ctx, request);
  });
}

/**
 * The second side joined a case whose date poll is open (in the joining transaction): its counsel becomes a required
 * attendee, so the poll now waits for that side's answers too.
 */
export async function counselJoinedPoll(tx: Tx, ctx: AppContext, request: RequestRow): Promise<void> {
  const poll = await repo.currentPoll(tx, request.id);
  if (!isLive(poll)) return;
  await ensureCounsel(tx, request);
  await settlePoll(tx, ctx, request, poll);
}

/** Who is required changed: the live poll's outcome is read again. */
async function resettleLivePoll(tx: Tx, ctx: AppContext, request: RequestRow): Promise<void> {
  const poll = await repo.currentPoll(tx, request.id);
  if (isLive(poll)) await settlePoll(tx, ctx, request, poll);
  await announceRequestChange(tx, request);
}

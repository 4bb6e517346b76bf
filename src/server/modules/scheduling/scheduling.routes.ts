import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttendeeInputSchema,
  AvailabilityDtoSchema,
  AvailabilityExceptionInputSchema,
  AvailabilityInputSchema,
  CalendarFeedDtoSchema,
  ConfirmInputSchema,
  PollAnswersInputSchema,
  PollInputSchema,
  ReasonInputSchema,
  SchedulingDtoSchema,
  SlotsQuerySchema,
  TimeZoneInputSchema,
  UpcomingSessionsSchema,
} from '../../../common/schemas/scheduling';
import type { AppContext } from '../../context';
import { validationError } from '../../plugins/error-handler';
import { requireActiveMember, requireUser } from '../../plugins/guards';
import { fileBody, readErrors, writeErrors } from '../../route-responses';
import * as availability from './availability.service';
import * as feed from './calendar-feed.service';
import * as polls from './polls.service';
import { requireSeat, SCHEDULING_TEXTS, seatIn, type SchedulingActor } from './scheduling-access';
import { SESSION_TEXTS } from './sessions.service';
import { getScheduling, sessionsForViewer } from './scheduling.view';
import { cancelSession, sessionIcsFor } from './sessions.service';
import { requireMediator } from './availability.service';

const tags = ['Scheduling'];
const IdParams = z.object({ id: z.string() });
const PollParams = z.object({ id: z.string(), pollId: z.string() });
const SessionParams = z.object({ id: z.string(), sessionId: z.string() });
const Ok = z.object({ ok: z.literal(true) });
const ok = { ok: true as const };

type Validated = FastifyRequest & { params: { id: string }; validationError?: unknown };

/** Visibility (404) and the seat (403) before the body or query (400): RULES.md 6's order. */
async function seatThenInput(ctx: AppContext, request: Validated, seats: readonly SchedulingActor[], refusal: string) {
  const user = requireActiveMember(request);
  const { seat } = await seatIn(ctx, user, request.params.id);
  requireSeat(seat, seats, refusal);
  if (request.validationError) throw validationError(request.validationError);
  return user;
}

/** Signed in (401), a member (403) and, where asked, a mediator (403) before the body or query (400). */
function memberThenInput(request: FastifyRequest & { validationError?: unknown }, mediatorOnly = false) {
  const user = requireActiveMember(request);
  if (mediatorOnly) requireMediator(user);
  if (request.validationError) throw validationError(request.validationError);
  return user;
}

// Scheduling the session (issue 25, docs/decisions/054).
export function schedulingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/profile/time-zone',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Set the time zone dates are shown in (the browser’s at first)',
        body: TimeZoneInputSchema,
        response: { 200: z.object({ timeZone: z.string().describe('The zone saved, by its current name') }), ...writeErrors(400, 401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (request.validationError) throw validationError(request.validationError);
      return availability.saveTimeZone(ctx, user, request.body.timeZone);
    },
  );

  r.get(
    '/api/availability',
    {
      schema: {
        tags,
        summary: "The mediator's own availability (the defaults until saved)",
        response: { 200: AvailabilityDtoSchema, ...readErrors(401, 403) },
      },
    },
    async (request) => availability.getAvailability(ctx, requireActiveMember(request)),
  );
  r.put(
    '/api/availability',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Save weekly hours (in the zone given), the default session length, the cancellation window and the meeting link',
        body: AvailabilityInputSchema,
        response: { 200: AvailabilityDtoSchema, ...writeErrors(400, 401, 403) },
      },
    },
    async (request) => availability.saveAvailability(ctx, memberThenInput(request, true), request.body),
  );
  r.post(
    '/api/availability/exceptions',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Block dates (days off), inclusive, in the mediator’s zone',
        body: AvailabilityExceptionInputSchema,
        response: { 200: AvailabilityDtoSchema, ...writeErrors(400, 401, 403) },
      },
    },
    async (request) => availability.addException(ctx, memberThenInput(request, true), request.body),
  );
  r.delete(
    '/api/availability/exceptions/:exceptionId',
    {
      schema: {
        tags,
        summary: 'Unblock dates',
        params: z.object({ exceptionId: z.string() }),
        response: { 200: AvailabilityDtoSchema, ...writeErrors(401, 403, 404) },
      },
    },
    async (request) => availability.removeException(ctx, requireActiveMember(request), request.params.exceptionId),
  );

  r.get(
    '/api/sessions',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "The caller's scheduled sessions: from now (or `from`) until `to`",
        querystring: z.object({ from: z.iso.datetime({ offset: true }).optional(), to: z.iso.datetime({ offset: true }).optional() }),
        response: { 200: UpcomingSessionsSchema, ...readErrors(400, 401, 403) },
      },
    },
    async (request) =>
      sessionsForViewer(ctx, memberThenInput(request), {
        from: request.query.from ? new Date(request.query.from) : undefined,
        to: request.query.to ? new Date(request.query.to) : undefined,
      }),
  );

  r.get(
    '/api/calendar-feed',
    { schema: { tags, summary: 'Whether the caller has a private calendar feed', response: { 200: CalendarFeedDtoSchema, ...readErrors(401, 403) } } },
    async (request) => feed.getFeed(ctx, requireActiveMember(request)),
  );
  r.post(
    '/api/calendar-feed',
    {
      schema: {
        tags,
        summary: 'Make a private calendar feed URL (shown once; replaces and revokes the previous one)',
        response: { 200: CalendarFeedDtoSchema, ...writeErrors(401, 403) },
      },
    },
    async (request) => feed.makeFeed(ctx, requireActiveMember(request)),
  );
  r.delete(
    '/api/calendar-feed',
    { schema: { tags, summary: 'Revoke the private calendar feed', response: { 200: CalendarFeedDtoSchema, ...writeErrors(401, 403) } } },
    async (request) => feed.revokeFeed(ctx, requireActiveMember(request)),
  );
  r.get(
    '/api/calendar/:token',
    {
      schema: {
        tags,
        summary: "A private calendar feed (iCalendar) of a user's sessions; the token in the URL is the authority",
        params: z.object({ token: z.string() }),
        response: { 200: fileBody('The feed (iCalendar)', ['text/calendar']), ...readErrors(404) },
      },
    },
    async (request, reply) => {
      const text = await feed.feedFor(ctx, request.params.token.replace(/\.ics$/, ''));
      reply.header('Content-Type', 'text/calendar; charset=utf-8');
      reply.header('Cache-Control', 'private, no-store');
      return reply.send(Readable.from([text]));
    },
  );

  r.get(
    '/api/requests/:id/scheduling',
    {
      schema: {
        tags,
        summary: 'The case’s attendees, date poll and sessions as the viewer may see them (counsel: their side’s answers only)',
        params: IdParams,
        response: { 200: SchedulingDtoSchema, ...readErrors(401, 403, 404) },
      },
    },
    async (request) => getScheduling(ctx, requireActiveMember(request), request.params.id),
  );
  r.get(
    '/api/requests/:id/poll-slots',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Candidate times drawn from the selected mediator's availability (mediator or requesting counsel)",
        params: IdParams,
        querystring: SlotsQuerySchema,
        response: {
          200: z.object({ minutes: z.number().int(), timeZone: z.string(), slots: z.array(z.object({ startsAt: z.string(), endsAt: z.string() })) }),
          ...readErrors(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      availability.pollSlots(ctx, await seatThenInput(ctx, request, ['mediator', 'first'], SCHEDULING_TEXTS.openers), request.params.id, request.query),
  );
  r.post(
    '/api/requests/:id/attendees',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Name an attendee of the caller’s side (counsel)',
        params: IdParams,
        body: AttendeeInputSchema,
        response: { 200: Ok, ...writeErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await seatThenInput(ctx, request, ['first', 'second'], SCHEDULING_TEXTS.answerers);
      await polls.addAttendee(ctx, user, request.params.id, request.body);
      return ok;
    },
  );
  r.delete(
    '/api/requests/:id/attendees/:attendeeId',
    {
      schema: {
        tags,
        summary: 'Remove an attendee of the caller’s side (not counsel)',
        params: z.object({ id: z.string(), attendeeId: z.string() }),
        response: { 200: Ok, ...writeErrors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await polls.removeAttendee(ctx, requireActiveMember(request), request.params.id, request.params.attendeeId);
      return ok;
    },
  );
  r.post(
    '/api/requests/:id/polls',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Open a date poll (mediator or requesting counsel): candidate times; `sessionId` to move a scheduled session',
        params: IdParams,
        body: PollInputSchema,
        response: { 200: Ok, ...writeErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await seatThenInput(ctx, request, ['mediator', 'first'], SCHEDULING_TEXTS.openers);
      await polls.openPoll(ctx, user, request.params.id, request.body);
      return ok;
    },
  );
  r.put(
    '/api/requests/:id/polls/:pollId/answers',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Answer for the caller’s side’s attendees (yes, if need be, no per candidate); all or nothing',
        params: PollParams,
        body: PollAnswersInputSchema,
        response: { 200: Ok, ...writeErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await seatThenInput(ctx, request, ['first', 'second'], SCHEDULING_TEXTS.answerers);
      await polls.answerPoll(ctx, user, request.params.id, request.params.pollId, request.body.answers);
      return ok;
    },
  );
  r.post(
    '/api/requests/:id/polls/:pollId/confirm',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Confirm a candidate every required attendee can make (the mediator): the session is scheduled or moved',
        params: PollParams,
        body: ConfirmInputSchema,
        response: { 200: Ok, ...writeErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await seatThenInput(ctx, request, ['mediator'], SCHEDULING_TEXTS.confirmer);
      await polls.confirmPoll(ctx, user, request.params.id, request.params.pollId, request.body.candidateId);
      return ok;
    },
  );
  r.post(
    '/api/requests/:id/polls/:pollId/close',
    {
      schema: { tags, summary: 'Close the date poll without a date', params: PollParams, response: { 200: Ok, ...writeErrors(401, 403, 404, 409) } },
    },
    async (request) => {
      await polls.closePoll(ctx, requireActiveMember(request), request.params.id, request.params.pollId);
      return ok;
    },
  );
  r.post(
    '/api/requests/:id/sessions/:sessionId/cancel',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Cancel a scheduled session (the mediator or either counsel), with a reason; late inside the cancellation window',
        params: SessionParams,
        body: ReasonInputSchema,
        response: { 200: Ok, ...writeErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await seatThenInput(ctx, request, ['first', 'second', 'mediator'], SESSION_TEXTS.cancellers);
      await cancelSession(ctx, user, request.params.id, request.params.sessionId, request.body.reason);
      return ok;
    },
  );
  r.get(
    '/api/requests/:id/sessions/:sessionId/invite.ics',
    {
      schema: {
        tags,
        summary: 'The session’s calendar file (the invite, or its cancellation once cancelled)',
        params: SessionParams,
        response: { 200: fileBody('The calendar file', ['text/calendar']), ...readErrors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const text = await sessionIcsFor(ctx, requireActiveMember(request), request.params.id, request.params.sessionId);
      reply.header('Content-Type', 'text/calendar; charset=utf-8; method=' + (text.includes('METHOD:CANCEL') ? 'CANCEL' : 'REQUEST'));
      reply.header('Content-Disposition', 'attachment; filename="mediation-session.ics"');
      reply.header('Cache-Control', 'private, no-store');
      return reply.send(Readable.from([text]));
    },
  );
}

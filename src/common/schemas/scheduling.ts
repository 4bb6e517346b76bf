import { z } from 'zod';
import { canonicalTimeZone, isCalendarDate, isTimeZone } from '../domain/date-range';
import { POLL_ANSWERS, WEEKDAYS, weeklyHoursError } from '../domain/scheduling';
import { CASE_SIDES, POLL_STATUSES, SESSION_EVENT_KINDS, SESSION_STATUSES } from '../enums';

// Scheduling the session (issue 25, docs/decisions/054): the mediator's availability, a case's date poll, its sessions.

export const SCHEDULING_TEXTS = {
  timeZone: 'Choose a time zone from the list',
  sessionMinutes: 'A session lasts from 1 to 12 hours, in half hours',
  cancellationWindowHours: 'The cancellation window is a whole number of hours from 0 to 336 (two weeks)',
  meetingLink: 'The meeting link must start with https://',
  date: 'Enter a date as YYYY-MM-DD',
  exceptionOrder: 'The last blocked date cannot be before the first',
  exceptionLength: 'Block at most 366 days at once',
  attendeeName: 'Enter the attendee’s name',
  attendeeEmail: 'Enter a valid e-mail address',
  attendeeRole: 'Say who the attendee is (for example: Client, Insurer’s representative)',
  candidates: 'Offer between 1 and 20 candidate times',
  candidateFuture: 'Every candidate must be in the future',
  candidateDuplicate: 'Two candidates start at the same time',
  range: 'The range runs at most 60 days, and its last day cannot be before its first',
  reason: 'Say why, in 500 characters or fewer',
} as const;

const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Enter times as HH:MM');
const Interval = z.object({ start: Time, end: Time });
const Day = z.array(Interval).max(4, 'At most four working periods a day');
const WeeklySchema = z.object({ mon: Day, tue: Day, wed: Day, thu: Day, fri: Day, sat: Day, sun: Day }).superRefine((weekly, issues) => {
  const problem = weeklyHoursError(weekly);
  if (problem) issues.addIssue({ code: 'custom', message: problem });
});

// Stored by the zone's current name (decision 054): a browser may send an old one ("Asia/Calcutta").
export const TimeZoneSchema = z.string().refine(isTimeZone, SCHEDULING_TEXTS.timeZone).transform(canonicalTimeZone);
const CalendarDate = z.string().refine(isCalendarDate, SCHEDULING_TEXTS.date);
const MeetingLink = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), SCHEDULING_TEXTS.meetingLink)
  .transform((v) => v || null)
  .nullable()
  .optional();
const Location = z
  .string()
  .trim()
  .max(300)
  .transform((v) => v || null)
  .nullable()
  .optional();
export const SessionMinutesSchema = z
  .number(SCHEDULING_TEXTS.sessionMinutes)
  .int(SCHEDULING_TEXTS.sessionMinutes)
  .min(60, SCHEDULING_TEXTS.sessionMinutes)
  .max(720, SCHEDULING_TEXTS.sessionMinutes)
  .refine((m) => m % 30 === 0, SCHEDULING_TEXTS.sessionMinutes);

export const TimeZoneInputSchema = z.object({ timeZone: TimeZoneSchema });

/** PUT /api/availability: the mediator's weekly hours, length and window (exceptions have their own calls). */
export const AvailabilityInputSchema = z.object({
  timeZone: TimeZoneSchema,
  weekly: WeeklySchema,
  sessionMinutes: SessionMinutesSchema,
  cancellationWindowHours: z
    .number(SCHEDULING_TEXTS.cancellationWindowHours)
    .int(SCHEDULING_TEXTS.cancellationWindowHours)
    .min(0, SCHEDULING_TEXTS.cancellationWindowHours)
    .max(336, SCHEDULING_TEXTS.cancellationWindowHours),
  meetingLink: MeetingLink,
});
export type AvailabilityInput = z.infer<typeof AvailabilityInputSchema>;

export const AvailabilityExceptionInputSchema = z
  .object({ startDate: CalendarDate, endDate: CalendarDate, note: z.string().trim().max(200).optional() })
  .superRefine((v, issues) => {
    if (!isCalendarDate(v.startDate) || !isCalendarDate(v.endDate)) return;
    if (v.endDate < v.startDate) issues.addIssue({ code: 'custom', path: ['endDate'], message: SCHEDULING_TEXTS.exceptionOrder });
    else if (Date.parse(v.endDate) - Date.parse(v.startDate) > 365 * 86_400_000)
      issues.addIssue({ code: 'custom', path: ['endDate'], message: SCHEDULING_TEXTS.exceptionLength });
  });

const ExceptionDtoSchema = z.object({ id: z.string(), startDate: z.string(), endDate: z.string(), note: z.string().nullable() });
export const AvailabilityDtoSchema = z.object({
  timeZone: z.string(),
  weekly: z.record(z.enum(WEEKDAYS), z.array(z.object({ start: z.string(), end: z.string() }))),
  sessionMinutes: z.number().int(),
  cancellationWindowHours: z.number().int(),
  meetingLink: z.string().nullable(),
  exceptions: z.array(ExceptionDtoSchema),
  saved: z.boolean().describe('False while the mediator has not saved their hours: these are the defaults'),
});
export type AvailabilityDto = z.infer<typeof AvailabilityDtoSchema>;

export const AttendeeInputSchema = z.object({
  name: z.string(SCHEDULING_TEXTS.attendeeName).trim().min(1, SCHEDULING_TEXTS.attendeeName).max(200),
  email: z.email(SCHEDULING_TEXTS.attendeeEmail).max(254),
  role: z.string(SCHEDULING_TEXTS.attendeeRole).trim().min(1, SCHEDULING_TEXTS.attendeeRole).max(100),
  required: z.boolean().default(true),
});

/** GET /api/requests/{id}/poll-slots: candidates drawn from the selected mediator's availability. */
export const SlotsQuerySchema = z
  .object({ fromDate: CalendarDate, toDate: CalendarDate, minutes: z.coerce.number().pipe(SessionMinutesSchema).optional() })
  .superRefine((v, issues) => {
    if (!isCalendarDate(v.fromDate) || !isCalendarDate(v.toDate)) return;
    if (v.toDate < v.fromDate || Date.parse(v.toDate) - Date.parse(v.fromDate) > 59 * 86_400_000)
      issues.addIssue({ code: 'custom', path: ['toDate'], message: SCHEDULING_TEXTS.range });
  });

/** POST /api/requests/{id}/polls: a poll of candidate times (drawn from availability or chosen by hand). */
export const PollInputSchema = z.object({
  durationMinutes: SessionMinutesSchema,
  candidates: z
    .array(z.object({ startsAt: z.iso.datetime({ offset: true }) }), SCHEDULING_TEXTS.candidates)
    .min(1, SCHEDULING_TEXTS.candidates)
    .max(20, SCHEDULING_TEXTS.candidates)
    .refine((c) => new Set(c.map((x) => Date.parse(x.startsAt))).size === c.length, SCHEDULING_TEXTS.candidateDuplicate),
  location: Location,
  meetingLink: MeetingLink,
  note: z.string().trim().max(1000).optional(),
  /** Hours the mediator has to confirm a proposal before it stands. */
  confirmWithinHours: z.number().int().min(1).max(168).default(48),
  /** Set to move this scheduled session (a reschedule); absent for a new session. */
  sessionId: z.string().uuid().optional(),
});
export type PollInput = z.infer<typeof PollInputSchema>;

export const PollAnswersInputSchema = z.object({
  answers: z
    .array(z.object({ candidateId: z.string(), attendeeId: z.string(), answer: z.enum(POLL_ANSWERS, 'Answer yes, if need be, or no') }))
    .min(1)
    .max(400),
});
export const ConfirmInputSchema = z.object({ candidateId: z.string() });
export const ReasonInputSchema = z.object({
  reason: z.string(SCHEDULING_TEXTS.reason).trim().min(1, SCHEDULING_TEXTS.reason).max(500, SCHEDULING_TEXTS.reason),
});

const AttendeeDtoSchema = z.object({
  id: z.string(),
  side: z.enum(CASE_SIDES),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  required: z.boolean(),
  isCounsel: z.boolean(),
});
const CandidateDtoSchema = z.object({
  id: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  answers: z
    .array(z.object({ attendeeId: z.string(), answer: z.enum(POLL_ANSWERS) }))
    .describe('The answers the viewer may see: their own side’s; the mediator and admins see all'),
  everyoneRequiredCanMake: z.boolean().nullable().describe('Mediator and admins only (null for counsel: it would tell the other side’s answers)'),
});
const PollDtoSchema = z.object({
  id: z.string(),
  status: z.enum(POLL_STATUSES),
  sessionId: z.string().nullable(),
  durationMinutes: z.number().int(),
  location: z.string().nullable(),
  meetingLink: z.string().nullable(),
  note: z.string().nullable(),
  openedBy: z.string(),
  createdAt: z.iso.datetime(),
  candidates: z.array(CandidateDtoSchema),
  proposedCandidateId: z.string().nullable(),
  autoConfirmAt: z.iso.datetime().nullable(),
  confirmedCandidateId: z.string().nullable(),
  myAnswersComplete: z.boolean().describe('Whether every attendee of the viewer’s side answered every candidate'),
  sidesAnswered: z.object({ first: z.boolean(), second: z.boolean().nullable() }),
});
const SessionEventDtoSchema = z.object({
  kind: z.enum(SESSION_EVENT_KINDS),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  previousStartsAt: z.iso.datetime().nullable(),
  sequence: z.number().int(),
  by: z.string().nullable(),
  reason: z.string().nullable(),
  late: z.boolean(),
  at: z.iso.datetime(),
});
export const SessionDtoSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  caseName: z.string(),
  status: z.enum(SESSION_STATUSES),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  timeZone: z.string().describe("The organizer's (mediator's) zone"),
  location: z.string().nullable(),
  meetingLink: z.string().nullable(),
  sequence: z.number().int(),
  lateCancellation: z.boolean(),
  cancelReason: z.string().nullable(),
  lastFreeCancellation: z.iso.datetime().describe('After this instant a cancellation is late'),
  history: z.array(SessionEventDtoSchema),
});
export type SessionDto = z.infer<typeof SessionDtoSchema>;

/** GET /api/requests/{id}/scheduling: what the request page's Session card shows the viewer. */
export const SchedulingDtoSchema = z.object({
  viewerTimeZone: z.string().nullable(),
  mediatorTimeZone: z.string().nullable(),
  sessionMinutes: z.number().int(),
  cancellationWindowHours: z.number().int(),
  meetingLink: z.string().nullable(),
  canOpenPoll: z.boolean(),
  canConfirm: z.boolean(),
  attendees: z.array(AttendeeDtoSchema).describe("The viewer's side's attendees; the mediator and admins see both sides'"),
  poll: PollDtoSchema.nullable(),
  sessions: z.array(SessionDtoSchema),
});
export type SchedulingDto = z.infer<typeof SchedulingDtoSchema>;

export const UpcomingSessionsSchema = z.object({ sessions: z.array(SessionDtoSchema.omit({ history: true })) });
/** The private feed: its URL is shown once, when made (only its hash is kept). */
export const CalendarFeedDtoSchema = z.object({
  active: z.boolean(),
  createdAt: z.iso.datetime().nullable(),
  url: z.string().nullable().describe('Only in the answer that made it'),
});

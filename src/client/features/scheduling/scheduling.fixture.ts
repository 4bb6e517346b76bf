import type { SchedulingDto, SessionDto } from '../../../common/schemas/scheduling';

// A matched two-sided case's scheduling, as the API answers it, for the Session card's tests. Times are years ahead so
// that they stay "to come"; the viewer reads them in New York (EDT in March 2030, from the 10th).

export const REQUEST_ID = '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
export const POLL_ID = 'a1000000-0000-4000-8000-000000000001';
export const ZONE = 'America/New_York';

export const attendees = {
  firstCounsel: { id: 'at-1', side: 'first', name: 'Lena Lawyer', email: 'lena@example.com', role: 'Counsel', required: true, isCounsel: true },
  client: { id: 'at-2', side: 'first', name: 'Carl Client', email: 'carl@example.com', role: 'Client', required: true, isCounsel: false },
  insurer: { id: 'at-3', side: 'first', name: 'Ida Insurer', email: 'ida@example.com', role: 'Insurer’s representative', required: false, isCounsel: false },
  secondCounsel: { id: 'at-4', side: 'second', name: 'Olivia Opponent', email: 'olivia@example.com', role: 'Counsel', required: true, isCounsel: true },
} satisfies Record<string, SchedulingDto['attendees'][number]>;

type Poll = NonNullable<SchedulingDto['poll']>;
type Candidate = Poll['candidates'][number];

const candidate = (id: string, startsAt: string, endsAt: string, over: Partial<Candidate> = {}): Candidate => ({
  id,
  startsAt,
  endsAt,
  answers: [],
  everyoneRequiredCanMake: null,
  ...over,
});

/** Tue, Mar 12, 2030, 10:00 AM – 2:00 PM EDT and Wed, Mar 13, 2030, 9:00 AM – 1:00 PM EDT. */
export const candidates = {
  tuesday: candidate('c-1', '2030-03-12T14:00:00.000Z', '2030-03-12T18:00:00.000Z'),
  wednesday: candidate('c-2', '2030-03-13T13:00:00.000Z', '2030-03-13T17:00:00.000Z'),
};

export const poll = (over: Partial<Poll> = {}): Poll => ({
  id: POLL_ID,
  status: 'open',
  sessionId: null,
  durationMinutes: 240,
  location: null,
  meetingLink: null,
  note: null,
  openedBy: 'Lena Lawyer',
  createdAt: '2030-03-01T15:00:00.000Z',
  candidates: [candidates.wednesday, candidates.tuesday],
  proposedCandidateId: null,
  autoConfirmAt: null,
  confirmedCandidateId: null,
  myAnswersComplete: false,
  sidesAnswered: { first: false, second: false },
  ...over,
});

export const session = (over: Partial<SessionDto> = {}): SessionDto => ({
  id: 'b1000000-0000-4000-8000-000000000001',
  requestId: REQUEST_ID,
  caseName: 'Doe v. Roe',
  status: 'scheduled',
  startsAt: '2030-03-12T14:00:00.000Z',
  endsAt: '2030-03-12T18:00:00.000Z',
  timeZone: 'America/Chicago',
  location: '12 Court Street, Room 4',
  meetingLink: 'https://meet.example.com/doe-roe',
  sequence: 0,
  lateCancellation: false,
  cancelReason: null,
  lastFreeCancellation: '2030-03-10T14:00:00.000Z',
  history: [
    {
      kind: 'scheduled',
      startsAt: '2030-03-12T14:00:00.000Z',
      endsAt: '2030-03-12T18:00:00.000Z',
      previousStartsAt: null,
      sequence: 0,
      by: 'Max Mediator',
      reason: null,
      late: false,
      at: '2030-03-02T15:00:00.000Z',
    },
  ],
  ...over,
});

export const scheduling = (over: Partial<SchedulingDto> = {}): SchedulingDto => ({
  viewerTimeZone: ZONE,
  mediatorTimeZone: 'America/Chicago',
  sessionMinutes: 240,
  cancellationWindowHours: 48,
  meetingLink: 'https://meet.example.com/max',
  canOpenPoll: false,
  canConfirm: false,
  attendees: [attendees.firstCounsel, attendees.client, attendees.insurer],
  poll: null,
  sessions: [],
  ...over,
});

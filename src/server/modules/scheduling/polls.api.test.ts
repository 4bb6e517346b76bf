import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpLawyer } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { recordedJobs, runDueJobs } from '../../../../tests/helpers/jobs';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { call, createLiveRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import { DEFAULT_WEEKLY_HOURS } from '../../../common/domain/scheduling';
import type { SchedulingDto } from '../../../common/schemas/scheduling';

// Issue 25 (decision 054): a two-sided case's date poll from the candidates to the confirmed session, its move and
// its cancellation, with the calendar files, the reminders and the privacy of each side's answers. The test clock
// starts on Mon 2026-03-02 15:00 UTC; New York moves to daylight time on Sun 2026-03-08.
const NY = 'America/New_York';

/** The event of a calendar file, read back by an independent parser (Mozilla's ical.js). */
function parseEvent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    status: calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('status'),
    attendees: event.attendees.map((a) =>
      String(a.getFirstValue())
        .replace(/^mailto:/i, '')
        .toLowerCase(),
    ),
  };
}

describe.each(backends)('scheduling the session on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function twoSidedMatched() {
    const matched = await createMatchedRequest(t);
    const opposing = await inviteAndJoin(t, matched.lawyer.cookie, matched.id);
    // The mediator works 9 to 5 New York time; counsel read times in their own zones.
    expect(
      (
        await call(t, 'PUT', '/api/availability', matched.mediator.cookie, {
          timeZone: NY,
          weekly: DEFAULT_WEEKLY_HOURS,
          sessionMinutes: 240,
          cancellationWindowHours: 72,
          meetingLink: 'https://meet.example.com/mediator',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(t, 'PUT', '/api/profile/time-zone', matched.lawyer.cookie, { timeZone: 'Europe/London' })).json()).toEqual({
      timeZone: 'Europe/London',
    });
    // A browser may report a zone by its old name: it is saved by the current one.
    expect((await call(t, 'PUT', '/api/profile/time-zone', opposing.cookie, { timeZone: 'Asia/Calcutta' })).json()).toEqual({ timeZone: 'Asia/Kolkata' });
    return { ...matched, opposing };
  }

  const view = async (id: string, cookie: string) => {
    const res = await call(t, 'GET', `/api/requests/${id}/scheduling`, cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as SchedulingDto;
  };

  /** Every attendee of the viewer's side answers each candidate from `answer(candidateIndex)`. */
  async function answerAll(id: string, cookie: string, answer: (i: number) => 'yes' | 'if_need_be' | 'no') {
    const v = await view(id, cookie);
    const answers = v.poll!.candidates.flatMap((c, i) => v.attendees.map((a) => ({ candidateId: c.id, attendeeId: a.id, answer: answer(i) })));
    return call(t, 'PUT', `/api/requests/${id}/polls/${v.poll!.id}/answers`, cookie, { answers });
  }

  it('draws slots from availability, keeps each side’s answers private, proposes, confirms and invites with a calendar file', async () => {
    const c = await twoSidedMatched();
    // Half days from Tue 03-10 (after the change to daylight time): 09:00 and 13:00 EDT are 13:00Z and 17:00Z.
    const slots = await call(t, 'GET', `/api/requests/${c.id}/poll-slots?fromDate=2026-03-10&toDate=2026-03-11`, c.mediator.cookie);
    expect(slots.json()).toEqual({
      minutes: 240,
      timeZone: NY,
      slots: [
        { startsAt: '2026-03-10T13:00:00.000Z', endsAt: '2026-03-10T17:00:00.000Z' },
        { startsAt: '2026-03-10T17:00:00.000Z', endsAt: '2026-03-10T21:00:00.000Z' },
        { startsAt: '2026-03-11T13:00:00.000Z', endsAt: '2026-03-11T17:00:00.000Z' },
        { startsAt: '2026-03-11T17:00:00.000Z', endsAt: '2026-03-11T21:00:00.000Z' },
      ],
    });
    const opened = await call(t, 'POST', `/api/requests/${c.id}/polls`, c.mediator.cookie, {
      durationMinutes: 240,
      candidates: slots.json().slots.map((s: { startsAt: string }) => ({ startsAt: s.startsAt })),
    });
    expect(opened.statusCode).toBe(200);
    await runDueJobs(t, (name) => name === 'notification.email');
    expect(t.mailer.sent.some((m) => m.to === c.opposing.email && /Choose dates/.test(m.subject))).toBe(true);

    // The first side names its client as a required attendee.
    const client = { name: 'Carla Client', email: 'carla.client@example.com', role: 'Client', required: true };
    expect((await call(t, 'POST', `/api/requests/${c.id}/attendees`, c.lawyer.cookie, client)).statusCode).toBe(200);
    const first = await view(c.id, c.lawyer.cookie);
    expect(first.attendees.map((a) => [a.side, a.role])).toEqual([
      ['first', 'Counsel'],
      ['first', 'Client'],
    ]);

    // The first side cannot make the first slot; the second side can make only the if-need-be third and the fourth.
    expect((await answerAll(c.id, c.lawyer.cookie, (i) => (i === 0 ? 'no' : 'yes'))).statusCode).toBe(200);
    expect((await view(c.id, c.mediator.cookie)).poll!.status).toBe('open');
    expect((await answerAll(c.id, c.opposing.cookie, (i) => (i < 2 ? 'no' : i === 2 ? 'if_need_be' : 'yes'))).statusCode).toBe(200);

    // Counsel read their own side's answers only; the mediator reads all.
    const second = await view(c.id, c.opposing.cookie);
    expect(second.attendees.every((a) => a.side === 'second')).toBe(true);
    const ownIds = new Set(second.attendees.map((a) => a.id));
    expect(second.poll!.candidates.flatMap((x) => x.answers).every((a) => ownIds.has(a.attendeeId))).toBe(true);
    expect(second.poll!.candidates.every((x) => x.everyoneRequiredCanMake === null)).toBe(true);
    const mediatorView = await view(c.id, c.mediator.cookie);
    expect(mediatorView.attendees).toHaveLength(3);
    expect(mediatorView.poll!.candidates.map((x) => x.everyoneRequiredCanMake)).toEqual([false, false, true, true]);

    // The earliest time everyone required can make is proposed: Wed 09:00 EDT.
    expect(mediatorView.poll!.status).toBe('proposed');
    const proposed = mediatorView.poll!.candidates.find((x) => x.id === mediatorView.poll!.proposedCandidateId)!;
    expect(proposed.startsAt).toBe('2026-03-11T13:00:00.000Z');

    // The mediator cannot confirm a time someone required cannot make; then confirms the proposal.
    const noGood = mediatorView.poll!.candidates[0].id;
    expect((await call(t, 'POST', `/api/requests/${c.id}/polls/${mediatorView.poll!.id}/confirm`, c.mediator.cookie, { candidateId: noGood })).statusCode).toBe(
      409,
    );
    const before = t.mailer.sent.length;
    const confirmed = await call(t, 'POST', `/api/requests/${c.id}/polls/${mediatorView.poll!.id}/confirm`, c.mediator.cookie, { candidateId: proposed.id });
    expect(confirmed.statusCode).toBe(200);

    // Every attendee and the mediator get the invite with the calendar file; each reads the time in their own zone.
    const invites = t.mailer.sent.slice(before).filter((m) => m.calendar);
    expect(invites.map((m) => m.to.toLowerCase()).sort()).toEqual(
      [c.lawyer.email, c.mediator.email, c.opposing.email, client.email].map((e) => e.toLowerCase()).sort(),
    );
    expect(invites.find((m) => m.to === c.lawyer.email)!.text).toContain('Wed, Mar 11, 2026, 1:00 PM – 5:00 PM GMT');
    expect(invites.find((m) => m.to === c.opposing.email)!.text).toContain('Wed, Mar 11, 2026, 6:30 PM – 10:30 PM GMT+5:30');
    expect(invites.find((m) => m.to === client.email)!.text).toContain('9:00 AM – 1:00 PM EDT');
    const invite = parseEvent(invites[0].calendar!.content);
    expect(invite).toMatchObject({ method: 'REQUEST', sequence: 0, start: '2026-03-11T13:00:00.000Z', end: '2026-03-11T17:00:00.000Z' });
    expect(invite.attendees).toContain(client.email);

    const scheduled = await view(c.id, c.opposing.cookie);
    expect(scheduled.poll!.status).toBe('confirmed');
    expect(scheduled.sessions).toHaveLength(1);
    expect(scheduled.sessions[0]).toMatchObject({
      status: 'scheduled',
      meetingLink: 'https://meet.example.com/mediator',
      lastFreeCancellation: '2026-03-08T13:00:00.000Z',
    });
    // The page's file is the same event.
    const file = await call(t, 'GET', `/api/requests/${c.id}/sessions/${scheduled.sessions[0].id}/invite.ics`, c.opposing.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    expect(parseEvent(file.body).uid).toBe(invite.uid);

    // Reminders: a week, a day and an hour before, each due at its time.
    expect(recordedJobs(t, 'session.reminder').map((j) => [j.data.kind, j.runAt.toISOString()])).toEqual(
      expect.arrayContaining([
        ['week', '2026-03-04T13:00:00.000Z'],
        ['day', '2026-03-10T13:00:00.000Z'],
        ['hour', '2026-03-11T12:00:00.000Z'],
      ]),
    );

    // Moving it: a new poll for the session, answered and confirmed, keeps the UID and raises the sequence.
    const move = await call(t, 'POST', `/api/requests/${c.id}/polls`, c.lawyer.cookie, {
      durationMinutes: 240,
      sessionId: scheduled.sessions[0].id,
      candidates: [{ startsAt: '2026-03-12T17:00:00.000Z' }],
    });
    expect(move.statusCode).toBe(200);
    await answerAll(c.id, c.lawyer.cookie, () => 'yes');
    await answerAll(c.id, c.opposing.cookie, () => 'yes');
    const movePoll = (await view(c.id, c.mediator.cookie)).poll!;
    const sent = t.mailer.sent.length;
    await call(t, 'POST', `/api/requests/${c.id}/polls/${movePoll.id}/confirm`, c.mediator.cookie, { candidateId: movePoll.candidates[0].id });
    const update = parseEvent(t.mailer.sent.slice(sent).find((m) => m.calendar)!.calendar!.content);
    expect(update).toMatchObject({ method: 'REQUEST', uid: invite.uid, sequence: 1, start: '2026-03-12T17:00:00.000Z' });
    const moved = (await view(c.id, c.lawyer.cookie)).sessions[0];
    expect(moved.history.map((e) => [e.kind, e.previousStartsAt])).toEqual([
      ['scheduled', null],
      ['rescheduled', '2026-03-11T13:00:00.000Z'],
    ]);

    // The old start's reminders send nothing; the new start's week reminder (already past) is not sent late.
    t.clock.set('2026-03-11T12:30:00Z');
    const beforeReminders = t.mailer.sent.length;
    await runDueJobs(t, (name) => name === 'session.reminder');
    const reminders = t.mailer.sent.slice(beforeReminders).filter((m) => /Reminder/.test(m.subject));
    expect(reminders.every((m) => /Mar 12/.test(m.subject))).toBe(true);
    // The day-before reminder says until when a cancellation is not late (72 hours before: already passed).
    expect(reminders.find((m) => m.to === c.lawyer.email)?.text).toContain('A cancellation now counts as a late cancellation.');
    await runDueJobs(t, (name) => name === 'session.reminder');
    expect(t.mailer.sent.length).toBe(beforeReminders + reminders.length); // never twice

    // Cancelling inside the window is late, and every calendar gets the cancellation with the same UID.
    const [lawyer, opposing, mediator] = await Promise.all([c.lawyer.email, c.opposing.email, c.mediator.email].map((e) => signIn(t, e)));
    const beforeCancel = t.mailer.sent.length;
    const cancel = await call(t, 'POST', `/api/requests/${c.id}/sessions/${moved.id}/cancel`, opposing, { reason: 'Client is ill' });
    expect(cancel.statusCode).toBe(200);
    const cancellation = parseEvent(t.mailer.sent.slice(beforeCancel).find((m) => m.calendar)!.calendar!.content);
    expect(cancellation).toMatchObject({ method: 'CANCEL', uid: invite.uid, sequence: 2, status: 'CANCELLED' });
    expect((await view(c.id, mediator)).sessions[0]).toMatchObject({ status: 'cancelled', lateCancellation: true, cancelReason: 'Client is ill' });
    expect((await call(t, 'POST', `/api/requests/${c.id}/sessions/${moved.id}/cancel`, lawyer, { reason: 'again' })).statusCode).toBe(409);
    t.clock.set('2026-03-02T15:00:00Z');
  });

  it('offers no slot at a time the mediator is already booked in another case', async () => {
    const c = await twoSidedMatched();
    const slotsOf = async (id: string) =>
      (await call(t, 'GET', `/api/requests/${id}/poll-slots?fromDate=2026-03-16&toDate=2026-03-16`, c.mediator.cookie))
        .json()
        .slots.map((s: { startsAt: string }) => s.startsAt);
    expect(await slotsOf(c.id)).toEqual(['2026-03-16T13:00:00.000Z', '2026-03-16T17:00:00.000Z']);
    // Another case of the same mediator's, scheduled on the Monday morning.
    const other = await signUpLawyer(t);
    const otherId = await createLiveRequest(t, other.cookie);
    expect((await call(t, 'POST', `/api/requests/${otherId}/accept`, c.mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${otherId}/select-mediator/${c.mediator.user.id}`, other.cookie)).statusCode).toBe(200);
    await call(t, 'POST', `/api/requests/${otherId}/polls`, c.mediator.cookie, { durationMinutes: 120, candidates: [{ startsAt: '2026-03-16T15:00:00Z' }] });
    await answerAll(otherId, other.cookie, () => 'yes');
    const poll = (await view(otherId, c.mediator.cookie)).poll!;
    expect(
      (await call(t, 'POST', `/api/requests/${otherId}/polls/${poll.id}/confirm`, c.mediator.cookie, { candidateId: poll.candidates[0].id })).statusCode,
    ).toBe(200);
    expect(await slotsOf(c.id)).toEqual(['2026-03-16T17:00:00.000Z']); // 09:00–13:00 EDT overlaps 11:00–13:00
  });

  it('refuses bad answers whole: another side’s attendee, a time outside the poll, a closed poll; and outsiders', async () => {
    const c = await twoSidedMatched();
    await call(t, 'POST', `/api/requests/${c.id}/polls`, c.lawyer.cookie, { durationMinutes: 120, candidates: [{ startsAt: '2026-03-20T14:00:00Z' }] });
    const own = await view(c.id, c.lawyer.cookie);
    const theirs = await view(c.id, c.opposing.cookie);
    const poll = own.poll!;
    const url = `/api/requests/${c.id}/polls/${poll.id}/answers`;
    const candidateId = poll.candidates[0].id;
    const mine = { candidateId, attendeeId: own.attendees[0].id, answer: 'yes' };
    expect((await call(t, 'PUT', url, c.lawyer.cookie, { answers: [mine, { ...mine, attendeeId: theirs.attendees[0].id }] })).statusCode).toBe(403);
    expect((await call(t, 'PUT', url, c.lawyer.cookie, { answers: [mine, { ...mine, candidateId: theirs.attendees[0].id }] })).statusCode).toBe(400);
    expect((await call(t, 'PUT', url, c.lawyer.cookie, { answers: [{ ...mine, answer: 'maybe' }] })).statusCode).toBe(400);
    expect((await view(c.id, c.lawyer.cookie)).poll!.candidates[0].answers).toEqual([]); // nothing written
    // The mediator does not answer for a side; another lawyer does not see the case at all.
    expect((await call(t, 'PUT', url, c.mediator.cookie, { answers: [mine] })).statusCode).toBe(403);
    const stranger = await signUpLawyer(t);
    expect((await call(t, 'GET', `/api/requests/${c.id}/scheduling`, stranger.cookie)).statusCode).toBe(404);
    // A second poll while one is open; a candidate in the past.
    expect(
      (await call(t, 'POST', `/api/requests/${c.id}/polls`, c.mediator.cookie, { durationMinutes: 120, candidates: [{ startsAt: '2026-03-21T14:00:00Z' }] }))
        .statusCode,
    ).toBe(409);
    // Closed: answers refused, nothing changed.
    expect((await call(t, 'POST', `/api/requests/${c.id}/polls/${poll.id}/close`, c.mediator.cookie)).statusCode).toBe(200);
    expect((await call(t, 'PUT', url, c.lawyer.cookie, { answers: [mine] })).statusCode).toBe(409);
    const past = await call(t, 'POST', `/api/requests/${c.id}/polls`, c.mediator.cookie, {
      durationMinutes: 120,
      candidates: [{ startsAt: '2026-03-01T14:00:00Z' }],
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldErrors).toEqual({ candidates: 'Every candidate must be in the future' });
  });

  it('on a one-sided case the first side alone decides; a second side joining waits for its answers too', async () => {
    const c = await createMatchedRequest(t);
    await call(t, 'POST', `/api/requests/${c.id}/polls`, c.lawyer.cookie, { durationMinutes: 180, candidates: [{ startsAt: '2026-03-26T14:00:00Z' }] });
    expect((await answerAll(c.id, c.lawyer.cookie, () => 'yes')).statusCode).toBe(200);
    expect((await view(c.id, c.mediator.cookie)).poll!.status).toBe('proposed');
    const opposing = await inviteAndJoin(t, c.lawyer.cookie, c.id);
    const joined = await view(c.id, opposing.cookie);
    expect(joined.attendees.map((a) => [a.side, a.isCounsel])).toEqual([['second', true]]);
    expect(joined.poll!.status).toBe('open');
    await answerAll(c.id, opposing.cookie, () => 'no');
    expect((await view(c.id, c.mediator.cookie)).poll!.status).toBe('no_date');
  });

  it('a private calendar feed lists the caller’s sessions, cancelled ones marked; a new URL revokes the old, and off means off', async () => {
    const c = await twoSidedMatched();
    await call(t, 'POST', `/api/requests/${c.id}/polls`, c.mediator.cookie, { durationMinutes: 120, candidates: [{ startsAt: '2026-03-27T14:00:00Z' }] });
    await answerAll(c.id, c.lawyer.cookie, () => 'yes');
    await answerAll(c.id, c.opposing.cookie, () => 'yes');
    const poll = (await view(c.id, c.mediator.cookie)).poll!;
    await call(t, 'POST', `/api/requests/${c.id}/polls/${poll.id}/confirm`, c.mediator.cookie, { candidateId: poll.candidates[0].id });
    expect((await call(t, 'GET', '/api/calendar-feed', c.opposing.cookie)).json()).toEqual({ active: false, createdAt: null, url: null });
    const made = (await call(t, 'POST', '/api/calendar-feed', c.opposing.cookie)).json();
    expect(made).toMatchObject({ active: true, url: expect.stringMatching(/^http:\/\/localhost:3000\/api\/calendar\/[\w-]+\.ics$/) });
    expect((await call(t, 'GET', '/api/calendar-feed', c.opposing.cookie)).json()).toMatchObject({ active: true, url: null }); // shown once
    const path = new URL(made.url).pathname;
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const events = new ICAL.Component(ICAL.parse(feed.body)).getAllSubcomponents('vevent');
    expect(events.map((e) => [e.getFirstPropertyValue('summary'), e.getFirstPropertyValue('status')])).toEqual([
      [expect.stringMatching(/^Mediation: /), 'CONFIRMED'],
    ]);

    const session = (await view(c.id, c.lawyer.cookie)).sessions[0];
    await call(t, 'POST', `/api/requests/${c.id}/sessions/${session.id}/cancel`, c.lawyer.cookie, { reason: 'Settled' });
    const after = new ICAL.Component(ICAL.parse((await t.app.inject({ method: 'GET', url: path })).body)).getAllSubcomponents('vevent');
    expect(after.map((e) => e.getFirstPropertyValue('status'))).toEqual(['CANCELLED']);

    const replaced = (await call(t, 'POST', '/api/calendar-feed', c.opposing.cookie)).json();
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(replaced.url).pathname })).statusCode).toBe(200);
    await call(t, 'DELETE', '/api/calendar-feed', c.opposing.cookie);
    expect((await t.app.inject({ method: 'GET', url: new URL(replaced.url).pathname })).statusCode).toBe(404);
  });

  it('lets a proposal stand when the mediator stays silent, once', async () => {
    const c = await twoSidedMatched();
    await call(t, 'POST', `/api/requests/${c.id}/polls`, c.mediator.cookie, {
      durationMinutes: 120,
      confirmWithinHours: 24,
      candidates: [{ startsAt: '2026-03-25T14:00:00Z' }],
    });
    await answerAll(c.id, c.lawyer.cookie, () => 'yes');
    await answerAll(c.id, c.opposing.cookie, () => 'if_need_be');
    expect((await view(c.id, c.mediator.cookie)).poll!.status).toBe('proposed');
    t.clock.advance(23 * 3600_000);
    await runDueJobs(t, (name) => name === 'poll.auto-confirm');
    expect((await view(c.id, c.mediator.cookie)).sessions).toHaveLength(0);
    t.clock.advance(2 * 3600_000);
    await runDueJobs(t, (name) => name === 'poll.auto-confirm');
    const v = await view(c.id, c.lawyer.cookie);
    expect(v.poll!.status).toBe('confirmed');
    expect(v.sessions.map((s) => [s.startsAt, s.history[0].by])).toEqual([['2026-03-25T14:00:00.000Z', null]]);
    t.clock.set('2026-03-02T15:00:00Z');
  });
});

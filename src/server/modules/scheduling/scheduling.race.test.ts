import { expect, it } from 'vitest';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import type { TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import type { SchedulingDto } from '../../../common/schemas/scheduling';

// Issue 25 (decision 054) on the PostgreSQL server: two confirmations at once, and confirming a move while the session
// is cancelled, each six times over. One outcome each time, never 5xx, the history and the sequence agree with it,
// and each outcome's calendar e-mails go out once (four recipients: the mediator, both counsel, one client).

describeOnPostgres('scheduling.race.test.ts', 'scheduling races on postgres', () => {
  let t: TestApp;
  startRaceApp((app) => ({ t } = app));

  async function answeredPoll(candidates: string[], sessionId?: string) {
    const c = await createMatchedRequest(t);
    const opposing = await inviteAndJoin(t, c.lawyer.cookie, c.id);
    await call(t, 'POST', `/api/requests/${c.id}/attendees`, c.lawyer.cookie, { name: 'Cy Client', email: `cy.${c.id}@example.com`, role: 'Client' });
    const open = (body: Record<string, unknown>) => call(t, 'POST', `/api/requests/${c.id}/polls`, c.mediator.cookie, { durationMinutes: 120, ...body });
    const answerAll = async () => {
      for (const cookie of [c.lawyer.cookie, opposing.cookie]) {
        const v = (await call(t, 'GET', `/api/requests/${c.id}/scheduling`, cookie)).json() as SchedulingDto;
        const answers = v.poll!.candidates.flatMap((x) => v.attendees.map((a) => ({ candidateId: x.id, attendeeId: a.id, answer: 'yes' })));
        expect((await call(t, 'PUT', `/api/requests/${c.id}/polls/${v.poll!.id}/answers`, cookie, { answers })).statusCode).toBe(200);
      }
    };
    expect((await open({ candidates: candidates.map((startsAt) => ({ startsAt })), sessionId })).statusCode).toBe(200);
    await answerAll();
    const view = async () => (await call(t, 'GET', `/api/requests/${c.id}/scheduling`, c.mediator.cookie)).json() as SchedulingDto;
    return { ...c, opposing, open, answerAll, view };
  }

  // The console mailer keeps its last 200 messages: a count would shift, so the last message sent is the mark.
  const mark = () => t.mailer.sent.at(-1);
  const calendarMails = (after: ReturnType<typeof mark>) => t.mailer.sent.slice(t.mailer.sent.indexOf(after!) + 1).filter((m) => m.calendar);

  it('two confirmations at once: one session, one set of invites', async () => {
    for (let round = 0; round < 6; round++) {
      const c = await answeredPoll(['2026-04-06T14:00:00Z', '2026-04-07T14:00:00Z']);
      const poll = (await c.view()).poll!;
      const sent = mark();
      const answers = await Promise.all(
        poll.candidates.map((x) => call(t, 'POST', `/api/requests/${c.id}/polls/${poll.id}/confirm`, c.mediator.cookie, { candidateId: x.id })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const after = await c.view();
      expect(after.sessions).toHaveLength(1);
      expect(after.sessions[0].history.map((e) => e.kind)).toEqual(['scheduled']);
      const won = poll.candidates[answers.findIndex((a) => a.statusCode === 200)];
      expect(after.sessions[0].startsAt).toBe(won.startsAt);
      expect(calendarMails(sent)).toHaveLength(4);
    }
  });

  it('confirming a move while the session is cancelled: moved then cancelled, or cancelled and the move refused', async () => {
    for (let round = 0; round < 6; round++) {
      const c = await answeredPoll(['2026-04-13T14:00:00Z']);
      const first = (await c.view()).poll!;
      expect(
        (await call(t, 'POST', `/api/requests/${c.id}/polls/${first.id}/confirm`, c.mediator.cookie, { candidateId: first.candidates[0].id })).statusCode,
      ).toBe(200);
      const session = (await c.view()).sessions[0];
      expect((await c.open({ candidates: [{ startsAt: '2026-04-14T14:00:00Z' }], sessionId: session.id })).statusCode).toBe(200);
      await c.answerAll();
      const move = (await c.view()).poll!;
      const sent = mark();
      const [confirmed, cancelled] = await Promise.all([
        call(t, 'POST', `/api/requests/${c.id}/polls/${move.id}/confirm`, c.mediator.cookie, { candidateId: move.candidates[0].id }),
        call(t, 'POST', `/api/requests/${c.id}/sessions/${session.id}/cancel`, c.opposing.cookie, { reason: 'Settled directly' }),
      ]);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect([200, 409]).toContain(confirmed.statusCode);
      const after = (await c.view()).sessions[0];
      expect(after.status).toBe('cancelled');
      const kinds = after.history.map((e) => e.kind);
      expect(kinds).toEqual(confirmed.statusCode === 200 ? ['scheduled', 'rescheduled', 'cancelled'] : ['scheduled', 'cancelled']);
      // The sequence counts the changes the calendars saw; each change's e-mails went out once.
      expect(after.sequence).toBe(kinds.length - 1);
      expect(calendarMails(sent)).toHaveLength(4 * (kinds.length - 1));
      expect(calendarMails(sent).at(-1)!.calendar!.method).toBe('CANCEL');
    }
  });
  it('the same counsel’s own two actions at once, six times over: two answer saves both land; two cancels cancel once', async () => {
    for (let round = 0; round < 6; round++) {
      const c = await answeredPoll(['2026-04-20T14:00:00Z']);
      const v = (await call(t, 'GET', `/api/requests/${c.id}/scheduling`, c.lawyer.cookie)).json() as SchedulingDto;
      const answers = (answer: string) => ({ answers: v.attendees.map((a) => ({ candidateId: v.poll!.candidates[0].id, attendeeId: a.id, answer })) });
      const saves = await Promise.all(
        ['yes', 'if_need_be'].map((a) => call(t, 'PUT', `/api/requests/${c.id}/polls/${v.poll!.id}/answers`, c.lawyer.cookie, answers(a))),
      );
      expect(saves.map((r) => r.statusCode)).toEqual([200, 200]);
      const poll = (await c.view()).poll!;
      expect(poll.status).toBe('proposed'); // either answer can make it: one proposal, whichever saved last
      expect(
        (await call(t, 'POST', `/api/requests/${c.id}/polls/${poll.id}/confirm`, c.mediator.cookie, { candidateId: poll.candidates[0].id })).statusCode,
      ).toBe(200);
      const session = (await c.view()).sessions[0];
      const sent = mark();
      const cancels = await Promise.all(
        [1, 2].map(() => call(t, 'POST', `/api/requests/${c.id}/sessions/${session.id}/cancel`, c.lawyer.cookie, { reason: 'Settled' })),
      );
      expect(cancels.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await c.view()).sessions[0].history.map((e) => e.kind)).toEqual(['scheduled', 'cancelled']);
      expect(calendarMails(sent)).toHaveLength(4);
    }
  });
});

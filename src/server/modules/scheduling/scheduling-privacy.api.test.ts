import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import type { SchedulingDto } from '../../../common/schemas/scheduling';
import { ensureAdmin } from '../users/accounts.service';

// Issue 25 (decision 054): the privacy of a date poll's answers as a table of routes × actors on a matched two-sided
// case whose poll both sides answered. Counsel read and write their own side's attendees and answers only; the
// mediator and admins read both sides' (admins write nothing); a mediator passed over sees the request but takes no
// part (403); outsiders do not see it (404). Each refused write changes nothing.

const ACTORS = ['first', 'second', 'selected', 'passedOver', 'admin', 'outsider'] as const;
type Actor = (typeof ACTORS)[number];
const all = (status: number, except: Partial<Record<Actor, number>> = {}): Record<Actor, number> =>
  Object.fromEntries(ACTORS.map((a) => [a, except[a] ?? status])) as Record<Actor, number>;

describe.each(backends)('date poll privacy: route × actor on %s', (backend) => {
  let t: TestApp;
  const cookies = {} as Record<Actor, string>;
  let id: string;
  let mediatorView: SchedulingDto;
  const attendeeOf = (side: 'first' | 'second') => mediatorView.attendees.find((a) => a.side === side)!.id;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, 'privacy.admin@example.com', PASSWORD);
    cookies.admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'privacy.admin@example.com', password: PASSWORD }));
    const first = await signUpLawyer(t);
    const outsider = await signUpLawyer(t);
    const [selected, passedOver] = [await signUpMediator(t), await signUpMediator(t)];
    for (const m of [selected, passedOver]) await setTier(t, m.user.id, 'pro');
    id = await createLiveRequest(t, first.cookie);
    for (const m of [selected, passedOver])
      expect((await call(t, 'POST', `/api/requests/${id}/accept`, m.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${selected.user.id}`, first.cookie)).statusCode).toBe(200);
    const second = await inviteAndJoin(t, first.cookie, id);
    Object.assign(cookies, { first: first.cookie, second: second.cookie, selected: selected.cookie, passedOver: passedOver.cookie, outsider: outsider.cookie });

    const opened = await call(t, 'POST', `/api/requests/${id}/polls`, selected.cookie, {
      durationMinutes: 240,
      candidates: [{ startsAt: '2026-03-16T14:00:00Z' }, { startsAt: '2026-03-17T14:00:00Z' }],
    });
    expect(opened.statusCode).toBe(200);
    await call(t, 'POST', `/api/requests/${id}/attendees`, first.cookie, { name: 'Fay Client', email: 'fay@example.com', role: 'Client', required: false });
    for (const [side, answer] of [
      ['first', 'yes'],
      ['second', 'no'],
    ] as const) {
      const own = (await call(t, 'GET', `/api/requests/${id}/scheduling`, cookies[side])).json() as SchedulingDto;
      const answers = own.poll!.candidates.flatMap((c) => own.attendees.map((a) => ({ candidateId: c.id, attendeeId: a.id, answer })));
      expect((await call(t, 'PUT', `/api/requests/${id}/polls/${own.poll!.id}/answers`, cookies[side], { answers })).statusCode).toBe(200);
    }
    mediatorView = (await call(t, 'GET', `/api/requests/${id}/scheduling`, selected.cookie)).json() as SchedulingDto;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** What each actor reads of the poll: the sides of the attendees and of the answers it is shown. */
  const READS: Record<Actor, { status: number; attendeeSides?: string[]; answers?: string[] }> = {
    first: { status: 200, attendeeSides: ['first', 'first'], answers: ['yes'] },
    second: { status: 200, attendeeSides: ['second'], answers: ['no'] },
    selected: { status: 200, attendeeSides: ['first', 'first', 'second'], answers: ['no', 'yes'] },
    admin: { status: 200, attendeeSides: ['first', 'first', 'second'], answers: ['no', 'yes'] },
    passedOver: { status: 403 },
    outsider: { status: 404 },
  };

  it.each(ACTORS)('GET scheduling as %s shows only what that seat may read', async (actor) => {
    const res = await call(t, 'GET', `/api/requests/${id}/scheduling`, cookies[actor]);
    const expected = READS[actor];
    expect(res.statusCode).toBe(expected.status);
    if (res.statusCode !== 200) {
      expect(res.body).not.toMatch(/"answer"/);
      return;
    }
    const view = res.json() as SchedulingDto;
    expect(view.attendees.map((a) => a.side).sort()).toEqual(expected.attendeeSides);
    expect([...new Set(view.poll!.candidates.flatMap((c) => c.answers.map((a) => a.answer)))].sort()).toEqual(expected.answers);
    // Whether everyone can make a time would tell counsel the other side's answers: shown to the mediator and admins only.
    const seesAll = actor === 'selected' || actor === 'admin';
    expect(view.poll!.candidates.map((c) => c.everyoneRequiredCanMake)).toEqual(seesAll ? [false, false] : [null, null]);
    // Whether each side has finished is no answer: everyone taking part reads it.
    expect(view.poll!.sidesAnswered).toEqual({ first: true, second: true });
  });

  type Row = [label: string, method: 'PUT' | 'POST' | 'DELETE', url: () => string, body: () => unknown, expected: Record<Actor, number>];
  const answersUrl = () => `/api/requests/${id}/polls/${mediatorView.poll!.id}/answers`;
  const answerFor = (side: 'first' | 'second') => () => ({
    answers: [{ candidateId: mediatorView.poll!.candidates[0].id, attendeeId: attendeeOf(side), answer: 'if_need_be' }],
  });
  const rows: Row[] = [
    ['answer for the first side’s counsel', 'PUT', answersUrl, answerFor('first'), all(403, { first: 200, outsider: 404 })],
    ['answer for the second side’s counsel', 'PUT', answersUrl, answerFor('second'), all(403, { second: 200, outsider: 404 })],
    [
      'name an attendee',
      'POST',
      () => `/api/requests/${id}/attendees`,
      () => ({ name: 'Ina Insurer', email: `ina.${Math.random()}@example.com`, role: 'Insurer', required: false }),
      all(403, { first: 200, second: 200, outsider: 404 }),
    ],
    [
      'remove the other side’s counsel',
      'DELETE',
      () => `/api/requests/${id}/attendees/${attendeeOf('second')}`,
      () => undefined,
      all(403, { first: 404, second: 404, outsider: 404 }),
    ],
    [
      'confirm a time the second side cannot make',
      'POST',
      () => `/api/requests/${id}/polls/${mediatorView.poll!.id}/confirm`,
      () => ({ candidateId: mediatorView.poll!.candidates[1].id }),
      all(403, { selected: 409, outsider: 404 }),
    ],
    [
      'draw slots',
      'GET' as 'PUT',
      () => `/api/requests/${id}/poll-slots?fromDate=2026-03-16&toDate=2026-03-20`,
      () => undefined,
      all(403, { first: 200, selected: 200, outsider: 404 }),
    ],
  ];

  it.each(rows)('%s', async (_label, method, url, body, expected) => {
    const got: Record<string, number> = {};
    for (const actor of ACTORS) {
      const before = JSON.stringify((await call(t, 'GET', `/api/requests/${id}/scheduling`, cookies.selected)).json().poll);
      const res = await call(t, method, url(), cookies[actor], body());
      got[actor] = res.statusCode;
      if (res.statusCode >= 400) {
        const after = JSON.stringify((await call(t, 'GET', `/api/requests/${id}/scheduling`, cookies.selected)).json().poll);
        expect(after, `${actor}: a refused call changed the poll`).toBe(before);
      }
    }
    expect(got).toEqual(expected);
  });
});

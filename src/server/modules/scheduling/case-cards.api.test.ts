import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import { personName } from '../../../common/domain/account';
import { everyoneRequiredCanMake, DEFAULT_WEEKLY_HOURS } from '../../../common/domain/scheduling';
import type { CaseSide } from '../../../common/enums';
import type { SchedulingDto } from '../../../common/schemas/scheduling';
import type { CaseSigning, TermSheetContentInput } from '../../../common/schemas/signing';
import { users } from '../../db/schema';
import type { SessionUser } from '../../plugins/session';
import { signingSeat } from '../signing/signing-access';
import { envelopeDto } from '../signing/signing.view';
import * as signingRepo from '../signing/signing.repo';
import { ensureAdmin } from '../users/accounts.service';
import { mediatorTerms } from './availability.service';
import { isLive } from './polls.service';
import { SCHEDULABLE, seatIn } from './scheduling-access';
import * as repo from './scheduling.repo';
import { presentSession } from './scheduling.view';

// Decision 063: the Session and signing cards are each read in one statement whose SQL decides what each seat may
// read. These tests hold every reader's answer equal to the reads the statements replaced (kept below as the
// reference: one statement per table, the privacy applied in code), on a two-sided case at each step of its poll,
// sessions and term sheet, and spell out the privacy rules the SQL must keep.

type Actor = 'first' | 'second' | 'selected' | 'passedOver' | 'admin' | 'outsider';
const ACTORS: Actor[] = ['first', 'second', 'selected', 'passedOver', 'admin', 'outsider'];

/** The Session card as it was read before decision 063 (scheduling.view.ts then), answers in their attendees' order. */
async function referenceScheduling(t: TestApp, user: SessionUser, requestId: string): Promise<SchedulingDto> {
  const ctx = t.ctx;
  const { request, seat } = await seatIn(ctx, user, requestId);
  const seesAll = seat === 'mediator' || seat === 'admin';
  const mediatorId = request.selectedMediatorId;
  const terms = mediatorId ? await mediatorTerms(ctx.db, mediatorId) : null;
  const attendees = await repo.attendeesOf(ctx.db, request.id);
  const poll = await repo.currentPoll(ctx.db, request.id);
  const sessions = await repo.sessionsOf(ctx.db, request.id);
  const visibleAttendees = seesAll ? attendees : attendees.filter((a) => a.side === seat);
  const order = new Map(visibleAttendees.map((a, i) => [a.id, i]));
  const candidates = poll ? await repo.candidatesOf(ctx.db, poll.id) : [];
  const answers = poll ? await repo.answersOf(ctx.db, poll.id) : [];
  const history = await repo.eventsOf(
    ctx.db,
    sessions.map((s) => s.id),
  );
  const ids = [...new Set([...history.flatMap((e) => (e.byUserId ? [e.byUserId] : [])), ...(poll ? [poll.openedById] : [])])];
  const names = new Map(ids.length ? (await repo.usersByIds(ctx.db, ids)).map((u) => [u.id, `${u.firstName} ${u.lastName}`]) : []);
  const required = attendees.filter((a) => a.required).map((a) => a.id);
  const sideAnswered = (side: CaseSide) => {
    const given = new Set(answers.map((a) => `${a.candidateId}:${a.attendeeId}`));
    return attendees.filter((a) => a.side === side && a.required).every((a) => candidates.every((c) => given.has(`${c.id}:${a.id}`)));
  };
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
          createdAt: poll.createdAt.toISOString(),
          candidates: candidates.map((c) => ({
            id: c.id,
            startsAt: c.startsAt.toISOString(),
            endsAt: c.endsAt.toISOString(),
            answers: answers
              .filter((a) => a.candidateId === c.id && order.has(a.attendeeId))
              .sort((a, b) => order.get(a.attendeeId)! - order.get(b.attendeeId)!)
              .map((a) => ({ attendeeId: a.attendeeId, answer: a.answer })),
            everyoneRequiredCanMake: seesAll ? everyoneRequiredCanMake(c.id, required, answers) : null,
          })),
          proposedCandidateId: poll.proposedCandidateId,
          autoConfirmAt: poll.autoConfirmAt ? poll.autoConfirmAt.toISOString() : null,
          confirmedCandidateId: poll.confirmedCandidateId,
          myAnswersComplete: seat === 'first' || seat === 'second' ? sideAnswered(seat) : true,
          sidesAnswered: { first: sideAnswered('first'), second: request.opposingLawyerId ? sideAnswered('second') : null },
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

/** The signing card as it was read before decision 063 (signing.view.ts then). */
async function referenceSigning(t: TestApp, user: SessionUser, requestId: string): Promise<CaseSigning> {
  const ctx = t.ctx;
  const { request, seat } = await signingSeat(ctx, user, requestId);
  const seen = ['matched', 'in_progress', 'completed', 'cancelled'].includes(request.status);
  const envelopes = seen ? await signingRepo.envelopesOf(ctx.db, request.id) : [];
  const versions = seen ? await signingRepo.versionsOf(ctx.db, request.id) : [];
  const proposals = seen ? await signingRepo.proposalsOf(ctx.db, request.id) : [];
  const signers = await signingRepo.signersOf(
    ctx.db,
    envelopes.map((e) => e.id),
  );
  const readable = proposals.filter((p) => seat === 'mediator' || seat === p.side);
  const authorIds = [...new Set([...versions.map((v) => v.createdById), ...readable.map((p) => p.proposedById)])];
  const names = new Map((authorIds.length ? await repo.usersByIds(ctx.db, authorIds) : []).map((u) => [u.id, personName(u)]));
  const dto = (e: signingRepo.EnvelopeRow) =>
    envelopeDto(
      e,
      signers.filter((s) => s.envelopeId === e.id),
      user.id,
    );
  const agreements = envelopes.filter((e) => e.kind === 'agreement' && e.status !== 'void');
  const counsel = seat === 'first' || seat === 'second';
  const mine = agreements.flatMap((e) => signers.filter((s) => s.envelopeId === e.id && s.userId === user.id)).at(-1);
  const signed = envelopes.some((e) => e.kind === 'term_sheet' && (e.status === 'sealing' || e.status === 'sealed'));
  const open = ['matched', 'in_progress'].includes(request.status) && !signed;
  return {
    agreement: {
      required: agreements.length > 0,
      signedByMe: !counsel || !request.agreementPending || mine?.status === 'signed',
      envelopes: agreements.map(dto),
    },
    termSheet: {
      versions: versions.map((v) => ({
        number: v.number,
        status: v.status,
        content: v.content,
        note: v.note,
        createdBy: names.get(v.createdById) ?? 'Former user',
        createdAt: v.createdAt.toISOString(),
      })),
      proposals: readable.map((p) => ({
        id: p.id,
        baseVersion: p.baseVersion,
        status: p.status,
        content: p.content,
        note: p.note,
        proposedBy: names.get(p.proposedById) ?? 'Former user',
        side: p.side,
        decisionReason: p.decisionReason,
        acceptedAsVersion: p.acceptedAsVersion,
        createdAt: p.createdAt.toISOString(),
      })),
      envelopes: envelopes.filter((e) => e.kind === 'term_sheet').map(dto),
      canDraft: open && (seat === 'mediator' || (counsel && versions.length === 0)),
      canPropose: open && counsel && versions.length > 0,
    },
    outcome:
      request.status === 'completed' && request.outcome && request.outcomeDate
        ? { outcome: request.outcome, outcomeDate: request.outcomeDate, certificateUrl: `/api/requests/${request.id}/outcome-certificate` }
        : null,
  };
}

const VERSION_1: TermSheetContentInput = {
  parties: [
    { name: 'Ann Applicant', side: 'first', email: 'ann.applicant@example.com' },
    { name: 'Rob Respondent', side: 'second', email: 'rob.respondent@example.com' },
  ],
  payments: [{ amount: '25000.00', payer: 'Rob Respondent', payee: 'Ann Applicant', dueDate: '2026-04-30' }],
  releases: 'Mutual general releases of all claims arising from the lease.',
  confidentiality: 'The terms of this settlement are confidential.',
  dismissal: 'Dismissal with prejudice within 10 days of payment.',
  otherTerms: '',
};

describe.each(backends)('the case cards in one statement each on %s', (backend) => {
  let t: TestApp;
  const cookies = {} as Record<Actor, string>;
  const userIds = {} as Record<Actor, string>;
  let id: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const admin = await ensureAdmin(t.ctx, 'cards.admin@example.com', PASSWORD);
    cookies.admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'cards.admin@example.com', password: PASSWORD }));
    userIds.admin = admin.id;
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
    Object.assign(userIds, {
      first: first.user.id,
      second: second.user.id,
      selected: selected.user.id,
      passedOver: passedOver.user.id,
      outsider: outsider.user.id,
    });
    // The mediator has saved no terms yet: the card falls back to their own zone.
    expect((await call(t, 'PUT', '/api/profile/time-zone', selected.cookie, { timeZone: 'Europe/Paris' })).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const userOf = async (actor: Actor) => (await t.ctx.db.select().from(users).where(eq(users.id, userIds[actor])))[0] as SessionUser;
  const read = async (card: 'scheduling' | 'signing', actor: Actor) => call(t, 'GET', `/api/requests/${id}/${card}`, cookies[actor]);
  const scheduling = async (actor: Actor) => {
    const res = await read('scheduling', actor);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SchedulingDto;
  };

  /** Every reader's answer to both cards equals the reference's (or the same refusal). */
  async function expectEveryReaderAsBefore(step: string) {
    for (const actor of ACTORS) {
      const user = await userOf(actor);
      for (const [card, reference] of [
        ['scheduling', referenceScheduling],
        ['signing', referenceSigning],
      ] as const) {
        const res = await read(card, actor);
        const expected = await reference(t, user, id).then(
          (dto) => ({ status: 200, body: JSON.parse(JSON.stringify(dto)) as unknown }),
          (error: { statusCode: number; message: string }) => ({ status: error.statusCode, body: expect.objectContaining({ message: error.message }) }),
        );
        expect({ status: res.statusCode, body: res.json() }, `${step}: ${card} as ${actor}`).toEqual(expected);
      }
    }
  }

  it('answers every reader as the per-table reads did, at each step of a poll, a session and a term sheet', async () => {
    await expectEveryReaderAsBefore('no poll, no terms saved');

    const opened = await call(t, 'POST', `/api/requests/${id}/polls`, cookies.selected, {
      durationMinutes: 240,
      candidates: [{ startsAt: '2026-03-16T14:00:00Z' }, { startsAt: '2026-03-17T14:00:00Z' }, { startsAt: '2026-03-18T14:00:00Z' }],
      note: 'Three mornings',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    for (const [name, required] of [
      ['Fay Client', false],
      ['Gus Gone', true],
    ] as const) {
      const added = await call(t, 'POST', `/api/requests/${id}/attendees`, cookies.first, {
        name,
        email: `${name.split(' ')[0]}@example.com`,
        role: 'Client',
        required,
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    await call(t, 'POST', `/api/requests/${id}/attendees`, cookies.second, { name: 'Ina Insurer', email: 'ina@example.com', role: 'Insurer', required: true });
    await expectEveryReaderAsBefore('a poll nobody answered');

    // The first side answers all (Gus too, then Gus is removed: his answers stay in the table, read by nobody).
    const own = await scheduling('first');
    const answers = own.poll!.candidates.flatMap((c, i) => own.attendees.map((a) => ({ candidateId: c.id, attendeeId: a.id, answer: i === 0 ? 'no' : 'yes' })));
    expect((await call(t, 'PUT', `/api/requests/${id}/polls/${own.poll!.id}/answers`, cookies.first, { answers })).statusCode).toBe(200);
    const gus = own.attendees.find((a) => a.name === 'Gus Gone')!;
    expect((await call(t, 'DELETE', `/api/requests/${id}/attendees/${gus.id}`, cookies.first)).statusCode).toBe(200);
    // The second side answers one candidate of two for its counsel, none for its insurer.
    const theirs = await scheduling('second');
    const counsel = theirs.attendees.find((a) => a.isCounsel)!;
    const partial = theirs.poll!.candidates.slice(0, 2).map((c) => ({ candidateId: c.id, attendeeId: counsel.id, answer: 'if_need_be' }));
    expect((await call(t, 'PUT', `/api/requests/${id}/polls/${theirs.poll!.id}/answers`, cookies.second, { answers: partial })).statusCode).toBe(200);
    await expectEveryReaderAsBefore('the first side answered, the second in part');

    // The privacy the statement keeps, spelled out (the reference above applies it in code).
    const [first, second, mediator] = [await scheduling('first'), await scheduling('second'), await scheduling('selected')];
    const sidesOf = (view: SchedulingDto) => {
      const side = new Map(mediator.attendees.map((a) => [a.id, a.side]));
      return [...new Set(view.poll!.candidates.flatMap((c) => c.answers.map((a) => side.get(a.attendeeId))))].sort();
    };
    expect(first.attendees.map((a) => a.side)).toEqual(['first', 'first']); // Gus removed
    expect(second.attendees.map((a) => a.side)).toEqual(['second', 'second']);
    expect(sidesOf(first)).toEqual(['first']);
    expect(sidesOf(second)).toEqual(['second']);
    expect(sidesOf(mediator)).toEqual(['first', 'second']);
    expect(mediator.poll!.candidates.flatMap((c) => c.answers).some((a) => a.attendeeId === gus.id)).toBe(false);
    for (const view of [first, second]) expect(view.poll!.candidates.map((c) => c.everyoneRequiredCanMake)).toEqual([null, null, null]);
    expect(first.poll!).toMatchObject({ myAnswersComplete: true, sidesAnswered: { first: true, second: false } });
    expect(second.poll!).toMatchObject({ myAnswersComplete: false, sidesAnswered: { first: true, second: false } });

    // The second side completes; the mediator confirms; a session with its history, then a poll to move it.
    const rest = theirs.poll!.candidates.flatMap((c) => theirs.attendees.map((a) => ({ candidateId: c.id, attendeeId: a.id, answer: 'yes' })));
    expect((await call(t, 'PUT', `/api/requests/${id}/polls/${theirs.poll!.id}/answers`, cookies.second, { answers: rest })).statusCode).toBe(200);
    await expectEveryReaderAsBefore('every side answered');
    const confirmed = await call(t, 'POST', `/api/requests/${id}/polls/${theirs.poll!.id}/confirm`, cookies.selected, {
      candidateId: theirs.poll!.candidates[1].id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(
      (
        await call(t, 'PUT', '/api/availability', cookies.selected, {
          timeZone: 'America/New_York',
          weekly: DEFAULT_WEEKLY_HOURS,
          sessionMinutes: 180,
          cancellationWindowHours: 72,
          meetingLink: 'https://meet.example.com/mediator',
        })
      ).statusCode,
    ).toBe(200);
    await expectEveryReaderAsBefore('a session confirmed, the terms saved');
    const session = (await scheduling('selected')).sessions[0];
    const moving = await call(t, 'POST', `/api/requests/${id}/polls`, cookies.first, {
      durationMinutes: 180,
      candidates: [{ startsAt: '2026-03-20T14:00:00Z' }],
      sessionId: session.id,
    });
    expect(moving.statusCode, moving.body).toBe(200);
    await expectEveryReaderAsBefore('a poll moving the session');

    // The term sheet: the first side drafts, each side proposes, the mediator takes one in and sends the result.
    expect((await call(t, 'POST', `/api/requests/${id}/term-sheet/versions`, cookies.first, { content: VERSION_1, note: 'Opening' })).statusCode).toBe(201);
    for (const [actor, otherTerms] of [
      ['first', 'Costs shared.'],
      ['second', 'Each side bears its own fees.'],
    ] as const) {
      const proposed = await call(t, 'POST', `/api/requests/${id}/term-sheet/proposals`, cookies[actor], {
        baseVersion: 1,
        content: { ...VERSION_1, otherTerms },
      });
      expect(proposed.statusCode, proposed.body).toBe(201);
    }
    await expectEveryReaderAsBefore('a version and a proposal from each side');
    const signing = async (actor: Actor) => (await read('signing', actor)).json() as CaseSigning;
    const proposalSides = async (actor: Actor) => (await signing(actor)).termSheet.proposals.map((p) => p.side);
    expect(await proposalSides('first')).toEqual(['first']);
    expect(await proposalSides('second')).toEqual(['second']);
    expect(await proposalSides('selected')).toEqual(['first', 'second']);
    expect(await proposalSides('admin')).toEqual([]);

    const proposalId = (await signing('selected')).termSheet.proposals[1].id;
    expect((await call(t, 'POST', `/api/term-sheet-proposals/${proposalId}/accept`, cookies.selected)).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/requests/${id}/term-sheet/versions/2/final`, cookies.selected)).statusCode).toBe(201);
    await expectEveryReaderAsBefore('an envelope out for signature');
    expect((await signing('second')).termSheet.envelopes[0].signers.filter((s) => s.isMe).map((s) => s.side)).toEqual(['second']);
  }, 240_000);
});

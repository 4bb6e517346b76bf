import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { listenToRealtime } from '../../../../tests/helpers/realtime-events';
import { backends } from '../../../../tests/helpers/backends';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import { REQUEST_STATUSES } from '../../../common/enums';
import type { MessageDto } from '../../../common/schemas/messages';
import type { Listener } from '../../db/listen';
import { mediationRequests, messages, notifications, outbox } from '../../db/schema';
import type { SessionUser } from '../../plugins/session';
import { markThreadRead, sendByStatement, sendInTransaction, type Caller } from './messages.service';
import { findUserById } from '../users/users.repo';

// A text message in a one-sided case is sent in one statement (decision 057, option A); everything else, and every
// send that statement refuses, goes through the transaction. The two must write the same thing for the same send, and
// the statement must never let through a send the transaction would refuse.

const caller = (user: SessionUser): Caller => ({ user, impersonatorId: null });

describe.each(backends)('the one-statement send and the transaction on %s', (backend) => {
  let t: TestApp;
  let listener: Listener;
  const heard: { type: string; requestId?: string; userIds: string[] }[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    listener = await listenToRealtime(t, heard);
  });
  afterAll(async () => {
    await listener?.stop();
    await t?.close();
  });

  const sessionUser = async (id: string) => (await findUserById(t.ctx.db, id))!;
  const viaStatement = async (user: SessionUser, requestId: string, content: string) => {
    const sent = await sendByStatement(t.ctx, user, requestId, content);
    if (!sent) throw new Error('the statement refused a send the test expects it to take');
    return sent;
  };
  const viaTransaction = (user: SessionUser, requestId: string, content: string) =>
    sendInTransaction(t.ctx, caller(user), requestId, { requestId, content, attachmentUrl: null }, null);

  /** Delivers the outbox, then waits until no more events arrive (PostgreSQL delivers them asynchronously). */
  async function settle() {
    await t.ctx.outbox.kick();
    let seen = -1;
    for (let quiet = 0; quiet < 3;) {
      await new Promise((r) => setTimeout(r, 30));
      quiet = heard.length === seen ? quiet + 1 : 0;
      seen = heard.length;
    }
  }

  /** Everything a send leaves for `requestId`, with the request's and the rows' own ids replaced by stable names. */
  async function written(requestId: string, people: Record<string, string>, eventsFrom: number) {
    const name = (id: string | null) => (id === null ? null : (Object.entries(people).find(([, v]) => v === id)?.[0] ?? (id === requestId ? 'request' : id)));
    const rows = await t.ctx.db.select().from(messages).where(eq(messages.requestId, requestId)).orderBy(asc(messages.createdAt));
    const sortKey = (n: typeof notifications.$inferSelect) => `${name(n.userId)} ${n.isRead} ${n.message}`;
    const notes = (
      await t.ctx.db
        .select()
        .from(notifications)
        .where(and(inArray(notifications.userId, Object.values(people)), eq(notifications.linkUrl, `/messages/${requestId}`)))
    ).sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
    const noteIds = notes.map((n) => n.id);
    // The jobs that name one of these notifications, each note's id replaced by its place in the list.
    const named = (text: string) => noteIds.reduce((out, id, i) => out.replaceAll(id, `note ${i}`), text);
    const jobs = (await t.ctx.db.select().from(outbox).where(eq(outbox.topic, 'job')).orderBy(asc(outbox.id)))
      .map((o) => JSON.stringify(o.payload))
      .filter((payload) => noteIds.some((id) => payload.includes(id)))
      .map((payload) => JSON.parse(named(payload)) as Record<string, unknown>);
    const [head] = await t.ctx.db.select({ at: mediationRequests.lastMessageAt }).from(mediationRequests).where(eq(mediationRequests.id, requestId));
    return {
      messages: rows.map((m) => ({ ...m, id: 'id', requestId: name(m.requestId), senderId: name(m.senderId), recipientId: name(m.recipientId) })),
      notifications: notes.map((n) => ({ ...n, id: `note ${noteIds.indexOf(n.id)}`, userId: name(n.userId), linkUrl: 'thread', createdAt: 'now' })),
      jobs,
      head: head!.at,
      events: heard.slice(eventsFrom).map((e) => ({ ...e, requestId: e.requestId && name(e.requestId), userIds: e.userIds.map(name) })),
    };
  }

  type Step = { from: 'lawyer' | 'mediator'; content: string } | { read: 'lawyer' | 'mediator' } | { clockBack: number };
  const cases: { name: string; steps: Step[] }[] = [
    { name: 'the lawyer sends one message (a fresh notification and its e-mail job)', steps: [{ from: 'lawyer', content: 'Hello' }] },
    { name: 'the mediator sends one message', steps: [{ from: 'mediator', content: 'Good morning, counsel.' }] },
    {
      name: 'three in a row coalesce into one notification, one job',
      steps: [
        { from: 'lawyer', content: 'One' },
        { from: 'lawyer', content: 'Two' },
        { from: 'lawyer', content: 'Three' },
      ],
    },
    {
      name: 'a long message with runs of white space: the preview is one line, cut at 100 characters',
      steps: [{ from: 'mediator', content: `Line one\n\n   line two ${'x'.repeat(150)}` }],
    },
    {
      name: 'after the recipient read the thread, the next message starts a fresh notification',
      steps: [{ from: 'lawyer', content: 'First' }, { read: 'mediator' }, { from: 'lawyer', content: 'Second' }, { from: 'mediator', content: 'Reply' }],
    },
    {
      name: 'with the clock moved back, each message is still 1 ms after the one before',
      steps: [
        { from: 'lawyer', content: 'Now' },
        { clockBack: 60_000 },
        { from: 'mediator', content: 'Earlier by the clock' },
        { from: 'lawyer', content: 'And again' },
      ],
    },
  ];

  it.each(cases)('$name: the same rows, job and events either way', async ({ steps }) => {
    const start = t.clock.now();
    const worlds = [];
    for (const send of [viaStatement, viaTransaction]) {
      t.clock.set(start);
      const matched = await createMatchedRequest(t);
      const people = { lawyer: matched.lawyer.user.id, mediator: matched.mediator.user.id };
      const users = { lawyer: await sessionUser(people.lawyer), mediator: await sessionUser(people.mediator) };
      await settle();
      const eventsFrom = heard.length;
      const answers: MessageDto[] = [];
      for (const step of steps) {
        if ('from' in step) answers.push(await send(users[step.from], matched.id, step.content));
        else if ('read' in step) await markThreadRead(t.ctx, caller(users[step.read]), matched.id);
        else t.clock.advance(-step.clockBack);
      }
      await settle();
      const answerOf = (a: (typeof answers)[number]) => ({
        ...a,
        id: 'id',
        requestId: 'request',
        senderId: a.senderId === people.lawyer ? 'lawyer' : 'mediator',
      });
      const recipientOf = (a: (typeof answers)[number]) => (a.recipientId === people.lawyer ? 'lawyer' : 'mediator');
      worlds.push({ answers: answers.map((a) => ({ ...answerOf(a), recipientId: recipientOf(a) })), ...(await written(matched.id, people, eventsFrom)) });
    }
    t.clock.set(start);
    const [byStatement, byTransaction] = worlds;
    expect(byStatement!.messages.length).toBe(steps.filter((s) => 'from' in s).length);
    expect(byStatement!.jobs.length).toBeGreaterThan(0);
    expect(byStatement).toEqual(byTransaction);
  });

  it('message times strictly increase, the head keeping the newest, whichever way each message went', async () => {
    const matched = await createMatchedRequest(t);
    const lawyer = await sessionUser(matched.lawyer.user.id);
    const mediator = await sessionUser(matched.mediator.user.id);
    const times: number[] = [];
    for (let i = 0; i < 8; i++) {
      const send = i % 3 === 1 ? viaTransaction : viaStatement;
      times.push(Date.parse((await send(i % 2 ? mediator : lawyer, matched.id, `message ${i}`)).createdAt));
    }
    // The manual clock stands still: every message after the first is 1 ms after the one before.
    expect(times.map((time) => time - times[0]!)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const [head] = await t.ctx.db.select({ at: mediationRequests.lastMessageAt }).from(mediationRequests).where(eq(mediationRequests.id, matched.id));
    expect(head!.at!.getTime()).toBe(times.at(-1));
  });

  it('the head also follows messages written without it (seeds): the next one is later than all of them', async () => {
    const matched = await createMatchedRequest(t);
    const later = new Date(t.clock.now().getTime() + 3_600_000);
    await t.ctx.db
      .insert(messages)
      .values({ requestId: matched.id, senderId: matched.lawyer.user.id, recipientId: matched.mediator.user.id, content: 'Seeded', createdAt: later });
    const sent = await viaStatement(await sessionUser(matched.mediator.user.id), matched.id, 'After the seed');
    expect(Date.parse(sent.createdAt)).toBe(later.getTime() + 1);
  });

  describe('the statement lets through only what the transaction lets through', () => {
    async function sendsBothWays(requestId: string, viewers: Record<string, SessionUser>, worlds: Record<string, () => Promise<void>>) {
      const disagreements: string[] = [];
      let byStatementCount = 0;
      for (const [worldName, enter] of Object.entries(worlds)) {
        for (const [viewerName, viewer] of Object.entries(viewers)) {
          await enter();
          const before = await t.ctx.db
            .select({ n: sql<number>`count(*)::int` })
            .from(messages)
            .where(eq(messages.requestId, requestId));
          const byStatement = (await sendByStatement(t.ctx, viewer, requestId, 'Hello')) !== undefined;
          const after = await t.ctx.db
            .select({ n: sql<number>`count(*)::int` })
            .from(messages)
            .where(eq(messages.requestId, requestId));
          if (!byStatement && after[0]!.n !== before[0]!.n) disagreements.push(`${worldName}, ${viewerName}: refused but wrote a message`);
          await enter();
          const byTransaction = await viaTransaction(viewer, requestId, 'Hello').then(
            () => true,
            () => false,
          );
          if (byStatement && !byTransaction) disagreements.push(`${worldName}, ${viewerName}: the statement sent what the transaction refuses`);
          if (byStatement) byStatementCount++;
        }
      }
      return { disagreements, byStatementCount };
    }

    it('one-sided: for every status × selected mediator × agreement out or not × viewer', async () => {
      const matched = await createMatchedRequest(t);
      const viewers = {
        lawyer: await sessionUser(matched.lawyer.user.id),
        mediator: await sessionUser(matched.mediator.user.id),
        otherMediator: await sessionUser((await signUpMediator(t)).user.id),
        otherLawyer: await sessionUser((await signUpLawyer(t)).user.id),
      };
      const worlds: Record<string, () => Promise<void>> = {};
      const selections = { 'their mediator': viewers.mediator.id, 'another mediator': viewers.otherMediator.id, 'no mediator': null };
      for (const status of REQUEST_STATUSES) {
        for (const [selectedName, selectedMediatorId] of Object.entries(selections)) {
          for (const agreementPending of [false, true]) {
            worlds[`${status}, ${selectedName} selected, agreement ${agreementPending ? 'out' : 'not out'}`] = async () => {
              await t.ctx.db.update(mediationRequests).set({ status, selectedMediatorId, agreementPending }).where(eq(mediationRequests.id, matched.id));
            };
          }
        }
      }
      const { disagreements, byStatementCount } = await sendsBothWays(matched.id, viewers, worlds);
      expect(disagreements).toEqual([]);
      // 3 statuses that take messages × 2 selections × (the lawyer, the selected mediator), with no agreement out.
      expect(byStatementCount).toBe(3 * 2 * 2);
    });

    it('two-sided: the statement takes no send at all (the transaction resolves the channels)', async () => {
      const matched = await createMatchedRequest(t);
      const second = await inviteAndJoin(t, matched.lawyer.cookie, matched.id);
      const viewers = {
        lawyer: await sessionUser(matched.lawyer.user.id),
        second: await sessionUser(second.user.id),
        mediator: await sessionUser(matched.mediator.user.id),
      };
      const { disagreements, byStatementCount } = await sendsBothWays(matched.id, viewers, { 'two-sided, matched': async () => undefined });
      expect(disagreements).toEqual([]);
      expect(byStatementCount).toBe(0);
    });
  });
});

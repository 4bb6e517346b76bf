import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PASSWORD, signUpLawyer, signUpMediator, type Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { runDueJobs } from '../../../../tests/helpers/jobs';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import type { MessageChannel } from '../../../common/enums';
import type { MessageDto, ThreadSummary } from '../../../common/schemas/messages';
import { auditLog, notifications } from '../../db/schema';
import { ensureAdmin } from '../users/accounts.service';

// Decision 046: a two-sided case's thread is three channels. The joint one holds both counsel and the mediator; each
// side's private channel holds that side and the mediator, and is 404 to the other side and to admins (viewing as
// someone or not); an admin's read of the joint channel is audited. A one-sided case keeps the spec's one thread.

const CHANNELS: MessageChannel[] = ['joint', 'first', 'second'];
type Actor = 'first counsel' | 'second counsel' | 'mediator' | 'other mediator' | 'admin' | 'impersonating admin' | 'outsider';

/** What each actor may do in each channel: read (200 or 404) and send (201, 403 or 404). */
const TABLE: Record<Actor, Record<MessageChannel, { read: number; send: number }>> = {
  'first counsel': { joint: { read: 200, send: 201 }, first: { read: 200, send: 201 }, second: { read: 404, send: 404 } },
  'second counsel': { joint: { read: 200, send: 201 }, first: { read: 404, send: 404 }, second: { read: 200, send: 201 } },
  mediator: { joint: { read: 200, send: 201 }, first: { read: 200, send: 201 }, second: { read: 200, send: 201 } },
  'other mediator': { joint: { read: 404, send: 404 }, first: { read: 404, send: 404 }, second: { read: 404, send: 404 } },
  admin: { joint: { read: 200, send: 403 }, first: { read: 404, send: 404 }, second: { read: 404, send: 404 } },
  'impersonating admin': { joint: { read: 200, send: 403 }, first: { read: 404, send: 404 }, second: { read: 404, send: 404 } },
  outsider: { joint: { read: 404, send: 404 }, first: { read: 404, send: 404 }, second: { read: 404, send: 404 } },
};

describe.each(backends)('message channels on %s', (backend) => {
  let t: TestApp;
  let adminCount = 0;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  async function signInAdmin() {
    const email = `channels.admin.${++adminCount}.${backend}@example.com`;
    const { id } = await ensureAdmin(t.ctx, email, PASSWORD);
    const login = await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD });
    return { id, cookie: sessionCookie(login) };
  }

  /** A matched request whose lawyer wrote to the mediator before inviting the other side, who then joined. */
  async function twoSidedCase() {
    const matched = await createMatchedRequest(t);
    const early = await send(matched.lawyer.cookie, { requestId: matched.id, content: 'Before they joined' });
    expect(early.statusCode).toBe(201);
    const second = await inviteAndJoin(t, matched.lawyer.cookie, matched.id);
    return { ...matched, second, early: early.json() as MessageDto };
  }

  const send = (cookie: string | undefined, body: Record<string, unknown>) => call(t, 'POST', '/api/messages', cookie, body);
  const read = (cookie: string | undefined, id: string, query = '') => call(t, 'GET', `/api/messages/${id}${query}`, cookie);
  const page = async (cookie: string, id: string, query = '') => {
    const res = await read(cookie, id, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MessageDto[];
  };
  const threads = async (cookie: string) => {
    const res = await call(t, 'GET', '/api/messages', cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as ThreadSummary[];
  };
  const jointReads = async (requestId: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'messages.read_joint'), eq(auditLog.targetId, requestId)));

  it('reads and sends per channel × actor; admins read the joint channel only, each read audited', async () => {
    const c = await twoSidedCase();
    const admin = await signInAdmin();
    const viewer = await signInAdmin();
    expect((await call(t, 'POST', `/api/admin/impersonate/${c.lawyer.user.id}`, viewer.cookie)).statusCode).toBe(200);
    const cookies: Record<Actor, string> = {
      'first counsel': c.lawyer.cookie,
      'second counsel': c.second.cookie,
      mediator: c.mediator.cookie,
      'other mediator': (await signUpMediator(t)).cookie,
      admin: admin.cookie,
      'impersonating admin': viewer.cookie,
      outsider: (await signUpLawyer(t)).cookie,
    };

    const wrong: string[] = [];
    for (const [actor, row] of Object.entries(TABLE) as [Actor, (typeof TABLE)[Actor]][]) {
      for (const channel of CHANNELS) {
        const sent = await send(cookies[actor], { requestId: c.id, content: `${actor} in ${channel}`, channel });
        if (sent.statusCode !== row[channel].send) wrong.push(`${actor} sends in ${channel}: ${sent.statusCode}, expected ${row[channel].send}`);
        if (sent.statusCode === 201) expect((sent.json() as MessageDto).channel).toBe(channel);
        const before = (await jointReads(c.id)).length;
        const got = await read(cookies[actor], c.id, `?channel=${channel}`);
        if (got.statusCode !== row[channel].read) wrong.push(`${actor} reads ${channel}: ${got.statusCode}, expected ${row[channel].read}`);
        const audited = (await jointReads(c.id)).length - before;
        const adminRead = (actor === 'admin' || actor === 'impersonating admin') && got.statusCode === 200;
        if (audited !== (adminRead ? 1 : 0)) wrong.push(`${actor} reads ${channel}: ${audited} audit lines`);
        if (got.statusCode === 200) {
          const channels = new Set((got.json() as MessageDto[]).map((m) => m.channel));
          if ([...channels].some((ch) => ch !== channel)) wrong.push(`${actor} reads ${channel}: got ${[...channels].join(', ')}`);
        }
      }
    }
    expect(wrong).toEqual([]);

    // The audit lines name the admin, and the user an impersonating admin was viewing as.
    const lines = await jointReads(c.id);
    expect(lines.map((l) => l.actorId).sort()).toEqual([admin.id, viewer.id].sort());
    expect(lines.find((l) => l.actorId === viewer.id)?.details).toEqual({ channel: 'joint', viewingAs: c.lawyer.user.id });
    const described = await call(t, 'GET', `/api/admin/audit-log?action=messages.read_joint&targetId=${c.id}`, admin.cookie);
    expect(described.statusCode).toBe(200);
    const entry = (described.json() as { details: { viewingAs?: string }; description: { title: string; lines: { label: string; value: string }[] } }[]).find(
      (e) => e.details.viewingAs === c.lawyer.user.id,
    );
    expect(entry?.description.title).toBe('Read a joint message channel');
    expect(entry?.description.lines.find((l) => l.label === 'While viewing as')?.value).toBe('Lena Lawyer');

    // What was written before the second side joined is the first side's private channel.
    expect((await page(c.mediator.cookie, c.id, '?channel=first')).map((m) => m.id)).toContain(c.early.id);
    for (const ch of ['joint', 'second'] as const) expect((await page(c.second.cookie, c.id, `?channel=${ch}`)).map((m) => m.id)).not.toContain(c.early.id);

    // Defaults: counsel their own private channel, the mediator and admins the joint one.
    const defaults: [string, MessageChannel][] = [
      [c.lawyer.cookie, 'first'],
      [c.second.cookie, 'second'],
      [c.mediator.cookie, 'joint'],
      [admin.cookie, 'joint'],
      [viewer.cookie, 'joint'],
    ];
    for (const [cookie, channel] of defaults) expect(new Set((await page(cookie, c.id)).map((m) => m.channel))).toEqual(new Set([channel]));
    const byDefault = await send(c.second.cookie, { requestId: c.id, content: 'Default channel' });
    expect(byDefault.json()).toMatchObject({ channel: 'second', recipientId: c.mediator.user.id });
    const joint = await send(c.mediator.cookie, { requestId: c.id, content: 'To everyone' });
    expect(joint.json()).toMatchObject({ channel: 'joint', recipientId: null });

    // 404 before 400: a bad channel is 400 to those who see the thread, 404 to others; in a body too.
    const bad = await read(c.lawyer.cookie, c.id, '?channel=caucus');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Channel must be one of: joint, first, second');
    expect((await read(cookies.outsider, c.id, '?channel=caucus')).statusCode).toBe(404);
    const badBody = await send(c.lawyer.cookie, { requestId: c.id, content: 'Hi', channel: 'caucus' });
    expect([badBody.statusCode, badBody.json().fieldErrors]).toEqual([400, { channel: 'Channel must be one of: joint, first, second' }]);
    expect((await send(cookies.outsider, { requestId: c.id, content: 'Hi', channel: 'caucus' })).statusCode).toBe(404);

    // The thread list of an admin viewing as counsel shows no private channel (nor its last message).
    const [asLawyer] = (await threads(viewer.cookie)).filter((th) => th.requestId === c.id);
    expect(asLawyer?.channels?.map((ch) => ch.channel)).toEqual(['joint']);
  });

  it('counts unread and marks read per channel: the list, the dashboard and the notifications follow', async () => {
    const c = await twoSidedCase();
    for (const [cookie, content, channel] of [
      [c.mediator.cookie, 'J1', 'joint'],
      [c.lawyer.cookie, 'J2', 'joint'],
      [c.mediator.cookie, 'S1', 'second'],
    ] as const)
      expect((await send(cookie, { requestId: c.id, content, channel })).statusCode).toBe(201);

    const [mine] = (await threads(c.second.cookie)).filter((th) => th.requestId === c.id);
    expect(mine).toMatchObject({ unreadCount: 3, lastMessage: { content: 'S1' }, counterpart: { id: c.mediator.user.id, role: 'mediator' } });
    expect(mine!.channels!.map((ch) => [ch.channel, ch.unreadCount, ch.lastMessage?.content])).toEqual([
      ['joint', 2, 'J2'],
      ['second', 1, 'S1'],
    ]);
    const [firstSide] = (await threads(c.lawyer.cookie)).filter((th) => th.requestId === c.id);
    expect(firstSide!.channels!.map((ch) => [ch.channel, ch.unreadCount, ch.lastMessage?.content])).toEqual([
      ['joint', 1, 'J2'],
      ['first', 0, 'Before they joined'],
    ]);
    expect(firstSide!.lastMessage?.content).toBe('J2'); // never the second side's private S1
    const [mediators] = (await threads(c.mediator.cookie)).filter((th) => th.requestId === c.id);
    expect(mediators!.channels!.map((ch) => [ch.channel, ch.unreadCount])).toEqual([
      ['joint', 1],
      ['first', 1],
      ['second', 0],
    ]);
    const dashboard = async (cookie: string) => (await call(t, 'GET', '/api/dashboard', cookie)).json().unreadMessages as number;
    expect(await dashboard(c.second.cookie)).toBe(3);

    // Notifications point at their channel; the joint ones coalesce per channel.
    const notes = async (userId: string) =>
      (
        await t.ctx.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.type, 'new_message')))
      )
        .map((n) => [n.linkUrl, n.coalescedCount, n.isRead])
        .sort();
    expect(await notes(c.second.user.id)).toEqual([
      [`/messages/${c.id}?channel=joint`, 2, false],
      [`/messages/${c.id}?channel=second`, 1, false],
    ]);
    expect((await notes(c.lawyer.user.id)).filter(([link]) => String(link).includes('?'))).toEqual([[`/messages/${c.id}?channel=joint`, 1, false]]);

    // The joint channel's isRead is the reader's own; reading it settles only the joint channel.
    expect((await page(c.second.cookie, c.id, '?channel=joint')).map((m) => m.isRead)).toEqual([false, false]);
    expect((await page(c.lawyer.cookie, c.id, '?channel=joint')).map((m) => [m.content, m.isRead])).toEqual([
      ['J2', true],
      ['J1', false],
    ]);
    const marked = await call(t, 'POST', `/api/messages/${c.id}/read?channel=joint`, c.second.cookie);
    expect(marked.json()).toEqual({ marked: 2 });
    expect((await call(t, 'POST', `/api/messages/${c.id}/read?channel=joint`, c.second.cookie)).json()).toEqual({ marked: 0 });
    expect((await page(c.second.cookie, c.id, '?channel=joint')).map((m) => m.isRead)).toEqual([true, true]);
    expect(await dashboard(c.second.cookie)).toBe(1);
    const [after] = (await threads(c.second.cookie)).filter((th) => th.requestId === c.id);
    expect([after!.unreadCount, after!.channels!.map((ch) => ch.unreadCount)]).toEqual([1, [0, 1]]);
    expect(await notes(c.second.user.id)).toEqual([
      [`/messages/${c.id}?channel=joint`, 2, true],
      [`/messages/${c.id}?channel=second`, 1, false],
    ]);
    // The lawyer's joint read mark is theirs alone.
    expect((await page(c.lawyer.cookie, c.id, '?channel=joint')).map((m) => m.isRead)).toEqual([true, false]);

    // The default channel of a read is the caller's own: the second side's private channel.
    expect((await call(t, 'POST', `/api/messages/${c.id}/read`, c.second.cookie)).json()).toEqual({ marked: 1 });
    expect(await dashboard(c.second.cookie)).toBe(0);
    // A private channel read by the mediator marks that channel only.
    expect((await call(t, 'POST', `/api/messages/${c.id}/read?channel=second`, c.mediator.cookie)).json()).toEqual({ marked: 0 });
    expect((await call(t, 'POST', `/api/messages/${c.id}/read?channel=first`, c.mediator.cookie)).json()).toEqual({ marked: 1 });
    // The other side's private channel is 404 here too; an admin marks nothing.
    expect((await call(t, 'POST', `/api/messages/${c.id}/read?channel=first`, c.second.cookie)).statusCode).toBe(404);
    const admin = await signInAdmin();
    expect((await call(t, 'POST', `/api/messages/${c.id}/read?channel=joint`, admin.cookie)).json()).toEqual({ marked: 0 });
  });

  it('e-mails an unread joint message to each member after the wait, and a read one to nobody', async () => {
    const c = await twoSidedCase();
    const before = t.mailer.sent.length;
    expect((await send(c.mediator.cookie, { requestId: c.id, content: 'Joint agenda', channel: 'joint' })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/messages/${c.id}/read?channel=joint`, c.lawyer.cookie)).statusCode).toBe(200);
    await runDueJobs(t);
    t.clock.advance(11 * 60_000);
    await runDueJobs(t);
    // (The mediator has their own unread e-mail: the lawyer's message from before the second side joined.)
    const mails = t.mailer.sent.slice(before).filter((m) => m.subject.startsWith('Unread messages') && [c.lawyer.email, c.second.email].includes(m.to));
    expect(mails.map((m) => m.to)).toEqual([c.second.email]);
    expect(mails[0]!.text).toContain(`/messages/${c.id}?channel=joint`);
    expect(mails[0]!.text).toContain('You have 1 unread message(s)');
  });

  it('delivers new_message over /ws to the channel members only', async () => {
    const c = await twoSidedCase();
    const outsider = await signUpLawyer(t);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const heard = new Map<Account, number>();
    const sockets = await Promise.all(
      [c.lawyer, c.second, c.mediator, outsider].map(
        (who) =>
          new Promise<WebSocket>((resolve, reject) => {
            heard.set(who, 0);
            const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { cookie: who.cookie, origin: 'http://localhost:3000' } });
            socket.on('message', (data) => {
              const event = JSON.parse(String(data)) as { type: string; requestId?: string };
              if (event.type === 'new_message' && event.requestId === c.id) heard.set(who, heard.get(who)! + 1);
            });
            socket.once('open', () => resolve(socket));
            socket.once('error', reject);
          }),
      ),
    );
    try {
      expect((await send(c.mediator.cookie, { requestId: c.id, content: 'Caucus', channel: 'first' })).statusCode).toBe(201);
      expect((await send(c.mediator.cookie, { requestId: c.id, content: 'Everyone', channel: 'joint' })).statusCode).toBe(201);
      // Events arrive in commit order: once the second side heard the joint message, it would have heard the private one.
      const deadline = Date.now() + 10_000;
      while ((heard.get(c.second) === 0 || heard.get(c.lawyer)! < 2 || heard.get(c.mediator)! < 2) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect([heard.get(c.lawyer), heard.get(c.second), heard.get(c.mediator), heard.get(outsider)]).toEqual([2, 1, 2, 0]);
    } finally {
      for (const socket of sockets) socket.terminate();
    }
  });

  it("serves a message attachment to whoever reads its channel: the other side and admins never open a private channel's file", async () => {
    const c = await twoSidedCase();
    const admin = await signInAdmin();
    const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');
    const attach = async (who: Account, channel: MessageChannel) => {
      const ask = await call(t, 'POST', '/api/files/upload', who.cookie, { size: PDF.length, fileName: `${channel}.pdf`, purpose: 'attachment' });
      const { uploadURL, objectPath } = ask.json() as { uploadURL: string; objectPath: string };
      await t.app.inject({ method: 'PUT', url: uploadURL, headers: { 'content-type': 'application/pdf' }, payload: PDF });
      expect((await send(who.cookie, { requestId: c.id, content: '', attachmentUrl: objectPath, channel })).statusCode).toBe(201);
      return objectPath.split('/').pop()!;
    };
    const joint = await attach(c.second, 'joint');
    const second = await attach(c.mediator, 'second');
    const first = await attach(c.lawyer, 'first');
    const status = async (who: { cookie: string }, fileId: string) => (await call(t, 'GET', `/api/files/objects/${fileId}`, who.cookie)).statusCode;
    const table = async (fileId: string) => Promise.all([c.lawyer, c.second, c.mediator, admin].map((who) => status(who, fileId)));
    expect(await table(joint)).toEqual([200, 200, 200, 200]);
    expect(await table(second)).toEqual([404, 200, 200, 404]);
    expect(await table(first)).toEqual([200, 404, 200, 404]);
  });

  it('a one-sided case keeps the spec thread: channel first only, no channels in the list, plain links, no audit', async () => {
    const { lawyer, mediator, id } = await createMatchedRequest(t);
    const sent = await send(lawyer.cookie, { requestId: id, content: 'Hello' });
    expect(sent.json()).toMatchObject({ channel: 'first', recipientId: mediator.user.id });
    expect((await page(mediator.cookie, id, '?channel=first')).map((m) => m.content)).toEqual(['Hello']);
    for (const ch of ['joint', 'second']) {
      expect((await read(lawyer.cookie, id, `?channel=${ch}`)).statusCode).toBe(404);
      expect((await send(mediator.cookie, { requestId: id, content: 'x', channel: ch })).statusCode).toBe(404);
    }
    const [summary] = (await threads(mediator.cookie)).filter((th) => th.requestId === id);
    expect(summary).not.toHaveProperty('channels');
    expect(summary!.unreadCount).toBe(1);
    const [note] = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, mediator.user.id), eq(notifications.type, 'new_message')));
    expect(note!.linkUrl).toBe(`/messages/${id}`);
    const admin = await signInAdmin();
    expect((await page(admin.cookie, id)).map((m) => m.content)).toEqual(['Hello']);
    expect(await jointReads(id)).toEqual([]);
    // An admin viewing as the lawyer acts as the lawyer in a one-sided case, as before.
    expect((await call(t, 'POST', `/api/admin/impersonate/${lawyer.user.id}`, admin.cookie)).statusCode).toBe(200);
    expect((await page(admin.cookie, id)).map((m) => m.content)).toEqual(['Hello']);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpLawyer, signUpMediator, signUpVerified } from '../../../../tests/helpers/accounts';
import { listenToRealtime } from '../../../../tests/helpers/realtime-events';
import { backends } from '../../../../tests/helpers/backends';
import { recordedJobs, runDueJobs } from '../../../../tests/helpers/jobs';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Listener } from '../../db/listen';
import { messages, notifications } from '../../db/schema';
import { transaction } from '../../unit-of-work';
import type { NewNotification } from './notifications.repo';
import { markThreadNotificationsRead, notify } from './notifications.service';

interface Note {
  id: string;
  type: string;
  title: string;
  message: string;
  linkUrl: string | null;
  isRead: boolean;
}

const MIN = 60_000;

describe.each(backends)('notify() on %s', (backend) => {
  let t: TestApp;
  let listener: Listener;
  const heard: { type: string; userIds: string[] }[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    listener = await listenToRealtime(t, heard);
  });
  afterAll(async () => {
    await listener?.stop();
    await t?.close();
  });

  const notes = async (cookie: string) => (await call(t, 'GET', '/api/notifications?limit=100', cookie)).json() as Note[];
  const unread = async (cookie: string) => (await call(t, 'GET', '/api/notifications/unread', cookie)).json().count as number;
  const send = (items: NewNotification[]) => transaction(t.ctx, (tx) => notify(tx, items));
  const message = (userId: string, requestId: string, text: string): NewNotification => ({
    userId,
    type: 'new_message',
    title: 'New message',
    message: text,
    linkUrl: `/messages/${requestId}`,
    at: t.clock.now(),
  });
  const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);
  /** Waits until a `notification` event naming the user arrives (PostgreSQL delivers it on commit). */
  async function hearNotificationFor(userId: string, since: number): Promise<boolean> {
    for (let i = 0; i < 50; i++) {
      if (heard.slice(since).some((e) => e.type === 'notification' && e.userIds.includes(userId))) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  }

  /** A lawyer with a live request and a mediator, and some messages from the mediator to the lawyer on it. */
  async function thread(unreadMessages = 1) {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    const requestId = await createLiveRequest(t, lawyer.cookie, { caseName: 'Doe v. Roe' });
    if (unreadMessages) {
      await t.ctx.db
        .insert(messages)
        .values(Array.from({ length: unreadMessages }, (_, i) => ({ requestId, senderId: mediator.user.id, recipientId: lawyer.user.id, content: `m${i}` })));
    }
    return { lawyer, mediator, requestId };
  }

  it('coalesces new messages per thread while unread; once read, the next message makes a new notification', async () => {
    const me = await signUpVerified(t);
    const a = '11111111-1111-4111-8111-111111111111';
    const b = '22222222-2222-4222-8222-222222222222';
    await send([message(me.user.id, a, 'Max on Case A: hello')]);
    await send([message(me.user.id, a, 'Max on Case A: are you there?')]);
    await send([message(me.user.id, b, 'Max on Case B: first')]);
    let list = await notes(me.cookie);
    expect(list).toHaveLength(2);
    const onA = list.find((n) => n.linkUrl === `/messages/${a}`)!;
    expect(onA).toMatchObject({ type: 'new_message', title: '2 new messages', message: 'Max on Case A: are you there?', isRead: false });
    expect(list[0].id).toBe(list.find((n) => n.linkUrl === `/messages/${b}`)!.id); // newest first
    await send([message(me.user.id, a, 'Max on Case A: third')]);
    list = await notes(me.cookie);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ id: onA.id, title: '3 new messages', message: 'Max on Case A: third' }); // moved to the top
    expect(await unread(me.cookie)).toBe(2);

    expect((await call(t, 'PATCH', `/api/notifications/${onA.id}/read`, me.cookie)).statusCode).toBe(200);
    await send([message(me.user.id, a, 'Max on Case A: after you read')]);
    list = await notes(me.cookie);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ title: 'New message', message: 'Max on Case A: after you read', isRead: false });
    expect(list.find((n) => n.id === onA.id)).toMatchObject({ isRead: true, title: '3 new messages' });
  });

  it('reading a thread settles its new-message notification (and only that thread’s), so the next message starts afresh', async () => {
    const me = await signUpVerified(t);
    const a = '44444444-4444-4444-8444-444444444444';
    const b = '55555555-5555-4555-8555-555555555555';
    await send([message(me.user.id, a, 'on a'), message(me.user.id, b, 'on b')]);
    const since = heard.length;
    await transaction(t.ctx, (tx) => markThreadNotificationsRead(tx, me.user.id, a, 0));
    expect(await hearNotificationFor(me.user.id, since)).toBe(true);
    expect((await notes(me.cookie)).map((n) => [n.linkUrl, n.isRead]).sort()).toEqual([
      [`/messages/${a}`, true],
      [`/messages/${b}`, false],
    ]);
    await send([message(me.user.id, a, 'a again')]);
    expect((await notes(me.cookie)).filter((n) => n.linkUrl === `/messages/${a}`)).toHaveLength(2);
  });

  it('merges several messages of one call, and keeps users and threads apart', async () => {
    const me = await signUpVerified(t);
    const other = await signUpVerified(t);
    const a = '33333333-3333-4333-8333-333333333333';
    await send([message(me.user.id, a, 'one'), message(other.user.id, a, 'theirs'), message(me.user.id, a, 'two')]);
    expect(await notes(me.cookie)).toEqual([expect.objectContaining({ title: '2 new messages', message: 'two' })]);
    expect(await notes(other.cookie)).toEqual([expect.objectContaining({ title: 'New message', message: 'theirs' })]);
    // Other types are never coalesced.
    await send([
      { userId: me.user.id, type: 'review_received', title: 'r1', message: 'm', linkUrl: '/reviews' },
      { userId: me.user.id, type: 'review_received', title: 'r2', message: 'm', linkUrl: '/reviews' },
    ]);
    expect(await notes(me.cookie)).toHaveLength(3);
  });

  it('publishes a notification event for the users on commit, and none when the transaction rolls back', async () => {
    const me = await signUpVerified(t);
    const ghost = await signUpVerified(t);
    let since = heard.length;
    await send([{ userId: me.user.id, type: 'broadcast', title: 'Hello', message: 'Everyone' }]);
    expect(await hearNotificationFor(me.user.id, since)).toBe(true);

    since = heard.length;
    await expect(
      transaction(t.ctx, async (tx) => {
        await notify(tx, [{ userId: ghost.user.id, type: 'broadcast', title: 'Never', message: 'Rolled back' }]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await hearNotificationFor(ghost.user.id, since)).toBe(false);
    expect(await notes(ghost.cookie)).toEqual([]);

    // Reading tells the user's other tabs too.
    since = heard.length;
    expect((await call(t, 'PATCH', '/api/notifications/read-all', me.cookie)).statusCode).toBe(200);
    expect(await hearNotificationFor(me.user.id, since)).toBe(true);
  });

  it('e-mails the kinds that warrant one, with the case name, our link and an unsubscribe link; never when turned off', async () => {
    const { lawyer, requestId } = await thread(0);
    const before = mailsTo(lawyer.email).length;
    await send([
      { userId: lawyer.user.id, type: 'acceptance_received', title: 'A mediator accepted your request', message: 'x', linkUrl: `/requests/${requestId}` },
      { userId: lawyer.user.id, type: 'acceptance_rejected', title: 'Not e-mailed', message: 'x', linkUrl: `/requests/${requestId}` },
    ]);
    await runDueJobs(t);
    const mails = mailsTo(lawyer.email).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('A mediator accepted Doe v. Roe');
    expect(mails[0].text).toContain(`http://localhost:3000/requests/${requestId}`);
    expect(mails[0].text).toMatch(/Turn them off: http:\/\/localhost:3000\/api\/email\/unsubscribe\?token=[\w-]+\.[\w-]+/);
    // A rerun of the same job sends nothing more.
    for (const job of recordedJobs(t, 'notification.email')) job.done = false;
    await runDueJobs(t, (name) => name === 'notification.email');
    expect(mailsTo(lawyer.email).slice(before)).toHaveLength(1);

    expect((await call(t, 'PATCH', '/api/profile/email-preferences', lawyer.cookie, { acceptance_received: false })).statusCode).toBe(200);
    await send([{ userId: lawyer.user.id, type: 'acceptance_received', title: 'Again', message: 'x', linkUrl: `/requests/${requestId}` }]);
    await runDueJobs(t);
    expect(mailsTo(lawyer.email).slice(before)).toHaveLength(1);
    expect((await notes(lawyer.cookie)).filter((n) => n.type === 'acceptance_received')).toHaveLength(2); // the bell still has it
  });

  it('an admin template is used, user text in it neutralised, and the unsubscribe link added when the template leaves it out', async () => {
    const { lawyer, requestId } = await thread(0);
    const { platformSettings } = await import('../../db/schema');
    await t.ctx.db
      .update(platformSettings)
      .set({ emailTemplates: { mediation_completed: { subject: 'Done: {{caseName}}', body: 'Dear {{firstName}}, see {{link}}' } } })
      .where(eq(platformSettings.id, 1));
    const { mediationRequests } = await import('../../db/schema');
    await t.ctx.db.update(mediationRequests).set({ caseName: 'Evil.com\r\nBcc: x@y.z' }).where(eq(mediationRequests.id, requestId));
    const before = mailsTo(lawyer.email).length;
    await send([{ userId: lawyer.user.id, type: 'mediation_completed', title: 'Mediation completed', message: 'x', linkUrl: `/requests/${requestId}` }]);
    await runDueJobs(t);
    const [mail] = mailsTo(lawyer.email).slice(before);
    expect(mail.subject).toBe('Done: Evil. com Bcc: x@ y. z');
    expect(mail.text).toContain(`Dear Lena, see http://localhost:3000/requests/${requestId}`);
    expect(mail.text).toMatch(/\n--\nTurn these e-mails off: http:\/\/localhost:3000\/api\/email\/unsubscribe\?token=/);
    await t.ctx.db.update(platformSettings).set({ emailTemplates: {} }).where(eq(platformSettings.id, 1));
  });

  it('e-mails a new message only if it is still unread 10 minutes later, once per notification', async () => {
    const { lawyer, mediator, requestId } = await thread(2);
    const before = mailsTo(lawyer.email).length;
    await send([message(lawyer.user.id, requestId, 'Max on Doe v. Roe: hello')]);
    await send([message(lawyer.user.id, requestId, 'Max on Doe v. Roe: again')]);
    await runDueJobs(t);
    expect(mailsTo(lawyer.email).slice(before)).toHaveLength(0); // not yet: the user may be reading now
    const [note] = await notes(lawyer.cookie);
    expect(recordedJobs(t, 'message.email-if-unread').filter((j) => j.data.notificationId === note.id)).toHaveLength(1); // coalesced: one wait
    t.clock.advance(10 * MIN);
    await runDueJobs(t);
    const mails = mailsTo(lawyer.email).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Unread messages about Doe v. Roe');
    expect(mails[0].text).toContain('You have 2 unread message(s) about Doe v. Roe');
    expect(mails[0].text).toContain(`http://localhost:3000/messages/${requestId}`);

    // More messages into the same unread notification: no more e-mail.
    await send([message(lawyer.user.id, requestId, 'Max on Doe v. Roe: third')]);
    t.clock.advance(10 * MIN);
    await runDueJobs(t);
    expect(mailsTo(lawyer.email).slice(before)).toHaveLength(1);

    // Read in the thread (messages read, notification not clicked): a new notification after reading is not e-mailed.
    await call(t, 'PATCH', '/api/notifications/read-all', lawyer.cookie);
    await send([message(lawyer.user.id, requestId, 'Max on Doe v. Roe: fourth')]);
    await t.ctx.db.update(messages).set({ isRead: true }).where(eq(messages.recipientId, lawyer.user.id));
    t.clock.advance(10 * MIN);
    await runDueJobs(t);
    expect(mailsTo(lawyer.email).slice(before)).toHaveLength(1);

    // The mediator turned message e-mails off: nothing for them, whatever is unread.
    await t.ctx.db.insert(messages).values({ requestId, senderId: lawyer.user.id, recipientId: mediator.user.id, content: 'hi' });
    await call(t, 'PATCH', '/api/profile/email-preferences', mediator.cookie, { new_message: false });
    await send([message(mediator.user.id, requestId, 'Lena on Doe v. Roe: hi')]);
    t.clock.advance(10 * MIN);
    await runDueJobs(t);
    expect(mailsTo(mediator.email).filter((m) => m.subject.startsWith('Unread messages'))).toHaveLength(0);
  });

  it('a message notification the user opened before the wait ends is not e-mailed', async () => {
    const { lawyer, requestId } = await thread(1);
    const before = mailsTo(lawyer.email).length;
    await send([message(lawyer.user.id, requestId, 'Max on Doe v. Roe: hello')]);
    await runDueJobs(t);
    const [note] = await notes(lawyer.cookie);
    await call(t, 'PATCH', `/api/notifications/${note.id}/read`, lawyer.cookie);
    t.clock.advance(10 * MIN);
    await runDueJobs(t);
    expect(mailsTo(lawyer.email).slice(before)).toHaveLength(0);
  });

  it('a new-request fan-out: one statement of notifications, one realtime statement, one e-mail job for the lot, idempotent', async () => {
    const lawyer = await signUpLawyer(t);
    const pros = [await signUpMediator(t), await signUpMediator(t), await signUpMediator(t)];
    for (const m of pros) await setTier(t, m.user.id, 'pro');
    await call(t, 'PATCH', '/api/profile/email-preferences', pros[2].cookie, { new_request: false });
    const since = heard.length;
    const id = await createLiveRequest(t, lawyer.cookie, { caseName: 'Fan v. Out' });
    for (const m of pros) expect(await hearNotificationFor(m.user.id, since)).toBe(true);
    const fanOutJobs = recordedJobs(t, 'notification.email-fan-out').filter((j) => j.data.linkUrl === `/requests/${id}`);
    expect(fanOutJobs).toHaveLength(1);
    await runDueJobs(t);
    for (const m of pros.slice(0, 2)) {
      expect(mailsTo(m.email).filter((mail) => mail.subject === 'New matching mediation request: Fan v. Out')).toHaveLength(1);
    }
    expect(mailsTo(pros[2].email).filter((mail) => mail.subject.startsWith('New matching'))).toHaveLength(0);
    // Run again: nothing more.
    fanOutJobs[0].done = false;
    await runDueJobs(t);
    expect(mailsTo(pros[0].email).filter((mail) => mail.subject === 'New matching mediation request: Fan v. Out')).toHaveLength(1);
    // Still in the bell for everyone told.
    for (const m of pros) expect((await notes(m.cookie)).filter((n) => n.type === 'new_request' && n.linkUrl === `/requests/${id}`)).toHaveLength(1);
  });

  it('types without an e-mail are stored and announced, and sent to nobody’s inbox', async () => {
    const me = await signUpVerified(t);
    const before = mailsTo(me.email).length;
    const quiet = ['review_received', 'subscription_updated', 'acceptance_rejected', 'request_cancelled', 'mediator_reassigned', 'dispute_opened'] as const;
    const more = ['dispute_resolved', 'payment_failed', 'broadcast', 'acceptance_withdrawn'] as const;
    await send([...quiet, ...more].map((type) => ({ userId: me.user.id, type, title: type, message: 'm', linkUrl: '/notifications' })));
    await runDueJobs(t);
    expect(mailsTo(me.email).slice(before)).toHaveLength(0);
    expect((await notes(me.cookie)).map((n) => n.type).sort()).toEqual([...quiet, ...more].sort());
    const rows = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, me.user.id));
    expect(rows).toHaveLength(quiet.length + more.length);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator, signUpVerified, uniqueEmail } from '../../../../tests/helpers/accounts';
import { listenToRealtime } from '../../../../tests/helpers/realtime-events';
import { backends } from '../../../../tests/helpers/backends';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import type { Listener } from '../../db/listen';
import { users } from '../../db/schema';
import { ensureAdmin } from '../users/accounts.service';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const URL = '/api/admin/broadcast-notification';

describe.each(backends)('broadcast notifications on %s', (backend) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let listener: Listener;
  const heard: { type: string; userIds: string[] }[] = [];
  beforeAll(async () => {
    t = await createTestApp(backend);
    const email = uniqueEmail('admin');
    const { id } = await ensureAdmin(t.ctx, email, PASSWORD);
    admin = { id, cookie: sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD })) };
    listener = await listenToRealtime(t, heard);
  });
  afterAll(async () => {
    await listener?.stop();
    await t?.close();
  });

  const send = (body: unknown, cookie = admin.cookie) => call(t, 'POST', URL, cookie, body);
  /** Notification rows of one broadcast title: how many, and in how many transactions and statements they were written. */
  const written = async (title: string) =>
    rowsOf<{ n: number; transactions: number; statements: number }>(
      await t.ctx.db.execute(sql`
        SELECT count(*)::int AS n, count(DISTINCT xmin::text)::int AS transactions, count(DISTINCT cmin::text)::int AS statements
        FROM notifications WHERE title = ${title} AND type = 'broadcast'`),
    )[0];
  const activeOthers = async () =>
    rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM users WHERE email_verified AND status <> 'suspended' AND anonymized_at IS NULL AND id <> ${admin.id}`,
      ),
    )[0].n;

  it('reaches every active user — 200 of them in one statement — with live unread counts, audited', async () => {
    const tag = Date.now().toString(36);
    await t.ctx.db.insert(users).values(
      Array.from({ length: 200 }, (_, i) => ({
        email: `crowd.${tag}.${i}@example.com`,
        password: 'x',
        firstName: 'Crowd',
        lastName: `Member ${i}`,
        role: i % 2 ? ('lawyer' as const) : ('mediator' as const),
        emailVerified: true,
        status: 'approved' as const,
      })),
    );
    const suspended = await signUpLawyer(t);
    expect((await call(t, 'PATCH', `/api/admin/users/${suspended.user.id}/status`, admin.cookie, { status: 'suspended' })).statusCode).toBe(200);
    const unverified = await call(t, 'POST', '/api/register', undefined, { email: uniqueEmail(), password: PASSWORD, firstName: 'Not', lastName: 'Yet' });
    const reader = await signUpMediator(t);
    const expected = await activeOthers();
    expect(expected).toBeGreaterThanOrEqual(201);

    const since = heard.length;
    const res = await send({ notification: { title: 'Maintenance tonight', message: 'We will be down from 2 to 3 AM.', linkUrl: '/help' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: expected });
    expect(await written('Maintenance tonight')).toEqual({ n: expected, transactions: 1, statements: 1 });
    const notified = rowsOf<{ user_id: string }>(await t.ctx.db.execute(sql`SELECT user_id FROM notifications WHERE title = 'Maintenance tonight'`)).map(
      (r) => r.user_id,
    );
    expect(notified).not.toContain(suspended.user.id);
    expect(notified).not.toContain(unverified.json().id);
    expect(notified).not.toContain(admin.id);

    const notes = (await call(t, 'GET', '/api/notifications', reader.cookie)).json();
    expect(notes[0]).toMatchObject({
      type: 'broadcast',
      title: 'Maintenance tonight',
      message: 'We will be down from 2 to 3 AM.',
      linkUrl: '/help',
      isRead: false,
    });
    // Every recipient's open tabs hear of it (100 ids per event).
    for (let i = 0; i < 100 && !heard.slice(since).some((e) => e.type === 'notification' && e.userIds.includes(reader.user.id)); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const told = new Set(heard.slice(since).flatMap((e) => (e.type === 'notification' ? e.userIds : [])));
    expect(told.size).toBe(expected);
    const audit = rowsOf<{ actor_id: string; details: Record<string, unknown> }>(
      await t.ctx.db.execute(sql`SELECT actor_id, details FROM audit_log WHERE action = 'notification.broadcast'`),
    );
    expect(audit).toEqual([{ actor_id: admin.id, details: expect.objectContaining({ title: 'Maintenance tonight', sent: expected }) }]);
  });

  it('with userIds, only those users; an unknown id is a 400 that sends nothing', async () => {
    const [a, b, c] = [await signUpVerified(t), await signUpVerified(t), await signUpVerified(t)];
    const res = await send({ notification: { type: 'broadcast', title: 'Just you two', message: 'Hello' }, userIds: [a.user.id, b.user.id] });
    expect(res.json()).toEqual({ sent: 2 });
    const who = rowsOf<{ user_id: string }>(await t.ctx.db.execute(sql`SELECT user_id FROM notifications WHERE title = 'Just you two'`)).map((r) => r.user_id);
    expect(who.sort()).toEqual([a.user.id, b.user.id].sort());
    expect(who).not.toContain(c.user.id);

    const unknown = await send({ notification: { title: 'Nobody', message: 'Hello' }, userIds: [a.user.id, '00000000-0000-4000-8000-000000000000'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Some of these users do not exist', fieldErrors: { userIds: expect.stringContaining('00000000-') } });
    expect((await written('Nobody')).n).toBe(0);
  });

  it.each([
    [{ notification: { message: 'Hello' } }, 'notification.title', 'Title is required'],
    [{ notification: { title: '   ', message: 'Hello' } }, 'notification.title', 'Title is required'],
    [{ notification: { title: 'x'.repeat(121), message: 'Hello' } }, 'notification.title', 'Title must be at most 120 characters'],
    [{ notification: { title: 'Hi' } }, 'notification.message', 'Message is required'],
    [{ notification: { title: 'Hi', message: 'x'.repeat(1001) } }, 'notification.message', 'Message must be at most 1000 characters'],
    [{ notification: { type: 'payment_processed', title: 'Hi', message: 'Hello' } }, 'notification.type', 'A broadcast notification has the type broadcast'],
    [
      { notification: { title: 'Hi', message: 'Hello', linkUrl: 'https://evil.example' } },
      'notification.linkUrl',
      'The link must be a path on this site, starting with /',
    ],
    [{ notification: { title: 'Hi', message: 'Hello' }, userIds: [] }, 'userIds', 'Choose at least one user, or leave userIds out to reach everyone'],
    [{ notification: { title: 'Hi', message: 'Hello' }, userIds: ['me'] }, 'userIds.0', 'userIds must be a list of user ids'],
    [{ title: 'Hi', message: 'Hello' }, 'notification', 'notification must be an object with a title and a message'],
  ])('refuses %j with a field error and sends nothing', async (body, field, message) => {
    const before = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM notifications`))[0].n;
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors?.[field]).toBe(message);
    expect(rowsOf<{ n: number }>(await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM notifications`))[0].n).toBe(before);
  });

  it('admins only: 401 signed out, 403 for a lawyer, before the body is read', async () => {
    expect((await send({})).statusCode).toBe(400);
    expect((await call(t, 'POST', URL, undefined, { notification: { title: 'x', message: 'y' } })).statusCode).toBe(401);
    const lawyer = await signUpLawyer(t);
    expect((await send({}, lawyer.cookie)).statusCode).toBe(403);
  });
});
